package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selMul: the low product with imul (3-operand for a small constant), or a lea recipe.
func (g *gen) selMul(in *ir.Instr, d int32) {
	a, b := in.Args[0], in.Args[1]
	if a.IsConst {
		a, b = b, a
	}
	if b.IsConst {
		rc := leaRecipe(b.Imm)
		useLea := rc.n > 0 && (g.decide(d) == 0 || g.flagsBusy())
		g.override(d, boolInt(!useLea))
		if useLea {
			g.mulRecipe(in, a, rc)
			return
		}
		if fitsImm32(int64(b.Imm)) {
			src := g.vsrc(a, opReg|opMem)
			g.main(in.Results[0], x86.IMUL, garbage, garbage, regArg(g.vfresh(a, none)), src, immArg(int64(b.Imm)))
			return
		}
	}
	a, b = g.commute(a, b)
	g.twoAddr(in, x86.IMUL, a, g.vsrc(b, opReg|opMem))
}

// vregOrTie is x, t for an instruction t = f(x): x's register and a new one (a dying x's
// if fresh) when x is in a register, otherwise one register loaded with x for both.
func (g *gen) vregOrTie(a ir.Arg, fresh bool) (x, t int8) {
	x = g.temp(regOrTieStep, a, none, uint8(boolInt(fresh)))
	g.tn++
	return x, x + 1
}

// mulRecipe multiplies a by the recipe's constant: x*m1 into t, then the second step.
func (g *gen) mulRecipe(in *ir.Instr, a ir.Arg, rc recipe) {
	r := in.Results[0]
	if rc.m1 == 0 { // a power of two
		if rc.shift == 1 {
			x, dst := g.vregOrTie(a, true)
			g.main(r, x86.LEA, keep, keep, regArg(dst), addrArg(x, x, 1, 0))
			return
		}
		g.twoAddr(in, x86.SHL, a, immArg(int64(rc.shift)))
		return
	}
	var x, t int8
	if rc.s == 0 {
		// x is read only by the first step: a value outside the registers is loaded
		// into the destination.
		x, t = g.vregOrTie(a, false)
	} else {
		x, t = g.vreg(a), g.vnew() // t = x*m1 in a register that is not x while x is still needed
	}
	first := addrArg(x, x, uint8(rc.m1-1), 0)
	if rc.n == 1 {
		g.main(r, x86.LEA, keep, keep, regArg(t), first)
		return
	}
	g.aux(x86.LEA, keep, keep, regArg(t), first)
	switch {
	case rc.m2 != 0:
		g.main(r, x86.LEA, keep, keep, regArg(t), addrArg(t, t, uint8(rc.m2-1), 0))
	case rc.s != 0:
		g.main(r, x86.LEA, keep, keep, regArg(t), addrArg(x, t, rc.s, 0))
	case rc.shift != 0:
		g.main(r, x86.SHL, garbage, garbage, regArg(t), immArg(int64(rc.shift)))
	}
}
