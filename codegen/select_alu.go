package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selCmov: r = c == 0 ? z : nz with one cmov; a condition in CF/OF is used directly,
// otherwise test c, c first.
func (g *gen) selCmov(in *ir.Instr, d int32) {
	c, z, nz := in.Args[0], in.Args[1], in.Args[2]
	var cond x86.Cond
	var creg x86.Reg = x86.NoReg
	switch {
	case g.flagHolds(g.cf, c):
		cond = x86.CondC
	case g.flagHolds(g.of, c):
		cond = x86.CondO
	default:
		creg = g.operand(c, opReg).Reg
		cond = x86.CondNZ
	}
	first, second := z, nz
	if g.decide(d) == 1 {
		first, second, cond = nz, z, cond^1
	}
	src := g.operand(second, opReg|opMem)
	dst := g.dstOf(first)
	if creg != x86.NoReg {
		g.clobber(true, true)
		g.emit(x86.TEST, "", x86.R(creg), x86.R(creg))
	}
	g.mainCond(x86.CMOV, cond, x86.R(dst), src)
	g.result(in.Results[0], dst)
}

// selAddSub: add/sub, or lea when the genome asks for it or the flags hold live carries.
func (g *gen) selAddSub(in *ir.Instr, d int32) {
	a, b := in.Args[0], in.Args[1]
	if in.Op == ir.OpAdd && g.addFlag(in) {
		return
	}
	useLea := g.decide(d) == 1 || g.flagsBusy()
	if in.Op == ir.OpSub && !(b.IsConst && fitsImm32(-int64(b.Imm))) {
		useLea = false
	}
	if in.Op == ir.OpAdd {
		a, b = g.pickDst(a, b)
	}
	if d >= 0 {
		g.override(d, boolInt(useLea))
	}
	if useLea {
		base := g.operand(a, opReg).Reg
		var addr x86.Operand
		if b.IsConst && in.Op == ir.OpSub {
			addr = x86.M(base, int32(-int64(b.Imm)))
		} else if b.IsConst && fitsImm32(int64(b.Imm)) {
			addr = x86.M(base, int32(int64(b.Imm)))
		} else {
			addr = x86.MI(base, g.operand(b, opReg).Reg, 1, 0)
		}
		dst := g.fresh(a, b)
		g.main(x86.LEA, x86.R(dst), addr)
		g.result(in.Results[0], dst)
		return
	}
	op := opIf(in, ir.OpSub, x86.ADD, x86.SUB)
	src := g.operand(b, opReg|opMem|opImm)
	dst := g.dstOf(a)
	g.clobber(true, true)
	g.main(op, x86.R(dst), src)
	g.result(in.Results[0], dst)
}

// opIf is b for an instruction of operation alt, a otherwise.
func opIf(in *ir.Instr, alt ir.Op, a, b x86.Opcode) x86.Opcode {
	if in.Op == alt {
		return b
	}
	return a
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// selLogic: and/or (u64 or u1); a wide 2^n-1 mask may use bzhi.
func (g *gen) selLogic(in *ir.Instr, d int32) {
	a, b := g.pickDst(in.Args[0], in.Args[1])
	op := opIf(in, ir.OpOr, x86.AND, x86.OR)
	if n, ok := isPow2Mask(b.Imm); ok && b.IsConst && d >= 0 && g.decide(d) == 1 {
		nreg := g.constReg(uint64(n))
		src := g.operand(a, opReg|opMem)
		dst := g.fresh(a)
		g.clobber(true, true)
		g.main(x86.BZHI, x86.R(dst), src, x86.R(nreg))
		g.result(in.Results[0], dst)
		return
	}
	src := g.operand(b, opReg|opMem|opImm)
	dst := g.dstOf(a)
	g.clobber(true, true)
	g.main(op, x86.R(dst), src)
	g.result(in.Results[0], dst)
}

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
		op := opIf(in, ir.OpShl, x86.SHRX, x86.SHLX)
		g.main(op, x86.R(dst), src, x86.R(kreg))
		g.result(in.Results[0], dst)
		return
	}
	op := opIf(in, ir.OpShl, x86.SHR, x86.SHL)
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

// selCast: u1 → u64 is free for a carry already in a register (0/1 in all 64 bits) or
// in a flag (the flag then holds the u64 0/1 value); u64 → u1 keeps the low bit.
func (g *gen) selCast(in *ir.Instr) {
	a := in.Args[0]
	if g.f.TypeOf(a.Val) == ir.U1 && g.reg[a.Val] == x86.NoReg && g.dies(a) {
		switch {
		case g.flagHolds(g.cf, a):
			g.cf.v = int32(in.Results[0])
			return
		case g.flagHolds(g.of, a):
			g.of.v = int32(in.Results[0])
			return
		}
	}
	dst := g.dstOf(a)
	if g.f.TypeOf(a.Val) == ir.U64 {
		g.clobber(true, true)
		g.main(x86.AND, x86.R(dst), x86.I(1))
	}
	g.result(in.Results[0], dst)
}
