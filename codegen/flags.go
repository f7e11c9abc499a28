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
func (g *gen) flagPass() {
	g.rewind()
	g.fix, g.fixAt = g.fix[:0], g.fixAt[:0]
	var f flagFile
	consumed := int32(-1)
	for i := range g.sel {
		s := &g.sel[i]
		g.now = s.at
		switch s.kind {
		case beginStep:
			consumed = -1
		case consumeStep:
			consumed = s.a
			g.preserve(&f, s.argA(), i)
		case needStep:
			g.carryIn(&f, s.argA(), consumed, i)
		case clearStep:
			g.clobber(&f, true, true, consumed, i)
			g.insert(step{kind: zeroStep}, i)
		case instStep:
			g.clobber(&f, s.cf.kind != keepFlag, s.of.kind != keepFlag, consumed, i)
		}
		f.apply(s)
	}
}

// insert adds step s before step i of select's program.
func (g *gen) insert(s step, i int) {
	s.at = g.now
	g.fix, g.fixAt = append(g.fix, s), append(g.fixAt, int32(i))
}

// save asks for a register copy of the value in flag fl (cond names it); keep says the
// flag still holds it afterwards (and the copy is locked for the operation).
func (g *gen) save(fl *flagState, cond x86.Cond, keep bool, i int) {
	s := mk(saveStep, ir.V(ir.Value(fl.v)), none)
	s.cond, s.allow = cond, uint8(boolInt(keep))
	g.insert(s, i)
	if !keep {
		*fl = garbage
	}
}

// preserve copies a carry that the operation consumes from a flag, when the carry is
// needed again later (the flag is about to hold the new carry).
func (g *gen) preserve(f *flagFile, c ir.Arg, i int) {
	switch {
	case g.dies(c):
	case f.cf.holdsArg(c):
		g.save(&f.cf, x86.CondC, true, i)
	case f.of.holdsArg(c):
		g.save(&f.of, x86.CondO, true, i)
	}
}

// clobber saves the live values of the flags an instruction overwrites (not the carry the
// operation consumes: preserve saw to it).
func (g *gen) clobber(f *flagFile, cf, of bool, consumed int32, i int) {
	if cf && f.cf.kind == flagValue && f.cf.v != consumed && g.live(f.cf.v) {
		g.save(&f.cf, x86.CondC, false, i)
	}
	if of && f.of.kind == flagValue && f.of.v != consumed && g.live(f.of.v) {
		g.save(&f.of, x86.CondO, false, i)
	}
}

// carryIn makes CF hold c (a value not in CF, or the constant 0 or 1): clc, stc, or
// add r, -1 on a register copy of c (which overwrites OF too).
func (g *gen) carryIn(f *flagFile, c ir.Arg, consumed int32, i int) {
	if c.IsConst {
		g.clobber(f, true, false, consumed, i)
		op := x86.STC
		if c.Imm == 0 {
			op = x86.CLC
		}
		g.insert(step{kind: instStep, op: op, cf: keep, of: keep}, i)
		return
	}
	if f.of.holdsArg(c) {
		g.save(&f.of, x86.CondO, false, i) // OF is about to be overwritten
	}
	tie := mk(tieStep, c, none)
	tie.t = maxTemps - 1
	g.insert(tie, i)
	g.clobber(f, true, true, consumed, i)
	g.insert(step{kind: instStep, op: x86.ADD, cf: keep, of: keep, cmt: g.p.textAt[textCF] + int32(c.Val),
		nargs: 2, args: [3]varg{regArg(tie.t), immArg(-1)}}, i)
}
