package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selShift: shr/shl by an immediate, or shrx/shlx with the count in a register (flag-free,
// chosen anyway when the flags hold live carries).
func (g *gen) selShift(in *ir.Instr, d int32) {
	a, k := in.Args[0], in.Args[1].Imm
	useX := g.decide(d) == 1 || g.flagsBusy()
	g.override(d, boolInt(useX))
	if useX {
		kreg := g.constReg(k)
		src := g.operand(a, opReg|opMem)
		dst := g.fresh(a)
		op := x86.SHRX
		if in.Op == ir.OpShl {
			op = x86.SHLX
		}
		g.main(op, x86.R(dst), src, x86.R(kreg))
		g.result(in.Results[0], dst)
		return
	}
	op := x86.SHR
	if in.Op == ir.OpShl {
		op = x86.SHL
	}
	dst := g.dstOf(a)
	g.clobber(true, true)
	g.main(op, x86.R(dst), x86.I(int64(k)))
	g.result(in.Results[0], dst)
}

// selShrd: r = (hi:lo) >> k with shrd, or flag-free shrx + shlx + lea (the two parts do
// not overlap, so the add is an or).
func (g *gen) selShrd(in *ir.Instr, d int32) {
	lo, hi, k := in.Args[0], in.Args[1], in.Args[2].Imm
	useX := g.decide(d) == 1 || g.flagsBusy()
	g.override(d, boolInt(useX))
	if !useX {
		hreg := g.operand(hi, opReg).Reg
		dst := g.dstOf(lo)
		g.clobber(true, true)
		g.main(x86.SHRD, x86.R(dst), x86.R(hreg), x86.I(int64(k)))
		g.result(in.Results[0], dst)
		return
	}
	kr := g.constReg(k)
	kr2 := g.constReg(64 - k)
	losrc := g.operand(lo, opReg|opMem)
	hisrc := g.operand(hi, opReg|opMem)
	t1 := g.allocReg() // not a dying operand's register: hi is read after t1 is written
	g.lockReg(t1)
	g.emit(x86.SHRX, "", x86.R(t1), losrc, x86.R(kr))
	t2 := g.fresh(hi)
	g.emit(x86.SHLX, "", x86.R(t2), hisrc, x86.R(kr2))
	g.main(x86.LEA, x86.R(t1), x86.MI(t1, t2, 1, 0))
	g.result(in.Results[0], t1)
}
