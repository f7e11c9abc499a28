package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selectPass walks the schedule and emits the virtual program (vcode.go): per IR operation
// the instructions the genome's decisions ask for (or the override when they would be
// wrong or clearly worse), then the stores whose time has come. It knows what CF and OF
// hold (its own instructions put it there); where values live is the allocator's business.
func (g *gen) selectPass() {
	g.sel, g.sf = g.sel[:0], flagFile{}
	for i, j := range g.order {
		g.begin(int32(2 * i))
		g.cmt = g.p.textAt[textOp] + int32(j)
		g.selectInstr(&g.f.Body[j], g.p.decBase[j])
		g.now = int32(2*i + 1)
		g.flushStores(false)
	}
	g.flushStores(true)
}

// begin starts a group of steps at time t (an operation, or a round of stores).
func (g *gen) begin(t int32) {
	g.now, g.tn = t, 0
	g.put(step{kind: beginStep})
}

// flushStores stores, as a group of its own, every output limb whose time is now (with
// all, those still to come: a function of no operations stores at the end). Stores happen
// at odd times and every odd time is flushed, so none is missed.
func (g *gen) flushStores(all bool) {
	began := false
	for k, a := range g.p.stores {
		if t := g.storeTime[k]; all && t <= g.now || !all && t != g.now {
			continue
		}
		if !began {
			g.begin(g.now)
			began = true
		}
		g.tn = 0 // a store's temporaries are its own
		if g.opts.Aliasing == ir.AliasOut1Arg1 {
			g.put(step{kind: protectStep})
		}
		ptr := g.vreg(ir.V(ir.Value(len(g.f.Values))))
		g.inst(x86.MOV, keep, keep, g.p.textAt[textStore]+int32(k), addrArg(ptr, -1, 0, int32(8*k)), g.vsrc(a, opReg|opImm))
	}
}

// selectInstr emits the steps of one IR instruction; d is its first decision (-1: none).
func (g *gen) selectInstr(in *ir.Instr, d int32) {
	switch in.Op {
	case ir.OpMulx:
		g.selMulx(in, d)
	case ir.OpAddCarryx:
		g.selAddCarry(in, d)
	case ir.OpSubBorrowx:
		g.selSubBorrow(in)
	case ir.OpCmovznz:
		g.selCmov(in, d)
	case ir.OpAdd, ir.OpSub:
		g.selAddSub(in, d)
	case ir.OpMul:
		g.selMul(in, d)
	case ir.OpAnd, ir.OpOr:
		g.selLogic(in, d)
	case ir.OpNot:
		g.main(in.Results[0], x86.NOT, keep, keep, regArg(g.vtie(in.Args[0])))
	case ir.OpShr, ir.OpShl:
		g.selShift(in, d)
	case ir.OpShrd:
		g.selShrd(in, d)
	case ir.OpCast:
		g.selCast(in, d)
	case ir.OpLNot:
		g.twoAddr(in, x86.XOR, in.Args[0], immArg(1))
	default:
		fail("operation %s is not in machine form", in.Op)
	}
}

// selMulx: one operand goes to rdx (the genome's, unless the other is there already:
// the allocator decides), the other is a register or memory source; hi and lo may reuse
// the registers of dying operands.
func (g *gen) selMulx(in *ir.Instr, d int32) {
	g.tn = 2
	g.put(mk(rdxStep, in.Args[0], in.Args[1])).d = d
	lo, hi := in.Results[0], in.Results[1]
	rh := g.vnew()
	rl := g.temp(liveStep, ir.V(lo), none, 0)
	// lo is bound first: when it is dead, rl == rh (mulx r, r, src leaves the high half).
	m := g.main(hi, x86.MULX, keep, keep, regArg(rh), regArg(rl), regArg(1))
	m.b, m.nres = int32(lo), 2
}
