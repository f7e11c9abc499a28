package weierstrass

import (
	"encoding/binary"
	"math/bits"
)

// scalarWords reads k (32 bytes big-endian) as 4 little-endian words and reports whether
// 0 < k < n, by a borrow chain and an OR without a branch on k; the caller branches on ok
// only (the error return).
func (c *Curve[E]) scalarWords(k []byte) (w [4]uint64, ok bool) {
	if len(k) != 32 {
		return w, false
	}
	for i := range 4 {
		w[i] = binary.BigEndian.Uint64(k[(3-i)*8:])
	}
	var borrow, nz uint64
	for i := range 4 {
		_, borrow = bits.Sub64(w[i], c.p.N[i], borrow)
		nz |= w[i]
	}
	return w, borrow&((nz|-nz)>>63) == 1
}

// Booth sets mag and neg to the len(mag) signed w-bit (Booth) digits of k, least
// significant first, as magnitudes (0..2^(w−1)) and signs (1 for negative): k = Σ
// ±mag[i]·2^(w·i) when k < 2^(w·len(mag) − 1) (the top digit is then ≥ 0). OpenSSL's
// ecp_nistz256 recoding, by masks: no branch or index depends on k.
func Booth(mag, neg []uint64, k *[4]uint64, w uint) {
	for i := range mag {
		in := windowBits(k, int(w)*i-1, w+1) // bits w·i−1 .. w·i+w−1
		s := ^((in >> w) - 1)                // all ones when bit w is set: a negative digit
		d := (1<<(w+1) - 1) - in
		d = d&s | in&^s
		mag[i], neg[i] = d>>1+d&1, s&1
	}
}

// windowBits returns bits pos..pos+n−1 of w (n ≤ 8; bits below 0 or above 255 are 0); pos
// is public.
func windowBits(w *[4]uint64, pos int, n uint) uint64 {
	var v uint64
	if pos < 0 {
		v = w[0] << -pos
	} else if pos < 256 {
		v = w[pos/64] >> (pos % 64)
		if pos%64 != 0 && pos/64 < 3 {
			v |= w[pos/64+1] << (64 - pos%64)
		}
	}
	return v & (1<<n - 1)
}

// SelectPoint sets r = tab[d−1] for d in 1..len(tab) and (0:one:0) for d = 0 (infinity,
// projective or Jacobian), reading every entry and keeping one by masks: no branch or
// index depends on the secret d. The words are gathered in locals (registers), not in r.
func SelectPoint[E Element](r *Point[E], tab []Point[E], d uint64, one *E) {
	var x0, x1, x2, x3, y0, y1, y2, y3, z0, z1, z2, z3 uint64
	for j := range tab {
		diff := uint64(j+1) ^ d
		m := -((diff - 1) >> 63) // all ones exactly when diff = 0 (d < 2^63)
		e := &tab[j]
		x0, x1, x2, x3 = x0|e.X[0]&m, x1|e.X[1]&m, x2|e.X[2]&m, x3|e.X[3]&m
		y0, y1, y2, y3 = y0|e.Y[0]&m, y1|e.Y[1]&m, y2|e.Y[2]&m, y3|e.Y[3]&m
		z0, z1, z2, z3 = z0|e.Z[0]&m, z1|e.Z[1]&m, z2|e.Z[2]&m, z3|e.Z[3]&m
	}
	zero := -((d - 1) >> 63) // all ones exactly when d = 0: Y = one
	r.X[0], r.X[1], r.X[2], r.X[3] = x0, x1, x2, x3
	r.Y[0], r.Y[1], r.Y[2], r.Y[3] = y0|(*one)[0]&zero, y1|(*one)[1]&zero, y2|(*one)[2]&zero, y3|(*one)[3]&zero
	r.Z[0], r.Z[1], r.Z[2], r.Z[3] = z0, z1, z2, z3
}

// SelectAffine sets r = tab[d−1] for d in 1..len(tab) and (0, 0) for d = 0 (the caller
// masks it), reading every entry and keeping one by masks, in locals as SelectPoint.
func SelectAffine[E Element](r *Affine[E], tab []Affine[E], d uint64) {
	var x0, x1, x2, x3, y0, y1, y2, y3 uint64
	for j := range tab {
		diff := uint64(j+1) ^ d
		m := -((diff - 1) >> 63) // all ones exactly when diff = 0
		e := &tab[j]
		x0, x1, x2, x3 = x0|e.X[0]&m, x1|e.X[1]&m, x2|e.X[2]&m, x3|e.X[3]&m
		y0, y1, y2, y3 = y0|e.Y[0]&m, y1|e.Y[1]&m, y2|e.Y[2]&m, y3|e.Y[3]&m
	}
	r.X[0], r.X[1], r.X[2], r.X[3] = x0, x1, x2, x3
	r.Y[0], r.Y[1], r.Y[2], r.Y[3] = y0, y1, y2, y3
}

// Choose sets a = b where m is all ones and keeps a where m is 0, word by word.
func Choose[E Element](a, b *E, m uint64) {
	for w := range 4 {
		(*a)[w] = (*a)[w]&^m | (*b)[w]&m
	}
}
