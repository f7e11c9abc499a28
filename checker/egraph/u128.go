package egraph

import (
	"fmt"
	"math/big"
	"math/bits"
)

// U128 is an unsigned 128-bit integer: constants, coefficients and upper bounds.
type U128 struct{ Hi, Lo uint64 }

// Max is the largest U128; as an upper bound it means "2^128 or more" (unknown).
var Max = U128{^uint64(0), ^uint64(0)}

// W makes a U128 from a word.
func W(v uint64) U128 { return U128{Lo: v} }

// Pow2 is 2^k for k < 128 (Max otherwise).
func Pow2(k int) U128 {
	switch {
	case k < 0 || k >= 128:
		return Max
	case k >= 64:
		return U128{Hi: 1 << (k - 64)}
	}
	return U128{Lo: 1 << k}
}

// Mask is 2^k-1 for 0 <= k <= 128.
func Mask(k int) U128 {
	if k >= 128 {
		return Max
	}
	p := Pow2(k)
	r, _ := p.Sub(W(1))
	return r
}

// IsZero reports v == 0.
func (v U128) IsZero() bool { return v.Hi|v.Lo == 0 }

// Cmp compares v and w (-1, 0, +1).
func (v U128) Cmp(w U128) int {
	switch {
	case v.Hi < w.Hi || (v.Hi == w.Hi && v.Lo < w.Lo):
		return -1
	case v == w:
		return 0
	}
	return 1
}

// Add is v+w and whether it overflowed.
func (v U128) Add(w U128) (U128, bool) {
	lo, c := bits.Add64(v.Lo, w.Lo, 0)
	hi, c2 := bits.Add64(v.Hi, w.Hi, c)
	return U128{hi, lo}, c2 != 0
}

// Sub is v-w and whether it borrowed.
func (v U128) Sub(w U128) (U128, bool) {
	lo, b := bits.Sub64(v.Lo, w.Lo, 0)
	hi, b2 := bits.Sub64(v.Hi, w.Hi, b)
	return U128{hi, lo}, b2 != 0
}

// Mul is v*w and whether it overflowed 128 bits.
func (v U128) Mul(w U128) (U128, bool) {
	if v.Hi != 0 && w.Hi != 0 {
		return U128{}, true
	}
	hi, lo := bits.Mul64(v.Lo, w.Lo)
	h1, l1 := bits.Mul64(v.Hi, w.Lo)
	h2, l2 := bits.Mul64(v.Lo, w.Hi)
	if h1 != 0 || h2 != 0 {
		return U128{}, true
	}
	hi, c := bits.Add64(hi, l1, 0)
	hi, c2 := bits.Add64(hi, l2, 0)
	return U128{hi, lo}, c|c2 != 0
}

// Shr is v >> k.
func (v U128) Shr(k int) U128 {
	switch {
	case k >= 128:
		return U128{}
	case k >= 64:
		return U128{Lo: v.Hi >> (k - 64)}
	case k == 0:
		return v
	}
	return U128{v.Hi >> k, v.Lo>>k | v.Hi<<(64-k)}
}

// Trunc is v mod 2^k.
func (v U128) Trunc(k int) U128 {
	switch {
	case k >= 128:
		return v
	case k >= 64:
		return U128{v.Hi & (1<<(k-64) - 1), v.Lo}
	}
	return U128{Lo: v.Lo & (1<<k - 1)}
}

// BitLen is the number of bits needed to write v.
func (v U128) BitLen() int {
	if v.Hi != 0 {
		return 64 + bits.Len64(v.Hi)
	}
	return bits.Len64(v.Lo)
}

// Big converts v to a big.Int.
func (v U128) Big() *big.Int {
	b := new(big.Int).SetUint64(v.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(v.Lo))
}

func (v U128) String() string {
	if v.Hi == 0 {
		if v.Lo < 1<<16 {
			return fmt.Sprint(v.Lo)
		}
		return fmt.Sprintf("0x%x", v.Lo)
	}
	return fmt.Sprintf("0x%x%016x", v.Hi, v.Lo)
}

// satAdd and satMul saturate at Max, the "unknown" upper bound.
func satAdd(v, w U128) U128 {
	r, o := v.Add(w)
	if o || v == Max || w == Max {
		return Max
	}
	return r
}

func satMul(v, w U128) U128 {
	if v.IsZero() || w.IsZero() {
		return U128{}
	}
	r, o := v.Mul(w)
	if o || v == Max || w == Max {
		return Max
	}
	return r
}

// fits reports whether an upper bound ub proves the value is below 2^k (Max proves nothing).
func fits(ub U128, k int) bool {
	if ub == Max {
		return false
	}
	return k >= 128 || ub.Cmp(Pow2(k)) < 0
}
