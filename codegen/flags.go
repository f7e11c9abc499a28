package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// flagPass is flag planning. It walks the select pass's program knowing what CF and OF
// hold, and inserts: a save (setc/seto + movzx into a register, made by the allocator
// unless the value has another home) before an instruction overwrites a flag holding a
// live value, or when an operation consumes a carry that is needed again later; the
// instructions that put a carry into CF (add r, -1, clc, stc) where select asked for it;
// and the zeroing of both flags (xor of a free register, or test) before an adox chain.
func (g *gen) flagPass() error {
	g.rewind()
	g.vp = g.vp[:0]
	var f flagFile
	consumed := int32(-1)
	for i := range g.sel {
		s := g.sel[i]
		g.now = s.at
		switch s.kind {
		case beginStep:
			consumed = -1
		case consumeStep:
			consumed = int32(s.a.Val)
			g.preserve(&f, s.a)
			continue
		case needStep:
			g.carryIn(&f, s.a, consumed)
		case clearStep:
			g.clobber(&f, true, true, consumed)
			g.put2(step{kind: zeroStep})
		case instStep:
			g.clobber(&f, s.cf.kind != keepFlag, s.of.kind != keepFlag, consumed)
		}
		g.vp = append(g.vp, s)
		f.apply(&s)
	}
	return nil
}

// put2 appends a step of the flag pass at the current time.
func (g *gen) put2(s step) {
	s.at = g.now
	g.vp = append(g.vp, s)
}

// save asks for a register copy of the value in flag fl (cond names it); keep says the
// flag still holds it afterwards (and the copy is locked for the operation).
func (g *gen) save(fl *flagState, cond x86.Cond, keep bool) {
	g.put2(step{kind: saveStep, a: ir.V(ir.Value(fl.v)), cond: cond, allow: uint8(boolInt(keep))})
	if !keep {
		*fl = garbage
	}
}

// preserve copies a carry that the operation consumes from a flag, when the carry is
// needed again later (the flag is about to hold the new carry).
func (g *gen) preserve(f *flagFile, c ir.Arg) {
	switch {
	case g.dies(c):
	case f.cf.holdsArg(c):
		g.save(&f.cf, x86.CondC, true)
	case f.of.holdsArg(c):
		g.save(&f.of, x86.CondO, true)
	}
}

// clobber saves the live values of the flags an instruction overwrites (not the carry the
// operation consumes: preserve saw to it).
func (g *gen) clobber(f *flagFile, cf, of bool, consumed int32) {
	if cf && f.cf.kind == flagValue && f.cf.v != consumed && g.live(f.cf.v) {
		g.save(&f.cf, x86.CondC, false)
	}
	if of && f.of.kind == flagValue && f.of.v != consumed && g.live(f.of.v) {
		g.save(&f.of, x86.CondO, false)
	}
}

// carryIn makes CF hold c (a value not in CF, or the constant 0 or 1): clc, stc, or
// add r, -1 on a register copy of c (which overwrites OF too).
func (g *gen) carryIn(f *flagFile, c ir.Arg, consumed int32) {
	if c.IsConst {
		g.clobber(f, true, false, consumed)
		op := x86.STC
		if c.Imm == 0 {
			op = x86.CLC
		}
		g.put2(step{kind: instStep, op: op, cf: keep, of: keep})
		return
	}
	if f.of.holdsArg(c) {
		g.save(&f.of, x86.CondO, false) // OF is about to be overwritten
	}
	const t = maxTemps - 1
	g.put2(step{kind: tieStep, a: c, t: t})
	g.clobber(f, true, true, consumed)
	g.put2(step{kind: instStep, op: x86.ADD, cf: keep, of: keep, cmt: g.p.cfText + int32(c.Val),
		nargs: 2, args: [3]varg{regArg(t), immArg(-1)}})
}
