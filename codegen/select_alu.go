package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// selCmov: r = c == 0 ? z : nz with one cmov; a condition in CF/OF is used directly,
// otherwise test c, c first.
func (g *gen) selCmov(in *ir.Instr, d int32) {
	c, z, nz := in.Args[0], in.Args[1], in.Args[2]
	cond, creg := x86.CondNZ, int8(-1)
	switch {
	case g.sf.cf.holdsArg(c):
		cond = x86.CondC
	case g.sf.of.holdsArg(c):
		cond = x86.CondO
	default:
		creg = g.vreg(c)
	}
	if g.decide(d) == 1 { // the destination starts as nz
		z, nz, cond = nz, z, cond^1
	}
	src, dst := g.vsrc(nz, opReg|opMem), g.vtie(z)
	if creg >= 0 {
		g.aux(x86.TEST, garbage, garbage, regArg(creg), regArg(creg))
	}
	g.main(in.Results[0], x86.CMOV, keep, keep, regArg(dst), src).cond = cond
}

// selAddSub: add/sub, or lea when the genome asks for it or the flags hold live carries.
func (g *gen) selAddSub(in *ir.Instr, d int32) {
	a, b := in.Args[0], in.Args[1]
	if in.Op == ir.OpAdd && g.addFlag(in) {
		return
	}
	// A sub becomes a lea only for a constant that fits negated.
	useLea := (in.Op == ir.OpAdd || b.IsConst && fitsImm32(-int64(b.Imm))) && g.flagFree(d)
	if in.Op == ir.OpAdd {
		a, b = g.commute(a, b)
	}
	if useLea {
		base := g.vreg(a)
		addr := addrArg(base, -1, 0, int32(b.Imm))
		switch {
		case b.IsConst && in.Op == ir.OpSub:
			addr.v = -addr.v
		case !b.IsConst || !fitsImm32(int64(b.Imm)):
			addr = addrArg(base, g.vreg(b), 1, 0)
		}
		g.main(in.Results[0], x86.LEA, keep, keep, regArg(g.vfresh(a, b)), addr)
		return
	}
	g.twoAddr(in, aluOp[in.Op], a, g.vsrc(b, opReg|opMem|opImm))
}

// twoAddr emits op dst, srcs with dst tied to a (the flags are overwritten) and binds the result.
func (g *gen) twoAddr(in *ir.Instr, op x86.Opcode, a ir.Arg, srcs ...varg) {
	args := [3]varg{regArg(g.vtie(a))} // not append: it would allocate
	g.main(in.Results[0], op, garbage, garbage, args[:1+copy(args[1:], srcs)]...)
}

// The two-address instruction of an IR operation, and the flag-free form of a shift.
var (
	aluOp = [...]x86.Opcode{ir.OpAdd: x86.ADD, ir.OpSub: x86.SUB, ir.OpAnd: x86.AND, ir.OpOr: x86.OR,
		ir.OpShr: x86.SHR, ir.OpShl: x86.SHL}
	shiftX = [...]x86.Opcode{ir.OpShr: x86.SHRX, ir.OpShl: x86.SHLX}
)

// selLogic: and/or (u64 or u1); a wide 2^n-1 mask may use bzhi.
func (g *gen) selLogic(in *ir.Instr, d int32) {
	a, b := g.commute(in.Args[0], in.Args[1])
	if n, ok := isPow2Mask(b.Imm); ok && b.IsConst && g.decide(d) == 1 {
		nreg := g.vconst(uint64(n))
		src := g.vsrc(a, opReg|opMem)
		g.main(in.Results[0], x86.BZHI, garbage, garbage, regArg(g.vfresh(a, none)), src, regArg(nreg))
		return
	}
	g.twoAddr(in, aluOp[in.Op], a, g.vsrc(b, opReg|opMem|opImm))
}

// selShift: shr/shl by an immediate, or shrx/shlx with the count in a register (flag-free,
// chosen anyway when the flags hold live carries).
func (g *gen) selShift(in *ir.Instr, d int32) {
	a, k := in.Args[0], in.Args[1].Imm
	if !g.flagFree(d) {
		g.twoAddr(in, aluOp[in.Op], a, immArg(int64(k)))
		return
	}
	kreg, src := g.vconst(k), g.vsrc(a, opReg|opMem)
	g.main(in.Results[0], shiftX[in.Op], keep, keep, regArg(g.vfresh(a, none)), src, regArg(kreg))
}

// selShrd: r = (hi:lo) >> k with shrd into lo's register (choice 0); flag-free shrx +
// shlx + lea (1: the two parts do not overlap, so the add is an or); or shld hi, lo, 64-k
// into hi's register (2), which saves shrd's copy of lo when lo lives on and hi dies
// (clang's choice), shrd otherwise. Choice 2 came after genomes were kept: 0 and 1 keep their programs.
func (g *gen) selShrd(in *ir.Instr, d int32) {
	lo, hi, k := in.Args[0], in.Args[1], in.Args[2].Imm
	choice := g.decide(d)
	if g.flagsBusy() {
		choice = 1
	}
	switch {
	case choice == 2 && g.dies(hi) && !g.dies(lo) && !hi.IsConst && !lo.IsConst && k > 0 && k < 64:
		g.override(d, 2)
		g.twoAddr(in, x86.SHLD, hi, regArg(g.vreg(lo)), immArg(int64(64-k)))
		return
	case choice != 1:
		g.override(d, 0)
		g.twoAddr(in, x86.SHRD, lo, regArg(g.vreg(hi)), immArg(int64(k)))
		return
	}
	g.override(d, 1)
	kr, kr2 := g.vconst(k), g.vconst(64-k)
	losrc, hisrc := g.vsrc(lo, opReg|opMem), g.vsrc(hi, opReg|opMem)
	t1 := g.vnew() // not a dying operand's register: hi is read after t1 is written
	g.aux(x86.SHRX, keep, keep, regArg(t1), losrc, regArg(kr))
	t2 := g.vfresh(hi, none)
	g.aux(x86.SHLX, keep, keep, regArg(t2), hisrc, regArg(kr2))
	g.main(in.Results[0], x86.LEA, keep, keep, regArg(t1), addrArg(t1, t2, 1, 0))
}

// selCast: u1 → u64 is free for a carry in a register (0/1 in all 64 bits) or alone in a
// flag (the flag then holds the u64 0/1 value); u64 → u1 keeps the low bit, or, where the
// operand is 0 or 1 anyway and its appended decision d says 1, keeps the register.
func (g *gen) selCast(in *ir.Instr, d int32) {
	a := in.Args[0]
	if g.f.TypeOf(a.Val) == ir.U1 && g.dies(a) {
		for _, f := range [...]flagState{g.sf.cf, g.sf.of} {
			if f.holdsArg(a) && !f.copied {
				g.put(mk(renameStep, a, ir.V(in.Results[0])))
				return
			}
		}
	}
	if g.f.TypeOf(a.Val) == ir.U64 && g.decide(d) == 0 {
		g.twoAddr(in, x86.AND, a, immArg(1))
		return
	}
	s := mk(bindStep, ir.V(in.Results[0]), none) // the u1 value in a register is the u64 value
	s.t = g.vtie(a)
	g.put(s)
}

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
