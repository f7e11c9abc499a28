package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// allocPass is register allocation: it walks the virtual program, gives every constraint
// step its register or operand (alloc.go: loads, copies, spills and evictions as needed),
// emits the instructions over them, and records where every value lives. Stack slots
// leave it as numbered placeholders (slotOperand): their addresses are the spill pass's.
func (g *gen) allocPass() {
	g.rewind()
	j := 0
	for i := range g.sel {
		for ; j < len(g.fix) && g.fixAt[j] == int32(i); j++ {
			g.allocStep(&g.fix[j], i)
		}
		g.allocStep(&g.sel[i], i)
	}
}

// allocStep carries out step s (step i of select's program, or a step inserted before it).
func (g *gen) allocStep(s *step, i int) {
	tmp := &g.tmp
	switch s.kind {
	case beginStep:
		g.now, g.lock = s.at, 0
	case useStep:
		tmp[s.t] = g.operand(s.argA(), s.allow)
	case tieStep:
		tmp[s.t] = x86.R(g.dstOf(s.argA()))
	case freshStep:
		tmp[s.t] = x86.R(g.fresh(s.argA(), s.argB()))
	case liveStep:
		tmp[s.t] = tmp[s.t-1]
		if g.live(s.a) {
			tmp[s.t] = x86.R(g.fresh())
		}
	case regOrTieStep:
		tmp[s.t], tmp[s.t+1] = g.regOrTie(s.argA(), s.allow == 1)
	case rdxStep:
		tmp[0], tmp[1] = g.mulxOperands(s)
		// The operands are read: registers of dying ones may take the results, the memory
		// operand's pointer stays.
		g.now, g.lock = g.now|1, 0
		if o := tmp[1]; o.Kind == x86.KindMem && o.Base != x86.RSP {
			g.lockReg(o.Base)
		}
	case swapStep:
		g.swapOperands(i)
	case instStep:
		g.emitStep(s)
		if s.nres == 2 {
			g.bindTemp(s.b, s.args[1].t)
		}
		if s.nres > 0 {
			g.bindTemp(s.a, s.args[0].t)
		}
	case bindStep:
		g.bindTemp(s.a, s.t)
	case protectStep:
		if !g.arg1Dirty {
			g.protectArg1()
		}
	case saveStep:
		g.copyFlag(s)
	case zeroStep:
		g.zeroFlags()
	}
	g.af.apply(s)
}

// bindTemp records that value v lives in temporary t's register (locked for the operation).
func (g *gen) bindTemp(v int32, t int8) {
	g.bind(v, g.tmp[t].Reg)
	g.lockReg(g.tmp[t].Reg)
}

// emitStep emits an instruction step over the operation's temporaries.
func (g *gen) emitStep(s *step) {
	tmp := &g.tmp
	var args [3]x86.Operand
	for k, a := range s.args[:s.nargs] {
		switch a.kind {
		case argT:
			args[k] = tmp[a.t]
		case argImm:
			args[k] = x86.I(int64(a.v))
		case argAddr:
			args[k] = x86.M(tmp[a.t].Reg, a.v)
			if a.idx >= 0 {
				args[k] = x86.MI(tmp[a.t].Reg, tmp[a.idx].Reg, a.scale, a.v)
			}
		}
	}
	g.emitCond(s.op, s.cond, g.p.texts[s.cmt], args[:s.nargs]...)
}

// regOrTie is x's register and a new one (a dying x's if fresh), when x is in a register,
// otherwise one register loaded with x for both.
func (g *gen) regOrTie(a ir.Arg, fresh bool) (x86.Operand, x86.Operand) {
	if g.reg[a.Val] == x86.NoReg { // a is a value: a constant operand is an immediate
		r := x86.R(g.dstOf(a))
		return r, r
	}
	x := g.operand(a, opReg)
	if fresh {
		return x, x86.R(g.fresh(a))
	}
	return x, x86.R(g.fresh())
}

