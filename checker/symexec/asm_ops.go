package symexec

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

var one128 = egraph.W(1)

func term(id egraph.Id, c egraph.U128) egraph.Term { return egraph.Term{Id: id, Coef: c} }

// exec applies one instruction.
func (x *asmExec) exec(in x86.Inst) {
	if err := in.Validate(); err != nil {
		x.violate("%v", err)
		return
	}
	g := x.g
	a := in.Args
	if in.Op.IsVector() {
		x.vector(in)
		return
	}
	switch in.Op {
	case x86.MOV, x86.MOVQ:
		x.write(in, a[0], x.read(in, a[1]))
	case x86.MOVZX:
		x.write(in, a[0], x.value(g.Mod(x.word(x.read(in, a[1])), 8)))
	case x86.XCHG:
		u, v := x.read(in, a[0]), x.read(in, a[1])
		x.write(in, a[0], v)
		x.write(in, a[1], u)
	case x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.CMP:
		x.alu(in)
	case x86.ADCX, x86.ADOX:
		x.adcx(in)
	case x86.MULX, x86.MUL, x86.IMUL:
		x.multiply(in)
	case x86.LEA:
		x.lea(in)
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR, x86.SHLX, x86.SHRX, x86.SARX, x86.RORX:
		x.shift(in)
	case x86.SHRD, x86.SHLD:
		x.doubleShift(in)
	case x86.AND, x86.OR, x86.XOR, x86.TEST, x86.ANDN:
		x.logic(in)
	case x86.BZHI:
		x.bzhi(in)
	case x86.NOT, x86.NEG, x86.INC, x86.DEC:
		x.unary(in)
	case x86.CMOV:
		c := x.cond(in.Cond)
		dst, src := x.read(in, a[0]), x.read(in, a[1])
		if dst.Ptr || src.Ptr {
			x.violate("conditional move of a pointer")
			return
		}
		x.write(in, a[0], x.value(g.Select(c, dst.Id, src.Id)))
	case x86.SET:
		x.write(in, a[0], x.value(x.cond(in.Cond)))
	case x86.CLC, x86.STC:
		x.setFlag(fCF, g.Word(map[bool]uint64{true: 1}[in.Op == x86.STC]))
	default:
		x.stackOp(in)
	}
}

// adcx is adcx or adox: an addition that reads and writes one flag only.
func (x *asmExec) adcx(in x86.Inst) {
	g, a := x.g, in.Args
	f := fCF
	if in.Op == x86.ADOX {
		f = fOF
	}
	t := g.Plus(x.word(x.read(in, a[0])), x.word(x.read(in, a[1])), x.getFlag(f))
	x.write(in, a[0], x.value(g.Mod(t, 64)))
	x.setFlag(f, g.Shr(t, 64))
}

// multiply is mulx (no flags), mul (rdx:rax, CF = OF = high half non-zero) or imul's two-
// and three-operand forms (the low half; flags undefined).
func (x *asmExec) multiply(in x86.Inst) {
	g, a := x.g, in.Args
	switch in.Op {
	case x86.MULX:
		p := g.Mul(x.word(x.regs[x86.RDX]), x.word(x.read(in, a[2])))
		x.write(in, a[1], x.value(g.Mod(p, 64)))
		x.write(in, a[0], x.value(g.Shr(p, 64)))
	case x86.MUL:
		p := g.Mul(x.word(x.regs[x86.RAX]), x.word(x.read(in, a[0])))
		hi := g.Shr(p, 64)
		x.regs[x86.RAX], x.regs[x86.RDX] = x.value(g.Mod(p, 64)), x.value(hi)
		nz := g.Not(g.IsZero(hi), 1)
		x.setFlag(fCF, nz)
		x.setFlag(fOF, nz)
		x.undefFlags(fZF, fSF)
	default: // IMUL
		var p egraph.Id
		if len(a) == 3 {
			p = g.Mul(x.word(x.read(in, a[1])), g.Word(uint64(a[2].Imm)))
		} else {
			p = g.Mul(x.word(x.read(in, a[0])), x.word(x.read(in, a[1])))
		}
		x.write(in, a[0], x.value(g.Mod(p, 64)))
		x.undefFlags(fCF, fOF, fZF, fSF)
	}
}

