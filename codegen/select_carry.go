package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Carry chains: a carry already in CF continues with adcx (adc for an immediate), one in
// OF with adox; a chain starting from 0 goes to CF or OF as the genome says (adcx after a
// known-zero CF or clc, add when OF holds nothing, adox after a known-zero OF or a
// clearing xor); a carry elsewhere is asked of the flag pass in CF (needCF).

const (
	chainCF = 0
	chainOF = 1
)

// chainFor decides which flag carries the addition.
func (g *gen) chainFor(cin ir.Arg, d int32) int {
	switch {
	case g.sf.cf.holdsArg(cin):
		return chainCF
	case g.sf.of.holdsArg(cin):
		return chainOF
	case cin.IsConst && cin.Imm == 0:
		// The genome's flag, unless it holds a carry with no other copy and the other flag
		// can start a chain without saving it (setc, movzx, later add r, -1).
		c := g.decide(d)
		if c == chainCF && g.flagNeeded(g.sf.cf) && g.sf.of.kind == flagZero {
			c = chainOF
		} else if c == chainOF && g.flagNeeded(g.sf.of) && !g.flagNeeded(g.sf.cf) {
			c = chainCF // clc, adcx: OF keeps its carry
		}
		return c
	}
	return chainCF
}

func (g *gen) selAddCarry(in *ir.Instr, d int32) {
	cin := in.Args[0]
	g.consume(cin)
	chain := g.chainFor(cin, d)
	g.override(d, chain)
	x, y := g.commute(in.Args[1], in.Args[2])
	sum, cout := in.Results[0], holding(int32(in.Results[1]))
	if chain == chainOF {
		src, dst := g.vsrc(y, opReg|opMem), g.vtie(x)
		if !g.sf.of.holdsArg(cin) && g.sf.of.kind != flagZero {
			g.put(step{kind: clearStep})
		}
		g.main(sum, x86.ADOX, keep, cout, regArg(dst), src)
		return
	}
	// CF chain. Keep OF intact (adcx) when it holds something.
	keepOF := g.flagLive(g.sf.of) || g.sf.of.kind == flagZero
	allow := uint8(opReg | opMem)
	if !keepOF {
		allow |= opImm
	}
	src, dst := g.vsrc(y, allow), g.vtie(x)
	op, zeroIn := x86.ADCX, cin.IsConst && cin.Imm == 0
	switch {
	case g.sf.cf.holdsArg(cin), zeroIn && g.sf.cf.kind == flagZero:
	case zeroIn && !keepOF:
		op = x86.ADD
	default:
		g.needCF(cin) // clc, stc, or add r, -1 (which overwrites OF)
	}
	if src.kind == argImm && op == x86.ADCX {
		op = x86.ADC
	}
	of := keep
	if op != x86.ADCX {
		of = garbage
	}
	g.main(sum, op, cout, of, regArg(dst), src)
}

// selSubBorrow: diff = a - b - bin with sub/sbb on the CF chain.
func (g *gen) selSubBorrow(in *ir.Instr) {
	bin, a, b := in.Args[0], in.Args[1], in.Args[2]
	g.consume(bin)
	src := g.vsrc(b, opReg|opMem|opImm)
	dst := g.vtie(a)
	op := x86.SBB
	switch {
	case g.sf.cf.holdsArg(bin):
	case bin.IsConst && bin.Imm == 0:
		op = x86.SUB
	default:
		g.needCF(bin)
	}
	g.main(in.Results[0], op, holding(int32(in.Results[1])), garbage, regArg(dst), src)
}

// addFlag emits x + c for an operand c (0 or 1) held in CF or OF as adc/adcx/adox with
// zero: the carry is added without being materialized.
func (g *gen) addFlag(in *ir.Instr) bool {
	a, b := in.Args[0], in.Args[1]
	if g.sf.cf.holdsArg(a) || g.sf.of.holdsArg(a) {
		a, b = b, a
	}
	inCF, inOF := g.sf.cf.holdsArg(b), g.sf.of.holdsArg(b)
	if !inCF && !inOF || g.sf.cf.holdsArg(a) || g.sf.of.holdsArg(a) {
		return false
	}
	g.consume(b)
	dst, r := g.vtie(a), in.Results[0]
	switch {
	case inOF:
		g.main(r, x86.ADOX, keep, garbage, regArg(dst), regArg(g.vconst(0)))
	case g.flagLive(g.sf.of) || g.sf.of.kind == flagZero:
		g.main(r, x86.ADCX, garbage, keep, regArg(dst), regArg(g.vconst(0)))
	default:
		g.main(r, x86.ADC, garbage, garbage, regArg(dst), immArg(0))
	}
	return true
}