// mulxOperands puts one operand of the mulx in rdx (one already there wins, else the
// genome's) and returns rdx and the other as a register or memory source.
func (g *gen) mulxOperands(s *step) (x86.Operand, x86.Operand) {
	x, y := s.argA(), s.argB()
	pick := g.decide(s.d)
	switch {
	case g.inRDX(x):
		pick = 0
	case g.inRDX(y):
		pick = 1
	}
	g.override(s.d, pick)
	if pick == 1 {
		x, y = y, x
	}
	g.intoRDX(x)
	return x86.R(x86.RDX), g.operand(y, opReg|opMem)
}

// swapOperands exchanges the commuting operands of swap step i in the operand constraints
// up to the operation's instruction when only the second dies in a register: the first is
// the one overwritten.
func (g *gen) swapOperands(i int) {
	a, b := g.sel[i].a, g.sel[i].b
	if g.diesInReg(ir.V(ir.Value(a))) || !g.diesInReg(ir.V(ir.Value(b))) {
		return
	}
	for j := i + 1; j < len(g.sel) && g.sel[j].kind != instStep; j++ {
		if s := &g.sel[j]; s.kind == useStep || s.kind == tieStep || s.kind == freshStep {
			s.a, s.b = swapped(s.a, a, b), swapped(s.b, a, b)
		}
	}
}

func swapped(x, a, b int32) int32 {
	switch x {
	case a:
		return b
	case b:
		return a
	}
	return x
}

func (g *gen) inRDX(a ir.Arg) bool {
	c := g.regs[x86.RDX]
	v, _ := g.p.valueOf(a)
	return (c.kind == holdsValue && c.v == v) || (a.IsConst && c.kind == holdsConst && c.k == a.Imm)
}

// intoRDX puts a (a value, or a constant an instruction uses: it has a pseudo-value) into
// rdx, moving rdx's current content away.
func (g *gen) intoRDX(a ir.Arg) {
	g.lockReg(x86.RDX)
	if g.inRDX(a) {
		return
	}
	g.moveOut(x86.RDX)
	v, _ := g.p.valueOf(a)
	g.loadTo(v, x86.RDX) // from another register a copy: v moves to rdx
	g.bind(v, x86.RDX)
}

// copyFlag gives the value of a save step's flag a register copy unless it has another
// home. A preserve (allow 1) keeps the flag and locks the copy; otherwise the flag is
// about to be overwritten.
func (g *gen) copyFlag(s *step) {
	v := s.a
	if g.homeless(v) {
		r := g.allocReg()
		g.setFlag(s.cond, r, g.p.text(textSave, v))
		g.bind(v, r)
	}
	switch {
	case s.allow == 1:
		if r := g.reg[v]; r != x86.NoReg {
			g.lockReg(r)
		}
	case s.cond == x86.CondC:
		g.af.cf = garbage
	default:
		g.af.of = garbage
	}
}

// zeroFlags zeroes CF and OF: xor of a free register (which then holds 0), or test.
func (g *gen) zeroFlags() {
	for _, r := range allocOrder {
		if g.takable(r) && g.free(r) && !isCalleeSaved(r) {
			g.unbindReg(r)
			g.emit(x86.XOR, "", x86.R(r), x86.R(r))
			g.regs[r] = content{kind: holdsConst, k: 0}
			if id, ok := g.p.valueOf(ir.C(0)); ok && g.reg[id] == x86.NoReg {
				g.bind(id, r)
			}
			return
		}
	}
	g.emit(x86.TEST, "", x86.R(x86.RAX), x86.R(x86.RAX))
}

// protectArg1 runs before the first store when out1 may equal arg1: arg1 limbs to be
// stored are taken into registers (spilled if evicted), since memory stops holding them.
func (g *gen) protectArg1() {
	g.arg1Dirty = true
	arg1 := int32(len(g.f.Values) + 1)
	for _, a := range g.p.stores {
		if a.IsConst || g.p.param[a.Val].ptr != arg1 {
			continue
		}
		if v := int32(a.Val); g.homeless(v) {
			g.lock &^= 1 << g.ensureReg(v)
		}
	}
}
