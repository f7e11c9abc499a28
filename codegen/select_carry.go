package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Carry chains: a carry already in CF continues with adcx (adc for an immediate), one in
// OF with adox; a chain starting from 0 goes to CF or OF as the genome says (adcx after a
// known-zero CF or clc, add when OF holds nothing, adox after a known-zero OF or a
// clearing xor); a carry held in a register is moved back into CF with add r, -1.

const (
	chainCF = 0
	chainOF = 1
)

// chainFor decides which flag carries the addition.
func (g *gen) chainFor(cin ir.Arg, d int32) int {
	switch {
	case g.flagHolds(g.cf, cin):
		return chainCF
	case g.flagHolds(g.of, cin):
		return chainOF
	case cin.IsConst && cin.Imm == 0:
		// The genome's flag, unless it holds a carry with no other copy and the other flag
		// can start a chain without saving it (setc, movzx, later add r, -1).
		c := g.decide(d)
		if c == chainCF && g.flagNeeded(g.cf) && g.of.kind == flagZero {
			c = chainOF
		} else if c == chainOF && g.flagNeeded(g.of) && !g.flagNeeded(g.cf) {
			c = chainCF // clc, adcx: OF keeps its carry
		}
		return c
	}
	return chainCF
}

// pickDst orders the operands of a commutative operation so that the first is the one
// whose register can be overwritten (it dies here), if any.
func (g *gen) pickDst(a, b ir.Arg) (ir.Arg, ir.Arg) {
	inReg := func(x ir.Arg) bool { return !x.IsConst && g.reg[x.Val] != x86.NoReg }
	if !(inReg(a) && g.dies(a)) && inReg(b) && g.dies(b) {
		return b, a
	}
	if a.IsConst && !b.IsConst {
		return b, a
	}
	return a, b
}

func (g *gen) selAddCarry(in *ir.Instr, d int32) {
	cin := in.Args[0]
	g.preserve(cin)
	chain := g.chainFor(cin, d)
	g.override(d, chain)
	x, y := g.pickDst(in.Args[1], in.Args[2])
	sum, cout := in.Results[0], in.Results[1]
	if chain == chainOF {
		src := g.operand(y, opReg|opMem)
		dst := g.dstOf(x)
		if !g.flagHolds(g.of, cin) && g.of.kind != flagZero {
			g.clearBoth()
		}
		g.main(x86.ADOX, x86.R(dst), src)
		g.result(sum, dst)
		g.of = flagState{kind: flagValue, v: int32(cout)}
		return
	}
	// CF chain. Keep OF intact (adcx) when it holds something.
	keepOF := g.flagLive(g.of) || g.of.kind == flagZero
	allow := opReg | opMem
	if !keepOF {
		allow |= opImm
	}
	src := g.operand(y, allow)
	dst := g.dstOf(x)
	op := x86.ADCX
	switch {
	case g.flagHolds(g.cf, cin):
	case cin.IsConst && cin.Imm == 0 && g.cf.kind == flagZero:
	case cin.IsConst && cin.Imm == 0 && keepOF:
		g.carryIntoCF(cin) // clc
	case cin.IsConst && cin.Imm == 0:
		g.clobber(true, true)
		op = x86.ADD
	default:
		g.carryIntoCF(cin) // stc, or add r, -1 (which overwrites OF)
	}
	if src.Kind == x86.KindImm && op == x86.ADCX {
		op = x86.ADC
	}
	if op != x86.ADCX {
		g.clobber(false, true)
		g.of = flagState{}
	}
	g.main(op, x86.R(dst), src)
	g.result(sum, dst)
	g.cf = flagState{kind: flagValue, v: int32(cout)}
}

// selSubBorrow: diff = a - b - bin with sub/sbb on the CF chain.
func (g *gen) selSubBorrow(in *ir.Instr) {
	bin, a, b := in.Args[0], in.Args[1], in.Args[2]
	g.preserve(bin)
	src := g.operand(b, opReg|opMem|opImm)
	dst := g.dstOf(a)
	op := x86.SBB
	switch {
	case g.flagHolds(g.cf, bin):
	case bin.IsConst && bin.Imm == 0:
		op = x86.SUB
	default:
		g.carryIntoCF(bin)
	}
	g.clobber(op == x86.SUB, true)
	g.main(op, x86.R(dst), src)
	g.result(in.Results[0], dst)
	g.cf = flagState{kind: flagValue, v: int32(in.Results[1])}
	g.of = flagState{}
}

// addFlag emits x + c for an operand c (0 or 1) held in CF or OF as adc/adcx/adox with
// zero: the carry is added without being materialized.
func (g *gen) addFlag(in *ir.Instr) bool {
	a, b := in.Args[0], in.Args[1]
	if g.flagHolds(g.cf, a) || g.flagHolds(g.of, a) {
		a, b = b, a
	}
	inCF, inOF := g.flagHolds(g.cf, b), g.flagHolds(g.of, b)
	if !inCF && !inOF || g.flagHolds(g.cf, a) || g.flagHolds(g.of, a) {
		return false
	}
	g.preserve(b)
	dst := g.dstOf(a)
	switch {
	case inOF:
		g.main(x86.ADOX, x86.R(dst), x86.R(g.constReg(0)))
		g.of = flagState{}
	case g.flagLive(g.of) || g.of.kind == flagZero:
		g.main(x86.ADCX, x86.R(dst), x86.R(g.constReg(0)))
		g.cf = flagState{}
	default:
		g.main(x86.ADC, x86.R(dst), x86.I(0))
		g.cf, g.of = flagState{}, flagState{}
	}
	g.result(in.Results[0], dst)
	return true
}
