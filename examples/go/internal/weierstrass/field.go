package weierstrass

import (
	"encoding/binary"
	"math/bits"
)

// Element is a field element as 4 little-endian 64-bit words (a generated field package's
// Element). Every element is kept fully reduced (< p): the generated ops keep inputs < p
// below p (Fiat's contract).
type Element interface{ ~[4]uint64 }

// The field helpers below run a few times per scalar multiplication, so they call the
// field through the Formulas interface (by value); the ladders call it directly.

// ToMont returns x·2^256 mod p (x < 2^256 plain) in the Montgomery domain.
func (c *Curve[E]) ToMont(x *E) E { return c.p.Formulas.Mul(*x, c.p.R2) }

// FromMont returns the plain value of x (a Montgomery multiplication by 1).
func (c *Curve[E]) FromMont(x *E) E { return c.p.Formulas.Mul(*x, E{1}) }

// DecodeFE reads 32 big-endian bytes into the Montgomery domain; ok is false when the
// value is not below p (points are public, so the caller may branch on ok).
func (c *Curve[E]) DecodeFE(b []byte) (x E, ok bool) {
	var w [4]uint64
	for i := range 4 {
		w[i] = binary.BigEndian.Uint64(b[(3-i)*8:])
	}
	if !Less(w, c.p.P) {
		return E{}, false
	}
	e := E(w)
	return c.ToMont(&e), true
}

// EncodeFE writes the 32-byte big-endian encoding of x (Montgomery domain) to b.
func (c *Curve[E]) EncodeFE(b []byte, x *E) {
	w := c.FromMont(x)
	for i := range 4 {
		binary.BigEndian.PutUint64(b[(3-i)*8:], w[i])
	}
}

// Invert returns 1/a (0 for a = 0) in the Montgomery domain, constant time: a = x·R is
// inverted as an integer mod p by divsteps (inverse.go), giving x^-1·R^-1, and one
// Montgomery multiplication by R³ makes it x^-1·R. It replaced an addition chain for
// a^(p−2), ~270 calls of the field's assembly (docs/weierstrass.md: 2 µs less per k·G).
func (c *Curve[E]) Invert(a *E) E {
	w := [4]uint64(*a)
	inv := E(c.inv.inverse(&w))
	r := c.p.Formulas.Mul(inv, c.r3)
	clear(w[:])
	return r
}

// Less reports a < b as 256-bit integers, by a borrow chain without branches.
func Less(a, b [4]uint64) bool {
	var borrow uint64
	for i := range 4 {
		_, borrow = bits.Sub64(a[i], b[i], borrow)
	}
	return borrow == 1
}

// IsZero returns 1 when x = 0 and 0 otherwise, without a branch.
func IsZero[E Element](x *E) uint64 {
	v := (*x)[0] | (*x)[1] | (*x)[2] | (*x)[3]
	return 1 ^ ((v | -v) >> 63)
}
