package secp256k1

import (
	"encoding/binary"
	"math/bits"

	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/secp256k1_montgomery"
)

// This file (identical in nistp256 and secp256k1 but for the field import) builds on the
// five generated ops Mul, Square, Add, Sub and Opp what a curve needs: Montgomery
// conversions, bytes, equality, masked selection and inversion. Every element is kept
// fully reduced (< p): the generated ops keep inputs < p below p (Fiat's contract).

// toMont returns x·2^256 mod p (x < 2^256 plain) in the Montgomery domain.
func toMont(x *fe) fe {
	var r fe
	field.Mul(&r, x, &cR2)
	return r
}

// fromMont returns the plain value of x (a Montgomery multiplication by 1).
func fromMont(x *fe) fe {
	var r fe
	one := fe{1}
	field.Mul(&r, x, &one)
	return r
}

// montOne returns 1 in the Montgomery domain (2^256 mod p).
func montOne() fe {
	one := fe{1}
	return toMont(&one)
}

// decodeFE reads 32 big-endian bytes into the Montgomery domain; ok is false when the
// value is not below p (points are public, so the caller may branch on ok).
func decodeFE(b []byte) (x fe, ok bool) {
	var w fe
	for i := range 4 {
		w[i] = binary.BigEndian.Uint64(b[(3-i)*8:])
	}
	if !less(w, cP) {
		return fe{}, false
	}
	return toMont(&w), true
}

// encodeFE writes the 32-byte big-endian encoding of x (Montgomery domain) to b.
func encodeFE(b []byte, x *fe) {
	w := fromMont(x)
	for i := range 4 {
		binary.BigEndian.PutUint64(b[(3-i)*8:], w[i])
	}
}

// less reports a < b as 256-bit integers, by a borrow chain without branches.
func less(a, b [4]uint64) bool {
	var borrow uint64
	for i := range 4 {
		_, borrow = bits.Sub64(a[i], b[i], borrow)
	}
	return borrow == 1
}

// isZero returns 1 when x = 0 and 0 otherwise, without a branch.
func isZero(x *fe) uint64 {
	v := x[0] | x[1] | x[2] | x[3]
	return 1 ^ ((v | -v) >> 63)
}

// equal returns 1 when x = y (both < p) and 0 otherwise, without a branch.
func equal(x, y *fe) uint64 {
	var d fe
	sub(&d, x, y)
	return isZero(&d)
}

// pow returns a^e for a public exponent e by 4-bit fixed windows (256 squarings, 64+14
// multiplications); branching on e is fine, it is a constant of the curve.
func pow(a *fe, e *[4]uint64) fe {
	var tab [16]fe
	tab[0] = montOne()
	tab[1] = *a
	for i := 2; i < 16; i++ {
		mul(&tab[i], &tab[i-1], a)
	}
	acc := tab[0]
	for i := 63; i >= 0; i-- {
		for range 4 {
			sqr(&acc, &acc)
		}
		if d := (e[i/16] >> (4 * (i % 16))) & 15; d != 0 {
			mul(&acc, &acc, &tab[d])
		}
	}
	return acc
}

// invert returns 1/a (0 for a = 0) as a^(p−2).
func invert(a *fe) fe {
	return pow(a, &cPm2)
}

// The generated ops support out aliasing an input through a temporary copied back with
// `*out = t`, which Go compiles to 16-byte vector moves of the assembly's 8-byte stores: a
// store-forwarding stall on every aliased call (the C code measured the same stall). These
// wrappers copy the temporary word by word instead; the alias test is on public addresses.

func mul(out, a, b *fe) {
	if out != a && out != b {
		field.Mul(out, a, b)
		return
	}
	var t fe
	field.Mul(&t, a, b)
	set(out, &t)
}

func sqr(out, a *fe) {
	if out != a {
		field.Square(out, a)
		return
	}
	var t fe
	field.Square(&t, a)
	set(out, &t)
}

func add(out, a, b *fe) {
	if out != a && out != b {
		field.Add(out, a, b)
		return
	}
	var t fe
	field.Add(&t, a, b)
	set(out, &t)
}

func sub(out, a, b *fe) {
	if out != a && out != b {
		field.Sub(out, a, b)
		return
	}
	var t fe
	field.Sub(&t, a, b)
	set(out, &t)
}

// set copies t to out one 64-bit word at a time (see above).
func set(out, t *fe) {
	out[0] = t[0]
	out[1] = t[1]
	out[2] = t[2]
	out[3] = t[3]
}
