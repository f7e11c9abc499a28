package nistp256

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"sync"

	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p256"
)

// This file is identical in nistp256 and secp256k1 but for the field import.

// Errors returned for bad input; the result is then nil.
var (
	ErrScalar = errors.New(curveName + ": scalar is not 32 bytes with 0 < k < n")
	ErrPoint  = errors.New(curveName + ": point is not a 65-byte uncompressed SEC 1 encoding of a curve point")
)

// curve returns the Montgomery-domain constants, computed once; they are read-only after.
var curve = sync.OnceValue(newConsts)

// baseTable returns tab[i][j−1] = j·16^i·G for j in 1..15 (64×15 points, 90 KiB), computed
// at first use and read-only after: k·G is the sum over i of tab[i][k_i − 1].
var baseTable = sync.OnceValue(func() *[64][15]point {
	c := curve()
	tab := new([64][15]point)
	base := c.g
	for i := range tab {
		tab[i][0] = base
		for j := 1; j < 15; j++ {
			c.add(&tab[i][j], &tab[i][j-1], &base)
		}
		c.add(&base, &tab[i][14], &base) // 16·16^i·G
	}
	return tab
})

// scalarDigits returns the 64 4-bit digits of k, least significant first, and whether
// 0 < k < n. The range check is a borrow chain and an OR, without a branch on k; the
// caller branches on the result only (the error return).
func scalarDigits(k []byte) (d [64]uint64, ok bool) {
	if len(k) != 32 {
		return d, false
	}
	var w [4]uint64
	for i := range 4 {
		w[i] = binary.BigEndian.Uint64(k[(3-i)*8:])
	}
	var borrow, nz uint64
	for i := range 4 {
		_, borrow = bits.Sub64(w[i], cN[i], borrow)
		nz |= w[i]
	}
	valid := borrow & ((nz | -nz) >> 63)
	for i := range d {
		d[i] = (w[i/16] >> (4 * (i % 16))) & 15
	}
	clear(w[:])
	return d, valid == 1
}

// decodePoint parses and validates a 65-byte uncompressed SEC 1 point: prefix 0x04, both
// coordinates < p, on the curve. Infinity has no such encoding. The point is public.
func decodePoint(c *consts, b []byte) (point, bool) {
	if len(b) != 65 || b[0] != 0x04 {
		return point{}, false
	}
	x, okx := decodeFE(b[1:33])
	y, oky := decodeFE(b[33:65])
	if !okx || !oky || !c.onCurve(&x, &y) {
		return point{}, false
	}
	return point{x, y, c.one}, true
}

// encodePoint returns the uncompressed encoding of p. The curves have prime order and k is
// in [1, n), so p is never infinity for valid input; it is still refused (an error) rather
// than encoded as garbage.
func encodePoint(p *point) ([]byte, error) {
	if isZero(&p.Z) == 1 {
		return nil, errors.New(curveName + ": result is the point at infinity")
	}
	zinv := invert(&p.Z)
	var x, y fe
	field.Mul(&x, &p.X, &zinv)
	field.Mul(&y, &p.Y, &zinv)
	out := make([]byte, 65)
	out[0] = 0x04
	encodeFE(out[1:33], &x)
	encodeFE(out[33:65], &y)
	return out, nil
}

// ScalarBaseMult returns k·G as a 65-byte uncompressed SEC 1 point. k is 32 bytes
// big-endian with 0 < k < n, else ErrScalar. Constant time in k: 64 additions of table
// entries chosen by masks, no doubling.
func ScalarBaseMult(k []byte) ([]byte, error) {
	d, ok := scalarDigits(k)
	if !ok {
		return nil, ErrScalar
	}
	c, tab := curve(), baseTable()
	acc := point{Y: c.one}
	var q point
	for i := range 64 {
		c.selectPoint(&q, tab[i][:], d[i])
		c.add(&acc, &acc, &q)
	}
	clear(d[:])
	q = point{}
	return encodePoint(&acc)
}

// ScalarMult returns k·P as a 65-byte uncompressed SEC 1 point. k is 32 bytes big-endian
// with 0 < k < n, else ErrScalar; P is a validated 65-byte uncompressed SEC 1 point, else
// ErrPoint. Constant time in k: a table of 1..15·P, then 64 fixed 4-bit windows of four
// doublings and one addition of an entry chosen by masks (digit 0 selects infinity).
func ScalarMult(k, p []byte) ([]byte, error) {
	c := curve()
	var tab [15]point
	var ok bool
	if tab[0], ok = decodePoint(c, p); !ok {
		return nil, ErrPoint
	}
	d, ok := scalarDigits(k)
	if !ok {
		return nil, ErrScalar
	}
	for j := 1; j < 15; j++ {
		c.add(&tab[j], &tab[j-1], &tab[0])
	}
	var acc, q point
	c.selectPoint(&acc, tab[:], d[63])
	for i := 62; i >= 0; i-- {
		for range 4 {
			c.double(&acc, &acc)
		}
		c.selectPoint(&q, tab[:], d[i])
		c.add(&acc, &acc, &q)
	}
	clear(d[:])
	clear(tab[:])
	q = point{}
	return encodePoint(&acc)
}
