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
		if d >= 0 {
			g.override(d, boolInt(!useLea))
		}
		if useLea {
			g.mulRecipe(in, a, rc)
			return
		}
		if fitsImm32(int64(b.Imm)) {
			src := g.operand(a, opReg|opMem)
			dst := g.fresh(a)
			g.clobber(true, true)
			g.main(x86.IMUL, x86.R(dst), src, x86.I(int64(b.Imm)))
			g.result(in.Results[0], dst)
			return
		}
	}
	a, b = g.pickDst(a, b)
	src := g.operand(b, opReg|opMem)
	dst := g.dstOf(a)
	g.clobber(true, true)
	g.main(x86.IMUL, x86.R(dst), src)
	g.result(in.Results[0], dst)
}

func (g *gen) mulRecipe(in *ir.Instr, a ir.Arg, rc recipe) {
	inReg := !a.IsConst && g.reg[a.Val] != x86.NoReg
	if rc.m1 == 0 { // a power of two
		if rc.shift == 1 && inReg {
			x := g.operand(a, opReg).Reg
			dst := g.fresh(a)
			g.main(x86.LEA, x86.R(dst), x86.MI(x, x, 1, 0))
			g.result(in.Results[0], dst)
			return
		}
		dst := g.dstOf(a) // loads a from memory straight into the destination
		if rc.shift == 1 {
			g.main(x86.LEA, x86.R(dst), x86.MI(dst, dst, 1, 0))
		} else {
			g.clobber(true, true)
			g.main(x86.SHL, x86.R(dst), x86.I(int64(rc.shift)))
		}
		g.result(in.Results[0], dst)
		return
	}
	if !inReg && rc.s == 0 {
		// x is read only by the first step: load it into the destination.
		t := g.dstOf(a)
		g.mulSteps(in, t, t, rc)
		return
	}
	x := g.operand(a, opReg).Reg
	// t = x*m1 in a register that is not x while x is still needed.
	t := g.allocReg()
	g.lockReg(t)
	g.mulSteps(in, x, t, rc)
}

// mulSteps computes x*m1 into t, then the recipe's second step, and binds the result.
func (g *gen) mulSteps(in *ir.Instr, x, t x86.Reg, rc recipe) {
	if rc.n == 1 {
		g.main(x86.LEA, x86.R(t), x86.MI(x, x, uint8(rc.m1-1), 0))
		g.result(in.Results[0], t)
		return
	}
	g.emit(x86.LEA, "", x86.R(t), x86.MI(x, x, uint8(rc.m1-1), 0))
	switch {
	case rc.m2 != 0:
		g.main(x86.LEA, x86.R(t), x86.MI(t, t, uint8(rc.m2-1), 0))
	case rc.s != 0:
		g.main(x86.LEA, x86.R(t), x86.MI(x, t, rc.s, 0))
	case rc.shift != 0:
		g.clobber(true, true)
		g.main(x86.SHL, x86.R(t), x86.I(int64(rc.shift)))
	}
	g.result(in.Results[0], t)
}
