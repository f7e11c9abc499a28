package fields

import (
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// words emits saturated 64-bit arithmetic in Fiat's vocabulary (mulx, addcarryx,
// subborrowx, cmovznz), folding known zeros so sparse primes give short code.
type words struct{ b *ir.Builder }

var zero = ir.C(0)

func isZero(a ir.Arg) bool { return a.IsConst && a.Imm == 0 }

// mulx is (lo, hi) of x·y.
func (w words) mulx(x, y ir.Arg) (lo, hi ir.Arg) {
	switch {
	case isZero(x) || isZero(y):
		return zero, zero
	case x.IsConst && y.IsConst:
		h, l := bits.Mul64(x.Imm, y.Imm)
		return ir.C(l), ir.C(h)
	case y.IsConst && y.Imm == 1:
		return x, zero
	case x.IsConst && x.Imm == 1:
		return y, zero
	}
	l, h := w.b.Mulx(x, y)
	return ir.V(l), ir.V(h)
}

// addc is (sum, carry) of cin + x + y.
func (w words) addc(cin, x, y ir.Arg) (ir.Arg, ir.Arg) {
	if isZero(cin) {
		switch {
		case isZero(x):
			return y, zero
		case isZero(y):
			return x, zero
		}
	}
	s, c := w.b.AddCarry(cin, x, y)
	return ir.V(s), ir.V(c)
}

// subb is (diff, borrow) of x - y - bin.
func (w words) subb(bin, x, y ir.Arg) (ir.Arg, ir.Arg) {
	if isZero(bin) && isZero(y) {
		return x, zero
	}
	d, c := w.b.SubBorrow(bin, x, y)
	return ir.V(d), ir.V(c)
}

// plus is x + y in a u64 where the caller knows it cannot wrap (a carry into a high word).
func (w words) plus(x, y ir.Arg) ir.Arg { return w.withZero(ir.OpAdd, x, y) }

// withZero is x op y for an op with 0 as identity (add, or), a zero operand folded.
func (w words) withZero(op ir.Op, x, y ir.Arg) ir.Arg {
	switch {
	case isZero(x):
		return y
	case isZero(y):
		return x
	}
	return ir.V(w.b.Op1(op, ir.U64, x, y))
}

// cmov is c == 0 ? z : nz.
func (w words) cmov(c, z, nz ir.Arg) ir.Arg {
	return ir.V(w.b.Op1(ir.OpCmovznz, ir.U64, c, z, nz))
}

// row is x·ys as len(ys)+1 words: the products' low halves plus the high halves one word up.
func (w words) row(x ir.Arg, ys []ir.Arg) []ir.Arg {
	n := len(ys)
	lo, hi := make([]ir.Arg, n), make([]ir.Arg, n)
	for j := n - 1; j >= 0; j-- { // Fiat multiplies from the top limb down
		lo[j], hi[j] = w.mulx(x, ys[j])
	}
	out := make([]ir.Arg, n+1)
	out[0] = lo[0]
	c := zero
	for j := 1; j < n; j++ {
		out[j], c = w.addc(c, hi[j-1], lo[j])
	}
	out[n] = w.plus(c, hi[n-1])
	return out
}

// addChain adds two equal-length word vectors, returning the sum words and the carry out.
func (w words) addChain(xs, ys []ir.Arg) ([]ir.Arg, ir.Arg) { return chain(w.addc, xs, ys) }

// subChain subtracts ys from xs, returning the difference words and the borrow out.
func (w words) subChain(xs, ys []ir.Arg) ([]ir.Arg, ir.Arg) { return chain(w.subb, xs, ys) }

// chain applies op (addc or subb) word by word from the least significant, threading the
// carry or borrow, and returns the words and the last carry or borrow.
func chain(op func(c, x, y ir.Arg) (ir.Arg, ir.Arg), xs, ys []ir.Arg) ([]ir.Arg, ir.Arg) {
	out := make([]ir.Arg, len(xs))
	c := zero
	for j := range xs {
		out[j], c = op(c, xs[j], ys[j])
	}
	return out, c
}

// consts are the words of a constant vector as operands.
func consts(ks []uint64) []ir.Arg {
	out := make([]ir.Arg, len(ks))
	for i, k := range ks {
		out[i] = ir.C(k)
	}
	return out
}

// vals are values as operands.
func vals(vs []ir.Value) []ir.Arg {
	out := make([]ir.Arg, len(vs))
	for i, v := range vs {
		out[i] = ir.V(v)
	}
	return out
}

// saturatedParams declares arg1 (and arg2 for binary ops) of n full 64-bit limbs.
func saturatedParams(b *ir.Builder, op string, n int) (a, c []ir.Arg) {
	lo, hi := repeat(0, n), repeat(^uint64(0), n)
	a = vals(b.Param("arg1", ir.U64, lo, hi))
	if opArity[op] == 2 {
		c = vals(b.Param("arg2", ir.U64, repeat(0, n), repeat(^uint64(0), n)))
	}
	return a, c
}

// saturatedReturn declares out1 of n full 64-bit limbs.
func saturatedReturn(b *ir.Builder, out []ir.Arg) {
	n := len(out)
	b.Return("out1", ir.U64, out, repeat(0, n), repeat(^uint64(0), n))
}

// shl is x << k (x itself for k = 0; constants folded).
func (w words) shl(x ir.Arg, k int) ir.Arg {
	return w.shift(ir.OpShl, x, k, func(v uint64) uint64 { return v << k })
}

// shr is x >> k (x itself for k = 0; constants folded).
func (w words) shr(x ir.Arg, k int) ir.Arg {
	return w.shift(ir.OpShr, x, k, func(v uint64) uint64 { return v >> k })
}

func (w words) shift(op ir.Op, x ir.Arg, k int, fold func(uint64) uint64) ir.Arg {
	switch {
	case k == 0 || isZero(x):
		return x
	case k >= 64:
		return zero
	case x.IsConst:
		return ir.C(fold(x.Imm))
	}
	return ir.V(w.b.Op1(op, ir.U64, x, ir.C(uint64(k))))
}

// or is x | y (zeros folded).
func (w words) or(x, y ir.Arg) ir.Arg { return w.withZero(ir.OpOr, x, y) }

// and is x & m (x itself for an all-ones m).
func (w words) and(x ir.Arg, m uint64) ir.Arg {
	if m == ^uint64(0) {
		return x
	}
	return ir.V(w.b.Op1(ir.OpAnd, ir.U64, x, ir.C(m)))
}

// funnel is the low word of (hi:lo) >> r for 0 < r < 64, written as a u128 shift so that
// lowering makes it one shrd (or its flag-free form).
func (w words) funnel(lo, hi ir.Arg, r int) ir.Arg {
	switch {
	case isZero(hi):
		return w.shr(lo, r)
	case isZero(lo):
		return w.shl(hi, 64-r)
	}
	h := w.b.Op1(ir.OpShl, ir.U128, ir.V(w.b.Op1(ir.OpCast, ir.U128, hi)), ir.C(64))
	x := w.b.Op1(ir.OpOr, ir.U128, ir.V(h), lo)
	return ir.V(w.b.Op1(ir.OpCast, ir.U64, ir.V(w.b.Op1(ir.OpShr, ir.U128, ir.V(x), ir.C(uint64(r))))))
}
