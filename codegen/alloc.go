package codegen

import (
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// allocOrder is the preference order of registers: caller-saved first (no push/pop), the
// pointer registers once their pointers die, rdx late (mulx wants it), callee-saved last.
var allocOrder = [...]x86.Reg{x86.RAX, x86.RCX, x86.R8, x86.R9, x86.R10, x86.R11, x86.RSI,
	x86.RDI, x86.RDX, x86.RBX, x86.RBP, x86.R12, x86.R13, x86.R14, x86.R15}

func isCalleeSaved(r x86.Reg) bool { return r == x86.RBX || r == x86.RBP || r >= x86.R12 }

// free reports whether r may be taken without saving anything.
func (g *gen) free(r x86.Reg) bool {
	c := g.regs[r]
	return c.kind == holdsNothing || (c.kind == holdsValue && !g.live(c.v))
}

// takable reports whether r may be handed out by the allocator now.
func (g *gen) takable(r x86.Reg) bool { return g.allowed&(1<<r) != 0 && g.lock&(1<<r) == 0 }

// allocReg returns an empty register: a free one first, then one holding a constant, then
// the one whose value is needed furthest in the future (spilled if it has no other home).
func (g *gen) allocReg() x86.Reg {
	r := g.pickReg()
	g.evict(r)
	g.callee |= 1 << r
	return r
}

func (g *gen) pickReg() x86.Reg {
	free, konst := x86.NoReg, x86.NoReg
	for _, r := range allocOrder {
		switch {
		case !g.takable(r):
		case g.free(r):
			// A callee-saved register already pushed is as cheap as a caller-saved one
			// and, unlike rdx, is not in the way of the next mulx.
			if r != x86.RDX && (!isCalleeSaved(r) || g.callee&(1<<r) != 0) {
				return r
			}
			if free == x86.NoReg {
				free = r
			}
		case g.regs[r].kind == holdsConst && konst == x86.NoReg:
			konst = r
		}
	}
	switch {
	case free != x86.NoReg:
		return free
	case konst != x86.NoReg:
		return konst
	}
	best, bestT := x86.NoReg, int32(-1)
	for _, r := range allocOrder {
		if !g.takable(r) || g.regs[r].kind != holdsValue {
			continue
		}
		// Evicting a value with another home costs one reload, a value without one a
		// store too: clean values count as needed twice as far away.
		t := g.nextNeed(g.regs[r].v)
		if t != never && g.clean(g.regs[r].v) {
			t = g.now + 2*(t-g.now)
		}
		if t > bestT {
			best, bestT = r, t
		}
	}
	if best == x86.NoReg {
		fail("out of registers (locked %016b)", g.lock)
	}
	return best
}

// clean reports whether v has a home other than its register.
func (g *gen) clean(v int32) bool {
	return g.isConst(v) || g.inParamMemory(v) || g.slot[v] >= 0 || g.xmm[v] != x86.NoReg || g.af.holds(v)
}

// homeless reports whether v lives in no register, stack slot or xmm register.
func (g *gen) homeless(v int32) bool {
	return g.reg[v] == x86.NoReg && g.slot[v] < 0 && g.xmm[v] == x86.NoReg
}

// diesInReg reports whether a is a value in a register that the current instruction
// reads for the last time (the instruction may overwrite it).
func (g *gen) diesInReg(a ir.Arg) bool { return !a.IsConst && g.reg[a.Val] != x86.NoReg && g.dies(a) }

// isConst reports whether v is a constant pseudo-value (rematerialized, never spilled).
func (g *gen) isConst(v int32) bool { return int(v) >= len(g.f.Values)+numPtrs }

// inParamMemory reports whether v is a parameter limb whose memory still holds it.
func (g *gen) inParamMemory(v int32) bool {
	ptr := g.p.param[v].ptr
	return ptr >= 0 && !(g.arg1Dirty && int(ptr) == len(g.f.Values)+1)
}

// evict empties r, spilling a live value that has no other home.
func (g *gen) evict(r x86.Reg) {
	c := g.regs[r]
	if c.kind == holdsValue && g.live(c.v) && !g.clean(c.v) {
		g.spill(c.v, r)
	}
	g.unbindReg(r)
}

// moveOut empties r, preferring a move to a free register over a spill (a value with
// another home is just dropped: it is reloaded when needed).
func (g *gen) moveOut(r x86.Reg) {
	if c := g.regs[r]; c.kind == holdsValue && g.live(c.v) && !g.clean(c.v) {
		for _, to := range allocOrder {
			if to != r && g.takable(to) && g.free(to) {
				g.callee |= 1 << to
				g.unbindReg(to)
				g.emit(x86.MOV, "", x86.R(to), x86.R(r))
				g.bind(c.v, to)
				return
			}
		}
	}
	g.evict(r)
}

// spill gives v (held in r) a home in an xmm register or a stack slot.
func (g *gen) spill(v int32, r x86.Reg) {
	if g.dec[decSpill] == spillXMM {
		if i := slices.IndexFunc(g.xmms[:], func(w int32) bool { return w < 0 || !g.live(w) }); i >= 0 {
			if w := g.xmms[i]; w >= 0 {
				g.xmm[w] = x86.NoReg
			}
			g.xmms[i], g.xmm[v] = v, x86.XMM0+x86.Reg(i)
			g.emit(x86.MOVQ, g.p.text(textSpill, v), x86.R(g.xmm[v]), x86.R(r))
			return
		}
	}
	// A slot read by the current instruction stays, even if its value dies here.
	s := slices.IndexFunc(g.slots, func(w int32) bool { return !g.live(w) && !g.usedNow(w) })
	if s < 0 {
		s, g.slots = len(g.slots), append(g.slots, v)
	} else {
		g.slot[g.slots[s]] = -1
	}
	g.slots[s], g.slot[v] = v, int32(s)
	g.emit(x86.MOV, g.p.text(textSpill, v), slotOperand(s), x86.R(r))
}

// slotOperand is a placeholder for stack slot s; the spill pass sets the displacement.
func slotOperand(s int) x86.Operand { return x86.M(x86.RSP, int32(s)) }

// loadTo copies v into the empty register r from wherever it lives.
func (g *gen) loadTo(v int32, r x86.Reg) {
	name := g.p.text(textName, v)
	switch {
	case g.reg[v] != x86.NoReg:
		g.emit(x86.MOV, "", x86.R(r), x86.R(g.reg[v]))
		return // a copy: v keeps its register
	case g.isConst(v):
		g.emit(x86.MOV, "", x86.R(r), x86.I(int64(g.p.consts[int(v)-len(g.f.Values)-numPtrs])))
	case g.af.cf.holds(v):
		g.setFlag(x86.CondC, r, name)
	case g.af.of.holds(v):
		g.setFlag(x86.CondO, r, name)
	case g.xmm[v] != x86.NoReg:
		g.emit(x86.MOVQ, g.p.text(textReload, v), x86.R(r), x86.R(g.xmm[v]))
	case g.slot[v] >= 0:
		g.emit(x86.MOV, g.p.text(textReload, v), x86.R(r), slotOperand(int(g.slot[v])))
	case g.p.param[v].ptr >= 0:
		g.lockReg(r)
		g.emit(x86.MOV, name, x86.R(r), g.paramMem(v))
	default:
		fail("value %s is needed but lives nowhere", name)
	}
	g.bind(v, r)
}

// ensureReg returns a register holding v, loading it if needed, and locks it.
func (g *gen) ensureReg(v int32) x86.Reg {
	if r := g.reg[v]; r != x86.NoReg {
		g.lockReg(r)
		return r
	}
	r := g.fresh()
	g.loadTo(v, r)
	return r
}

// paramMem is the memory operand of parameter limb v (its pointer loaded and locked).
func (g *gen) paramMem(v int32) x86.Operand {
	ref := g.p.param[v]
	return x86.M(g.ensureReg(ref.ptr), 8*ref.limb)
}

// operand returns a (locked) operand holding a, in one of the allowed forms.
func (g *gen) operand(a ir.Arg, allow uint8) x86.Operand {
	if a.IsConst {
		if allow&opImm != 0 && fitsImm32(int64(a.Imm)) {
			return x86.I(int64(a.Imm))
		}
		return x86.R(g.constReg(a.Imm))
	}
	v := int32(a.Val)
	if allow&opMem != 0 && g.reg[v] == x86.NoReg && !g.af.holds(v) && g.xmm[v] == x86.NoReg {
		if s := g.slot[v]; s >= 0 {
			return slotOperand(int(s))
		}
		if g.inParamMemory(v) {
			return g.paramMem(v)
		}
	}
	return x86.R(g.ensureReg(v))
}

// constReg returns a (locked) register holding k, reusing one that already does.
func (g *gen) constReg(k uint64) x86.Reg {
	if v, ok := g.p.valueOf(ir.C(k)); ok {
		return g.ensureReg(v)
	}
	for _, r := range allocOrder {
		if c := g.regs[r]; c.kind == holdsConst && c.k == k {
			g.lockReg(r)
			return r
		}
	}
	r := g.allocReg()
	g.emit(x86.MOV, "", x86.R(r), x86.I(int64(k)))
	g.regs[r] = content{kind: holdsConst, k: k}
	g.lockReg(r)
	return r
}

// dstOf returns a (locked) register holding a that the instruction may overwrite: a's own
// register when a dies here, otherwise a fresh copy.
func (g *gen) dstOf(a ir.Arg) x86.Reg {
	if g.diesInReg(a) {
		return g.fresh(a)
	}
	r := g.fresh()
	switch {
	case a.IsConst:
		g.emit(x86.MOV, "", x86.R(r), x86.I(int64(a.Imm)))
	case g.reg[a.Val] == x86.NoReg && g.dies(a):
		// A dying value outside the registers: load it straight into the destination.
		g.loadTo(int32(a.Val), r)
		g.unbindReg(r)
		g.lockReg(r)
	default:
		g.emit(x86.MOV, "", x86.R(r), g.operand(a, opReg|opMem))
	}
	return r
}

// fresh returns a (locked) register for a result of a non-destructive instruction: the
// register of a dying operand among cands (read by the same instruction) or a new one.
func (g *gen) fresh(cands ...ir.Arg) x86.Reg {
	for _, a := range cands {
		if g.diesInReg(a) {
			r := g.reg[a.Val]
			g.unbindReg(r)
			g.lockReg(r)
			return r
		}
	}
	r := g.allocReg()
	g.lockReg(r)
	return r
}

// setFlag materializes flag c as 0/1 in r (setc/seto, movzx).
func (g *gen) setFlag(c x86.Cond, r x86.Reg, comment string) {
	g.emitCond(x86.SET, c, "", x86.R(r.Byte()))
	g.emit(x86.MOVZX, comment, x86.R(r), x86.R(r.Byte()))
}