// unary is not, neg, inc or dec of the one operand (inc and dec leave CF alone).
func (x *asmExec) unary(in x86.Inst) {
	g, a := x.g, in.Args
	switch in.Op {
	case x86.NOT:
		x.write(in, a[0], x.value(g.Not(x.word(x.read(in, a[0])), 64)))
	case x86.NEG:
		d, b := SubBorrow(g, g.Word(0), x.word(x.read(in, a[0])), g.Word(0))
		x.write(in, a[0], x.value(d))
		x.setFlag(fCF, b)
		x.setZS(d)
		x.setFlag(fOF, g.Opaque("of_neg", one128, d))
	default: // INC, DEC
		c := uint64(1)
		if in.Op == x86.DEC {
			c = ^uint64(0)
		}
		r := g.Mod(g.Plus(x.word(x.read(in, a[0])), g.Word(c)), 64)
		x.write(in, a[0], x.value(r))
		x.setZS(r)
		x.setFlag(fOF, x.overflow("of_"+in.Op.String(), 64, r))
	}
}

func (x *asmExec) stackOp(in x86.Inst) {
	switch in.Op {
	case x86.PUSH:
		v := x.read(in, in.Args[0])
		x.moveRSP(-8)
		x.write(in, x86.M(x86.RSP, 0), v)
	case x86.POP:
		v := x.read(in, x86.M(x86.RSP, 0))
		x.moveRSP(8)
		x.write(in, in.Args[0], v)
	case x86.RET:
		x.res.Returned = true
	default:
		x.violate("unsupported instruction %s", in.Mnemonic())
	}
}

func (x *asmExec) moveRSP(d int64) {
	r := x.regs[x86.RSP]
	if !r.Ptr {
		x.violate("rsp does not point into the stack")
		return
	}
	r.Off += d
	x.regs[x86.RSP] = r
}

// alu is add, adc, sub, sbb and cmp, including constant moves of pointers.
func (x *asmExec) alu(in x86.Inst) {
	g := x.g
	dst, src := x.read(in, in.Args[0]), x.read(in, in.Args[1])
	if dst.Ptr && !src.Ptr && (in.Op == x86.ADD || in.Op == x86.SUB) && in.Args[1].Kind == x86.KindImm {
		d := in.Args[1].Imm
		if in.Op == x86.SUB {
			d = -d
		}
		dst.Off += d
		x.write(in, in.Args[0], dst)
		x.undefFlags(fCF, fOF, fZF, fSF)
		return
	}
	// Byte and 32-bit operands read zero-extended (an imm32 of a 32-bit operation is cut
	// to its 32 bits); the flags come from the w-bit result.
	a, b := x.word(dst), x.word(src)
	w := width(in)
	if w == 32 {
		b = g.Mod(b, 32)
	}
	var res, carry egraph.Id
	switch in.Op {
	case x86.ADD, x86.ADC:
		cin := g.Word(0)
		if in.Op == x86.ADC {
			cin = x.getFlag(fCF)
		}
		t := g.Plus(a, b, cin)
		res, carry = g.Mod(t, w), g.Shr(t, w)
		x.setFlag(fOF, x.overflow("of_add", w, a, b, cin))
	default:
		bin := g.Word(0)
		if in.Op == x86.SBB {
			bin = x.getFlag(fCF)
		}
		res, carry = subBorrowW(g, a, b, bin, w)
		x.setFlag(fOF, x.overflow("of_sub", w, a, b, bin))
	}
	x.setFlag(fCF, carry)
	x.setFlag(fZF, g.IsZero(res))
	x.setFlag(fSF, g.Shr(res, w-1))
	if in.Op != x86.CMP {
		x.write(in, in.Args[0], x.value(res))
	}
}

func (x *asmExec) lea(in x86.Inst) {
	g := x.g
	o := in.Args[1]
	if o.Base.IsGP64() && x.regs[o.Base].Ptr {
		if o.Index != x86.NoReg {
			x.violate("lea of a pointer with an index register")
			return
		}
		p := x.regs[o.Base]
		p.Off += int64(o.Disp)
		x.write(in, in.Args[0], p)
		return
	}
	terms := []egraph.Term{}
	if o.Base.IsGP64() {
		terms = append(terms, term(x.word(x.regs[o.Base]), one128))
	}
	if o.Index != x86.NoReg {
		s := uint64(o.Scale)
		if s == 0 {
			s = 1
		}
		terms = append(terms, term(x.word(x.regs[o.Index]), egraph.W(s)))
	}
	r := g.Mod(g.Sum(egraph.W(uint64(int64(o.Disp))), terms...), 64)
	x.write(in, in.Args[0], x.value(r))
}

