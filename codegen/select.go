package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selectWalk is the select pass: it walks the schedule, selecting the instructions of
// each IR operation (with the flag planner and the register allocator deciding as it
// goes) and storing every output limb when its time comes.
func (g *gen) selectWalk() error {
	for i, j := range g.order {
		g.now = int32(2 * i)
		g.lock = 0
		in := &g.f.Body[j]
		g.cmt = g.p.comments[j]
		g.selectInstr(in, g.p.decBase[j])
		g.now = int32(2*i + 1)
		g.lock = 0
		g.flushStores(false)
	}
	g.now = int32(2*len(g.order) - 1)
	g.lock = 0
	g.flushStores(true)
	return nil
}

// flushStores writes every output limb whose time has come (all of them at the end).
func (g *gen) flushStores(all bool) {
	for k, s := range g.p.stores {
		if g.stored[k] || (!all && g.storeTime[k] > g.now) {
			continue
		}
		if g.opts.Aliasing == ir.AliasOut1Arg1 && !g.arg1Dirty {
			g.protectArg1()
		}
		ptr := g.ensureReg(int32(len(g.f.Values)))
		g.lockReg(ptr)
		dst := x86.M(ptr, 8*s.limb)
		var src x86.Operand
		if s.arg.IsConst && fitsImm32(int64(s.arg.Imm)) {
			src = x86.I(int64(s.arg.Imm))
		} else {
			src = g.operand(s.arg, opReg)
		}
		g.emit(x86.MOV, g.p.storeNote[k], dst, src)
		g.stored[k] = true
	}
}

// protectArg1 runs before the first store when out1 may equal arg1: arg1 limbs still to
// be stored are taken into registers (spilled if evicted), since memory stops holding them.
func (g *gen) protectArg1() {
	g.arg1Dirty = true
	arg1 := int32(len(g.f.Values) + 1)
	for k, s := range g.p.stores {
		if g.stored[k] || s.arg.IsConst || g.p.param[s.arg.Val].ptr != arg1 {
			continue
		}
		v := int32(s.arg.Val)
		if g.reg[v] == x86.NoReg && g.slot[v] < 0 && g.xmm[v] == x86.NoReg {
			r := g.ensureReg(v)
			g.lock &^= 1 << r
		}
	}
}

// selectInstr emits the x86 code of one IR instruction; d is its first decision (-1: none).
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
		r := g.dstOf(in.Args[0])
		g.main(x86.NOT, x86.R(r))
		g.result(in.Results[0], r)
	case ir.OpShr, ir.OpShl:
		g.selShift(in, d)
	case ir.OpShrd:
		g.selShrd(in, d)
	case ir.OpCast:
		g.selCast(in)
	case ir.OpLNot:
		r := g.dstOf(in.Args[0])
		g.clobber(true, true)
		g.main(x86.XOR, x86.R(r), x86.I(1))
		g.result(in.Results[0], r)
	default:
		fail("operation %s is not in machine form", in.Op)
	}
}

func (g *gen) inRDX(a ir.Arg) bool {
	c := g.regs[x86.RDX]
	if a.IsConst {
		id, ok := g.p.constID[a.Imm]
		return (c.kind == holdsConst && c.k == a.Imm) || (ok && c.kind == holdsValue && c.v == id)
	}
	return c.kind == holdsValue && c.v == int32(a.Val)
}

// selMulx: one operand goes to rdx (an operand already there wins), the other is a
// register or memory source; hi and lo may reuse the registers of dying operands.
func (g *gen) selMulx(in *ir.Instr, d int32) {
	pick := g.decide(d)
	switch {
	case g.inRDX(in.Args[0]):
		pick = 0
	case g.inRDX(in.Args[1]):
		pick = 1
	}
	g.override(d, pick)
	x, y := in.Args[pick], in.Args[1-pick]
	g.intoRDX(x)
	src := g.operand(y, opReg|opMem)
	g.now |= 1 // operands are read: registers of dying operands may take the results
	g.lock = 0
	g.lockOperandBaseIfLive(src)
	lo, hi := in.Results[0], in.Results[1]
	rh := g.allocReg()
	g.lockReg(rh)
	rl := rh
	if g.live(int32(lo)) {
		rl = g.allocReg()
	}
	g.main(x86.MULX, x86.R(rh), x86.R(rl), src)
	g.result(lo, rl)
	g.result(hi, rh) // when lo is dead, rl == rh: mulx r, r, src leaves the high half
	g.now &^= 1
}

// lockOperandBaseIfLive keeps a memory operand's pointer (rsp aside) out of reach.
func (g *gen) lockOperandBaseIfLive(o x86.Operand) {
	if o.Kind == x86.KindMem && o.Base != x86.RSP {
		g.lockReg(o.Base)
	}
}

// intoRDX puts a (value or constant) into rdx, moving rdx's current content away.
func (g *gen) intoRDX(a ir.Arg) {
	g.lockReg(x86.RDX)
	if g.inRDX(a) {
		return
	}
	g.moveOut(x86.RDX)
	v, ok := g.p.constID[a.Imm]
	if a.IsConst && !ok {
		g.emit(x86.MOV, "", x86.R(x86.RDX), x86.I(int64(a.Imm)))
		g.regs[x86.RDX] = content{kind: holdsConst, k: a.Imm}
		return
	}
	if !a.IsConst {
		v = int32(a.Val)
	}
	if old := g.reg[v]; old != x86.NoReg {
		g.emit(x86.MOV, "", x86.R(x86.RDX), x86.R(old))
		g.bind(v, x86.RDX)
		return
	}
	g.loadTo(v, x86.RDX)
}
