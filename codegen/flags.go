package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Flags: CF and OF each hold garbage, a known zero, or a u1 value. A live value in a flag
// about to be overwritten is first saved to a register (setc/seto + movzx).

func (g *gen) flagLive(f flagState) bool { return f.kind == flagValue && g.live(f.v) }

// flagNeeded reports whether a flag holds a live value that has no other copy.
func (g *gen) flagNeeded(f flagState) bool {
	return g.flagLive(f) && g.reg[f.v] == x86.NoReg && g.slot[f.v] < 0 && g.xmm[f.v] == x86.NoReg
}

// flagsBusy reports whether a flag holds something worth keeping.
func (g *gen) flagsBusy() bool { return g.flagLive(g.cf) || g.flagLive(g.of) }

// saveFlag copies a live value out of a flag into a register unless it has another home.
func (g *gen) saveFlag(f *flagState, c x86.Cond) {
	if g.flagLive(*f) {
		g.copyFlag(*f, c)
	}
	*f = flagState{}
}

// copyFlag gives the value in flag f a register copy unless it has another home.
func (g *gen) copyFlag(f flagState, c x86.Cond) {
	v := f.v
	if g.reg[v] == x86.NoReg && g.slot[v] < 0 && g.xmm[v] == x86.NoReg {
		r := g.allocReg()
		g.emitCond(x86.SET, c, "", x86.R(r.Byte()))
		g.emit(x86.MOVZX, g.p.note(noteSave, v), x86.R(r), x86.R(r.Byte()))
		g.bind(v, r)
	}
}

// preserve copies a carry that the current instruction consumes from a flag, when the
// carry is needed again later (the flag is about to hold the new carry).
func (g *gen) preserve(c ir.Arg) {
	if c.IsConst || g.dies(c) {
		return
	}
	switch {
	case g.cf.kind == flagValue && g.cf.v == int32(c.Val):
		g.copyFlag(g.cf, x86.CondC)
	case g.of.kind == flagValue && g.of.v == int32(c.Val):
		g.copyFlag(g.of, x86.CondO)
	default:
		return
	}
	if r := g.reg[c.Val]; r != x86.NoReg {
		g.lockReg(r)
	}
}

// clobber prepares for an instruction that overwrites CF and/or OF.
func (g *gen) clobber(cf, of bool) {
	if cf {
		g.saveFlag(&g.cf, x86.CondC)
	}
	if of {
		g.saveFlag(&g.of, x86.CondO)
	}
}

// carryIntoCF makes CF equal to the u1 argument c (a value not in CF, or constant 1).
// It overwrites both flags.
func (g *gen) carryIntoCF(c ir.Arg) {
	if c.IsConst {
		if c.Imm == 0 {
			g.clobber(true, false)
			g.emit(x86.CLC, "")
			g.cf = flagState{kind: flagZero}
			return
		}
		g.clobber(true, false)
		g.emit(x86.STC, "")
		g.cf = flagState{}
		return
	}
	if g.of.kind == flagValue && g.of.v == int32(c.Val) {
		// Move OF to a register first: it is about to be overwritten.
		g.saveFlag(&g.of, x86.CondO)
	}
	t := g.dstOf(c)
	g.clobber(true, true)
	g.emit(x86.ADD, g.p.note(noteCF, int32(c.Val)), x86.R(t), x86.I(-1))
	g.cf = flagState{kind: flagValue, v: int32(c.Val)}
	g.of = flagState{}
}

// clearBoth zeroes CF and OF (xor of a free register, which then holds 0, or test).
func (g *gen) clearBoth() {
	g.clobber(true, true)
	for _, r := range allocOrder {
		if g.takable(r) && g.free(r) && !isCalleeSaved(r) {
			g.unbindReg(r)
			g.emit(x86.XOR, "", x86.R(r), x86.R(r))
			g.regs[r] = content{kind: holdsConst, k: 0}
			if id, ok := g.p.constID[0]; ok && g.reg[id] == x86.NoReg {
				g.bind(id, r)
			}
			g.cf, g.of = flagState{kind: flagZero}, flagState{kind: flagZero}
			return
		}
	}
	g.emit(x86.TEST, "", x86.R(x86.RAX), x86.R(x86.RAX))
	g.cf, g.of = flagState{kind: flagZero}, flagState{kind: flagZero}
}

func (g *gen) flagHolds(f flagState, a ir.Arg) bool {
	return !a.IsConst && f.kind == flagValue && f.v == int32(a.Val)
}
