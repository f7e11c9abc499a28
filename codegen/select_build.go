package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// The select pass's builders: each appends steps to the virtual program.

func (g *gen) put(s step) *step {
	p := g.add()
	*p = s
	p.at = g.now
	g.sf.apply(p)
	return p
}

// add appends a zero step at the current time for the caller to fill in place: temp and
// inst, most of select's steps, build theirs where it lives rather than copy 80 bytes
// twice (issue 14). A caller that fills an instruction step applies it to g.sf.
func (g *gen) add() *step {
	n := len(g.sel)
	if n == cap(g.sel) {
		g.sel = append(g.sel, step{})
	} else {
		g.sel = g.sel[:n+1]
		g.sel[n] = step{}
	}
	p := &g.sel[n]
	p.at = g.now
	return p
}

// temp appends a constraint step setting a new temporary and returns it.
func (g *gen) temp(kind stepKind, a, b ir.Arg, allow uint8) int8 {
	t := g.tn
	g.tn++
	s := g.add()
	s.kind, s.t, s.allow = kind, t, allow
	s.about(a, b)
	g.sf.apply(s) // a constraint: changes no flag, as put would apply it
	return t
}

// vsrc is a as a source in one of the allowed forms (an immediate for a small constant).
func (g *gen) vsrc(a ir.Arg, allow uint8) varg {
	if a.IsConst && allow&opImm != 0 && fitsImm32(int64(a.Imm)) {
		return immArg(int64(a.Imm))
	}
	g.copiedOut(a)
	return regArg(g.temp(useStep, a, ir.Arg{}, allow&^opImm))
}

// vreg is a temporary holding a in a register.
func (g *gen) vreg(a ir.Arg) int8 { return g.vsrc(a, opReg).t }

func (g *gen) vconst(k uint64) int8 { return g.vreg(ir.C(k)) }

// vtie is a register holding a that the instruction may overwrite.
func (g *gen) vtie(a ir.Arg) int8 {
	if !a.IsConst && g.sf.holds(int32(a.Val)) && !g.dies(a) {
		g.copiedOut(a)
	}
	return g.temp(tieStep, a, ir.Arg{}, 0)
}

// vfresh is a register for the result of a non-destructive instruction: a dying
// operand's, or a new one.
func (g *gen) vfresh(a, b ir.Arg) int8 { return g.temp(freshStep, a, b, 0) }

// vnew is a new register, not an operand's.
func (g *gen) vnew() int8 { return g.vfresh(none, none) }

// copiedOut records that a value read out of a flag into a register now has a copy there.
func (g *gen) copiedOut(a ir.Arg) {
	for _, f := range [...]*flagState{&g.sf.cf, &g.sf.of} {
		if f.holdsArg(a) {
			f.copied = true
		}
	}
}

// inst appends an instruction; cf and of say what the flags hold afterwards.
func (g *gen) inst(op x86.Opcode, cf, of flagState, cmt int32, args ...varg) *step {
	s := g.add()
	s.kind, s.op, s.cf, s.of, s.cmt, s.nargs = instStep, op, cf, of, cmt, uint8(len(args))
	copy(s.args[:], args)
	g.sf.apply(s)
	return s
}

// main appends the instruction that computes the IR operation: it carries the comment, and
// its first operand holds the result res afterwards.
func (g *gen) main(res ir.Value, op x86.Opcode, cf, of flagState, args ...varg) *step {
	s := g.inst(op, cf, of, g.cmt, args...)
	s.a, s.nres = int32(res), 1
	return s
}

// aux appends a helper instruction (no comment, no result).
func (g *gen) aux(op x86.Opcode, cf, of flagState, args ...varg) { g.inst(op, cf, of, 0, args...) }

// needCF asks the flag pass for the carry c (a value or 0/1) in CF.
func (g *gen) needCF(c ir.Arg) {
	g.put(mk(needStep, c, none))
	if !c.IsConst && !g.dies(c) {
		g.sf.cf.copied = true // c keeps its register
	}
}

// consume says that the operation reads the carry c out of its flag.
func (g *gen) consume(c ir.Arg) {
	if !c.IsConst {
		g.put(mk(consumeStep, c, none))
	}
}

// decide returns the genome's choice for decision d (0 for none).
func (g *gen) decide(d int32) int {
	if d < 0 {
		return 0
	}
	return g.dec[d]
}

// override records the choice made for decision d.
func (g *gen) override(d int32, c int) {
	if d >= 0 {
		g.used[d] = c
	}
}

func (g *gen) flagLive(f flagState) bool { return f.kind == flagValue && g.live(f.v) }

// flagNeeded reports whether a flag holds a live value that has no other copy.
func (g *gen) flagNeeded(f flagState) bool { return g.flagLive(f) && !f.copied }

// flagsBusy reports whether a flag holds something worth keeping.
func (g *gen) flagsBusy() bool { return g.flagLive(g.sf.cf) || g.flagLive(g.sf.of) }

// flagFree applies decision d between a flag-writing form (0) and a flag-free one (1),
// taking the flag-free one anyway while the flags are busy.
func (g *gen) flagFree(d int32) bool {
	free := g.decide(d) == 1 || g.flagsBusy()
	g.override(d, boolInt(free))
	return free
}

// commute lets the allocator swap a and b in the operand constraints up to the next
// instruction (a commutative operation's tied operand should be the one that dies); a constant
// always goes second.
func (g *gen) commute(a, b ir.Arg) (ir.Arg, ir.Arg) {
	if a.IsConst && !b.IsConst {
		return b, a
	}
	if !a.IsConst && !b.IsConst && a != b {
		g.put(mk(swapStep, a, b))
	}
	return a, b
}
