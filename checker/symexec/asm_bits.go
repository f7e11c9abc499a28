package symexec

import (
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// count is a constant shift count: an immediate, or a register holding a constant.
func (x *asmExec) count(in x86.Inst, o x86.Operand, mask uint64) (int, bool) {
	if o.Kind == x86.KindImm {
		return int(uint64(o.Imm) & mask), true
	}
	v := x.read(in, o)
	if v.Ptr {
		x.violate("shift count is not a constant")
		return 0, false
	}
	// Only the count's low bits (mask = 2^k-1) matter to the CPU: clang sets bzhi's index
	// with "mov dl, 0x2c", leaving the rest of rdx unknown.
	if c, ok := x.g.ConstVal(x.g.Mod(v.Id, bits.Len64(mask))); ok {
		return int(c.Lo & mask), true
	}
	x.violate("shift count is not a constant")
	return 0, false
}

// rotr is x rotated right by k bits (0 < k < 64).
func rotr(g *egraph.EGraph, v egraph.Id, k int) egraph.Id {
	return g.Mod(g.Sum(egraph.U128{}, term(g.Shr(v, k), one128), term(v, egraph.Pow2(64-k))), 64)
}

// sarW is the arithmetic right shift of a w-bit value by 0 < k < w.
func sarW(g *egraph.EGraph, v egraph.Id, k, w int) egraph.Id {
	fill, _ := egraph.Pow2(w).Sub(egraph.Pow2(w - k))
	return g.Mod(g.Sum(egraph.U128{}, term(g.Shr(v, k), one128), term(g.Shr(v, w-1), fill)), w)
}

func (x *asmExec) shift(in x86.Inst) {
	g := x.g
	a := in.Args
	src, cnt := a[0], a[1]
	vex := in.Op == x86.SHLX || in.Op == x86.SHRX || in.Op == x86.SARX || in.Op == x86.RORX
	if vex {
		src, cnt = a[1], a[2]
	}
	w := width(in) // 64 or 32: the shift forms have no byte register
	k, ok := x.count(in, cnt, uint64(w-1))
	if !ok {
		return
	}
	v := x.word(x.read(in, src))
	if k == 0 {
		if vex || w == 32 { // a 32-bit count-0 shift still writes: the upper half is zeroed
			x.write(in, a[0], x.value(v))
		}
		return
	}
	var r, cf egraph.Id
	switch in.Op {
	case x86.SHL, x86.SHLX:
		r, cf = g.Mod(g.Scale(v, egraph.Pow2(k)), w), g.Mod(g.Shr(v, w-k), 1)
	case x86.SHR, x86.SHRX:
		r, cf = g.Shr(v, k), g.Mod(g.Shr(v, k-1), 1)
	case x86.SAR, x86.SARX:
		r, cf = sarW(g, v, k, w), g.Mod(g.Shr(v, k-1), 1)
	default:
		r = rotr(g, v, k)
		cf = g.Shr(r, 63)
	}
	x.write(in, a[0], x.value(r))
	if vex {
		return
	}
	x.setFlag(fCF, cf)
	x.undefFlags(fOF)
	if in.Op != x86.ROR {
		x.setZSW(r, w)
	}
}

// doubleShift is shrd dst, src, k (dst = low word of src:dst >> k) and shld.
func (x *asmExec) doubleShift(in x86.Inst) {
	g := x.g
	k, ok := x.count(in, in.Args[2], 63)
	if !ok || k == 0 {
		return
	}
	d, s := x.word(x.read(in, in.Args[0])), x.word(x.read(in, in.Args[1]))
	var r, cf egraph.Id
	if in.Op == x86.SHRD {
		wide := g.Sum(egraph.U128{}, term(s, egraph.Pow2(64)), term(d, one128))
		r, cf = g.Mod(g.Shr(wide, k), 64), g.Mod(g.Shr(d, k-1), 1)
	} else {
		wide := g.Sum(egraph.U128{}, term(d, egraph.Pow2(64)), term(s, one128))
		r, cf = g.Mod(g.Shr(wide, 64-k), 64), g.Mod(g.Shr(d, 64-k), 1)
	}
	x.write(in, in.Args[0], x.value(r))
	x.setFlag(fCF, cf)
	x.undefFlags(fOF)
	x.setZS(r)
}

func (x *asmExec) logic(in x86.Inst) {
	g := x.g
	a := in.Args
	var r egraph.Id
	if in.Op == x86.ANDN {
		r = g.And(g.Not(x.word(x.read(in, a[1])), 64), x.word(x.read(in, a[2])))
	} else {
		u, v := x.word(x.read(in, a[0])), x.word(x.read(in, a[1]))
		if in.Dword() {
			v = g.Mod(v, 32) // the imm32 of a 32-bit operation
		}
		switch in.Op {
		case x86.AND, x86.TEST:
			r = g.And(u, v)
		case x86.OR:
			r = g.Or(u, v)
		default:
			r = g.Xor(u, v)
		}
	}
	if in.Op != x86.TEST {
		x.write(in, a[0], x.value(r))
	}
	x.setFlag(fCF, g.Word(0))
	x.setFlag(fOF, g.Word(0))
	x.setZSW(r, width(in))
}

func (x *asmExec) bzhi(in x86.Inst) {
	g := x.g
	n, ok := x.count(in, in.Args[2], 0xff)
	if !ok {
		return
	}
	v := x.word(x.read(in, in.Args[1]))
	r := v
	if n < 64 {
		r = g.Mod(v, n)
	}
	x.write(in, in.Args[0], x.value(r))
	x.setFlag(fCF, g.Word(map[bool]uint64{true: 1}[n > 63]))
	x.setFlag(fOF, g.Word(0))
	x.setZS(r)
}

// cond is the 0/1 value of a condition code.
func (x *asmExec) cond(c x86.Cond) egraph.Id {
	g := x.g
	switch c {
	case x86.CondO, x86.CondNO:
		return x.pick(c == x86.CondNO, x.getFlag(fOF))
	case x86.CondC, x86.CondNC:
		return x.pick(c == x86.CondNC, x.getFlag(fCF))
	case x86.CondZ, x86.CondNZ:
		return x.pick(c == x86.CondNZ, x.getFlag(fZF))
	case x86.CondS, x86.CondNS:
		return x.pick(c == x86.CondNS, x.getFlag(fSF))
	case x86.CondBE, x86.CondA:
		return x.pick(c == x86.CondA, g.Or(x.getFlag(fCF), x.getFlag(fZF)))
	case x86.CondL, x86.CondGE:
		return x.pick(c == x86.CondGE, g.Xor(x.getFlag(fSF), x.getFlag(fOF)))
	case x86.CondLE, x86.CondG:
		le := g.Or(x.getFlag(fZF), g.Xor(x.getFlag(fSF), x.getFlag(fOF)))
		return x.pick(c == x86.CondG, le)
	}
	x.violate("condition %s reads the parity flag, which is not modelled", c)
	return g.Word(0)
}

func (x *asmExec) pick(negate bool, b egraph.Id) egraph.Id {
	if negate {
		return x.g.Not(b, 1)
	}
	return b
}
