package interp

import (
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// word is a 128-bit integer. Every value is stored as its mathematical value mod 2^128:
// zero-extended for unsigned types, sign-extended for signed ones, so that the ring
// operations (+, -, *, &, |, ~) are exact before the final reduction to the result type.
type word struct{ lo, hi uint64 }

func (a word) add(b word) word {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return word{lo, a.hi + b.hi + c}
}

func (a word) sub(b word) word {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	return word{lo, a.hi - b.hi - c}
}

func (a word) mul(b word) word {
	hi, lo := bits.Mul64(a.lo, b.lo)
	return word{lo, hi + a.lo*b.hi + a.hi*b.lo}
}

func (a word) isZero() bool { return a.lo|a.hi == 0 }

// shr shifts right by k; arithmetic when signed.
func (a word) shr(k uint64, signed bool) word {
	fill := uint64(0)
	if signed && int64(a.hi) < 0 {
		fill = ^uint64(0)
	}
	switch {
	case k >= 128:
		return word{fill, fill}
	case k >= 64:
		lo := a.hi >> (k - 64)
		if signed {
			lo = uint64(int64(a.hi) >> (k - 64))
		}
		return word{lo, fill}
	case k == 0:
		return a
	}
	hi := a.hi >> k
	if signed {
		hi = uint64(int64(a.hi) >> k)
	}
	return word{a.lo>>k | a.hi<<(64-k), hi}
}

func (a word) shl(k uint64) word {
	switch {
	case k >= 128:
		return word{}
	case k >= 64:
		return word{0, a.lo << (k - 64)}
	case k == 0:
		return a
	}
	return word{a.lo << k, a.hi<<k | a.lo>>(64-k)}
}

// reduce maps a to the representation of type t: a mod 2^bits(t), then sign-extended
// for signed types.
func reduce(a word, t ir.Type) word {
	switch t {
	case ir.U1:
		return word{a.lo & 1, 0}
	case ir.U8:
		return word{a.lo & 0xff, 0}
	case ir.U32:
		return word{a.lo & 0xffffffff, 0}
	case ir.U64:
		return word{a.lo, 0}
	case ir.I1:
		m := -(a.lo & 1)
		return word{m, m}
	case ir.I64:
		return word{a.lo, uint64(int64(a.lo) >> 63)}
	}
	return a
}

// truncBits is a mod 2^s for 0 < s <= 128.
func truncBits(a word, s int) word {
	switch {
	case s >= 128:
		return a
	case s >= 64:
		if s == 64 {
			return word{a.lo, 0}
		}
		return word{a.lo, a.hi & (1<<(s-64) - 1)}
	}
	return word{a.lo & (1<<s - 1), 0}
}