// overflow is the signed-overflow flag of a w-bit arithmetic instruction: folded when every
// operand is a constant (CryptOpt clears OF with "mov r, -2; inc r"), the carry into the sign
// bit when both addends are non-negative as signed numbers ("add r8b, 0x7f" moves a saved
// bit into OF), else an uninterpreted 1-bit term.
func (x *asmExec) overflow(tag string, w int, args ...egraph.Id) egraph.Id {
	g := x.g
	if of, ok := x.constOverflow(tag, w, args); ok {
		return of
	}
	if (tag == "of_add" || tag == "of_sub") && x.inRange(tag == "of_sub", w, args) {
		return g.Word(0) // "add r8b, 0xff" moves a bit into CF and clears OF
	}
	if tag == "of_add" {
		half := egraph.Pow2(w - 1)
		if g.UB(args[0]).Cmp(half) < 0 && g.UB(args[1]).Cmp(half) < 0 && g.UB(args[2]).Cmp(egraph.W(1)) <= 0 {
			// a, b < 2^(w-1), cin <= 1: a+b+cin < 2^w, and it overflows iff it reaches 2^(w-1).
			return g.Shr(g.Plus(args...), w-1)
		}
	}
	return g.Opaque(fmt.Sprintf("%s%d", tag, w), one128, args...)
}

// inRange reports whether a ± b ± c stays in the signed w-bit range for all values: each
// of a and b is a constant (read as signed) or known to be below 2^(w-1) (non-negative).
func (x *asmExec) inRange(sub bool, w int, args []egraph.Id) bool {
	var lo, hi [2]*big.Int
	for i, a := range args[:2] {
		if v, ok := x.g.ConstVal(a); ok && v.Hi == 0 {
			s := big.NewInt(int64(v.Lo<<(64-w)) >> (64 - w))
			lo[i], hi[i] = s, s
			continue
		}
		ub := x.g.UB(a)
		if ub.Cmp(egraph.Pow2(w-1)) >= 0 {
			return false
		}
		lo[i], hi[i] = new(big.Int), new(big.Int).SetUint64(ub.Lo)
	}
	c := x.g.UB(args[2])
	if c.Cmp(egraph.W(1)) > 0 {
		return false
	}
	rlo, rhi := new(big.Int), new(big.Int)
	if sub { // a - b - c
		rlo.Sub(lo[0], hi[1]).Sub(rlo, new(big.Int).SetUint64(c.Lo))
		rhi.Sub(hi[0], lo[1])
	} else {
		rlo.Add(lo[0], lo[1])
		rhi.Add(hi[0], hi[1]).Add(rhi, new(big.Int).SetUint64(c.Lo))
	}
	smin := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	smax := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
	return rlo.Cmp(smin) >= 0 && rhi.Cmp(smax) <= 0
}

func (x *asmExec) constOverflow(tag string, w int, args []egraph.Id) (egraph.Id, bool) {
	g := x.g
	vals := make([]uint64, len(args))
	for i, a := range args {
		v, ok := g.ConstVal(a)
		if !ok || v.Hi != 0 {
			return 0, false
		}
		vals[i] = v.Lo
	}
	sign := uint64(1) << (w - 1)
	var of bool
	switch tag {
	case "of_inc": // args: the result
		of = vals[0] == sign
	case "of_dec":
		of = vals[0] == sign-1
	case "of_add": // a + b + cin
		of = signedOverflow(vals[0], vals[1], vals[2], w, false)
	case "of_sub": // a - b - bin
		of = signedOverflow(vals[0], vals[1], vals[2], w, true)
	default:
		return 0, false
	}
	if of {
		return g.Word(1), true
	}
	return g.Word(0), true
}

// signedOverflow reports whether a ± b ± c, read as signed w-bit numbers (c a carry or
// borrow bit), leaves the signed w-bit range: it sums in 128 bits.
func signedOverflow(a, b, c uint64, w int, sub bool) bool {
	type i128 struct{ hi, lo uint64 }
	ext := func(v uint64) i128 { // sign-extend the low w bits
		s := int64(v<<(64-w)) >> (64 - w)
		return i128{uint64(s >> 63), uint64(s)}
	}
	neg := func(v i128) i128 {
		lo, carry := bits.Add64(^v.lo, 1, 0)
		return i128{^v.hi + carry, lo}
	}
	add := func(x, y i128) i128 {
		lo, carry := bits.Add64(x.lo, y.lo, 0)
		hi, _ := bits.Add64(x.hi, y.hi, carry)
		return i128{hi, lo}
	}
	tb, tc := ext(b), i128{0, c}
	if sub {
		tb, tc = neg(tb), neg(tc)
	}
	r := add(add(ext(a), tb), tc)
	// In range iff r equals its own low w bits sign-extended.
	e := ext(r.lo)
	return r != e
}

// subBorrowW is SubBorrow at width w: a - b - bin mod 2^w and the borrow out.
func subBorrowW(g *egraph.EGraph, a, b, bin egraph.Id, w int) (diff, borrow egraph.Id) {
	if w == 64 {
		return SubBorrow(g, a, b, bin)
	}
	t := g.Plus(g.Mod(a, w), g.Not(g.Mod(b, w), w), g.Not(g.Mod(bin, 1), 1))
	return g.Mod(t, w), g.Not(g.Shr(t, w), 1)
}
