package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selectPass walks the schedule and emits the virtual program (vcode.go): for each IR
// operation the instructions the genome's decisions ask for (or the override when they
// would be wrong or clearly worse), then the stores of the output limbs whose time has
// come. It knows what CF and OF hold, since its own instructions put it there; where the
// values live in registers is the allocator's business.
func (g *gen) selectPass() error {
	g.sel, g.sf = g.sel[:0], flagFile{}
	for i, j := range g.order {
		g.begin(int32(2 * i))
		g.cmt = g.p.opText + int32(j)
		g.selectInstr(&g.f.Body[j], g.p.decBase[j])
		g.now = int32(2*i + 1)
		g.flushStores(false)
	}
	g.flushStores(true)
	return nil
}

// begin starts a group of steps at time t (an operation, or a round of stores).
func (g *gen) begin(t int32) {
	g.now, g.tn = t, 0
	g.put(step{kind: beginStep})
}

// flushStores stores every output limb whose time has come (all of them at the end), as
// a group of its own.
func (g *gen) flushStores(all bool) {
	first := true
	for k, s := range g.p.stores {
		if g.stored[k] || (!all && g.storeTime[k] > g.now) {
			continue
		}
		if first {
			g.begin(g.now)
			first = false
		}
		g.tn = 0 // a store's temporaries are its own
		if g.opts.Aliasing == ir.AliasOut1Arg1 {
			g.put(step{kind: protectStep})
		}
		ptr := g.vreg(ir.V(ir.Value(len(g.f.Values))))
		src := g.vsrc(s.arg, opReg|opImm)
		g.put(step{kind: instStep, op: x86.MOV, cmt: g.p.storeText + int32(k), cf: keep, of: keep,
			nargs: 2, args: [3]varg{addrArg(ptr, -1, 0, 8*s.limb), src}})
		g.stored[k] = true
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
		r := g.vtie(in.Args[0])
		g.main(x86.NOT, keep, keep, regArg(r))
		g.result(in.Results[0], r)
	case ir.OpShr, ir.OpShl:
		g.selShift(in, d)
	case ir.OpShrd:
		g.selShrd(in, d)
	case ir.OpCast:
		g.selCast(in)
	case ir.OpLNot:
		r := g.vtie(in.Args[0])
		g.main(x86.XOR, garbage, garbage, regArg(r), immArg(1))
		g.result(in.Results[0], r)
	default:
		fail("operation %s is not in machine form", in.Op)
	}
}

// selMulx: one operand goes to rdx (the genome's, unless the other is there already:
// the allocator decides), the other is a register or memory source; hi and lo may reuse
// the registers of dying operands.
func (g *gen) selMulx(in *ir.Instr, d int32) {
	g.tn = 2
	s := mk(rdxStep, in.Args[0], in.Args[1])
	s.d = d
	g.put(s)
	g.put(step{kind: readStep})
	lo, hi := in.Results[0], in.Results[1]
	rh := g.temp(newStep, ir.Arg{}, ir.Arg{}, 0)
	rl := g.temp(liveStep, ir.V(lo), ir.Arg{}, 0)
	g.main(x86.MULX, keep, keep, regArg(rh), regArg(rl), regArg(1))
	g.result(lo, rl)
	g.result(hi, rh) // when lo is dead, rl == rh: mulx r, r, src leaves the high half
}
