package ir

import "math/bits"

// UpperBounds returns, per value of a machine-form function, an upper bound of what it can
// hold when every parameter limb is within its declared upper bound (the field contract):
// a forward interval analysis, sound but not tight (a sum that may wrap is bounded by the
// type's maximum). Codegen uses it to find masks and truncations that cannot change their
// operand, which Fiat's C keeps and compilers drop by the same reasoning.
func UpperBounds(f *Func) []uint64 {
	ub := make([]uint64, len(f.Values))
	for v := range ub {
		ub[v] = f.Values[v].Type.LimbMax()
	}
	for _, p := range f.Params {
		for j, v := range p.Limbs {
			if j < len(p.Upper) {
				ub[v] = min(ub[v], p.Upper[j])
			}
		}
	}
	arg := func(a Arg) uint64 {
		if a.IsConst {
			return a.Imm
		}
		return ub[a.Val]
	}
	for i := range f.Body {
		in := &f.Body[i]
		var b [2]uint64
		b[0], b[1] = boundOf(in, arg)
		for k, r := range in.Results {
			ub[r] = min(b[k], f.Values[r].Type.LimbMax())
		}
	}
	return ub
}

// boundOf bounds the (one or two) results of a machine-form instruction from its operands'
// bounds; max64 where nothing better is known.
func boundOf(in *Instr, arg func(Arg) uint64) (uint64, uint64) {
	const max64 = ^uint64(0)
	a := func(i int) uint64 { return arg(in.Args[i]) }
	switch in.Op {
	case OpMulx:
		hi, lo := bits.Mul64(a(0), a(1))
		if hi != 0 {
			return max64, hi
		}
		return lo, 0
	case OpAddCarryx:
		s, c1 := bits.Add64(a(1), a(2), 0)
		s, c2 := bits.Add64(s, a(0), 0)
		if c1|c2 != 0 {
			return max64, 1
		}
		return s, 0
	case OpAdd:
		if s, c := bits.Add64(a(0), a(1), 0); c == 0 {
			return s, 0
		}
	case OpMul:
		if hi, lo := bits.Mul64(a(0), a(1)); hi == 0 {
			return lo, 0
		}
	case OpAnd:
		return min(a(0), a(1)), 0
	case OpOr:
		return 1<<bits.Len64(max(a(0), a(1))) - 1, 0
	case OpShr:
		return a(0) >> a(1), 0
	case OpShl:
		if k := a(1); a(0) <= max64>>k {
			return a(0) << k, 0
		}
	case OpShrd:
		// (hi:lo) ≤ ub(hi)·2^64 + ub(lo); shifted right by k, it fits 64 bits when
		// ub(hi) < 2^k.
		k := a(2)
		if a(1)>>k == 0 {
			return a(1)<<(64-k) | a(0)>>k, 0
		}
	case OpCmovznz:
		return max(a(1), a(2)), 0
	case OpCast:
		return a(0), 0 // the result's type clips it (UpperBounds)
	case OpLNot:
		return 1, 0
	}
	return max64, 1
}
