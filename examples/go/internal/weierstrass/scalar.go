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

// Select sets r = tab[d−1] for d in 1..len(tab) and 0 for d = 0, reading every entry and
// keeping one by masks: no branch or index depends on the secret d. Tables are kept one
// array per coordinate (Table16, AffineRow) so that one loop gathers four words in locals
// (registers); twelve at once, a whole point, did not fit and spilled (callgrind: 1,520 →
// 960 instructions per 16-entry point lookup).
func Select[E Element](r *E, tab []E, d uint64) {
	var m [32]uint64
	SelectMasked(r, tab, Masks(m[:len(tab)], d))
}

// Masks sets m[j] to all ones for j + 1 = d and to 0 otherwise (d < 2^63), and returns m:
// the masks of one lookup, computed once for all its coordinates (SelectMasked).
func Masks(m []uint64, d uint64) []uint64 {
	for j := range m {
		m[j] = match(j, d)
	}
	return m
}

// SelectMasked sets r to the OR of tab[j] AND m[j] over all j (len(m) ≥ len(tab)): with
// Masks(m, d), r = tab[d−1], or 0 for d = 0. Every entry is read.
func SelectMasked[E Element](r *E, tab []E, m []uint64) {
	var w0, w1, w2, w3 uint64
	m = m[:len(tab)]
	for j := range tab {
		mj, e := m[j], &tab[j]
		w0, w1, w2, w3 = w0|(*e)[0]&mj, w1|(*e)[1]&mj, w2|(*e)[2]&mj, w3|(*e)[3]&mj
	}
	(*r)[0], (*r)[1], (*r)[2], (*r)[3] = w0, w1, w2, w3
}

// Table16 holds the points j·P for j in 1..16 (entry j−1), one array per coordinate.
type Table16[E Element] struct{ X, Y, Z [16]E }

// Set sets entry j to p, word by word (see Point.Set).
func (t *Table16[E]) Set(j int, p *Point[E]) {
	SetFE(&t.X[j], &p.X)
	SetFE(&t.Y[j], &p.Y)
	SetFE(&t.Z[j], &p.Z)
}

// SetJac sets entry j to the Jacobian p = (X, Y, Z) (the fused field ops' layout).
func (t *Table16[E]) SetJac(j int, p *[3]E) {
	SetFE(&t.X[j], &p[0])
	SetFE(&t.Y[j], &p[1])
	SetFE(&t.Z[j], &p[2])
}

// LookupJac is Lookup into a Jacobian (X, Y, Z) in the fused field ops' layout.
func (t *Table16[E]) LookupJac(r *[3]E, d uint64, one *E) {
	var m [16]uint64
	Masks(m[:], d)
	SelectMasked(&r[0], t.X[:], m[:])
	SelectMasked(&r[1], t.Y[:], m[:])
	SelectMasked(&r[2], t.Z[:], m[:])
	Choose(&r[1], one, -((d - 1) >> 63)) // all ones exactly when d = 0 (d < 2^63)
}

// Lookup sets r = entry d−1 for d in 1..16 and (0:one:0) for d = 0 (infinity, projective
// or Jacobian), by masks.
func (t *Table16[E]) Lookup(r *Point[E], d uint64, one *E) {
	var m [16]uint64
	Masks(m[:], d)
	SelectMasked(&r.X, t.X[:], m[:])
	SelectMasked(&r.Y, t.Y[:], m[:])
	SelectMasked(&r.Z, t.Z[:], m[:])
	Choose(&r.Y, one, -((d - 1) >> 63)) // all ones exactly when d = 0 (d < 2^63)
}

// SetFE sets dst = src one 64-bit word at a time (see Point.Set).
func SetFE[E Element](dst, src *E) {
	(*dst)[0], (*dst)[1], (*dst)[2], (*dst)[3] = (*src)[0], (*src)[1], (*src)[2], (*src)[3]
}

// match returns all ones when j + 1 = d and 0 otherwise, without a branch (d < 2^63).
func match(j int, d uint64) uint64 {
	diff := uint64(j+1) ^ d
	return -((diff - 1) >> 63)
}

// Choose sets a = b where m is all ones and keeps a where m is 0, word by word.
func Choose[E Element](a, b *E, m uint64) {
	for w := range 4 {
		(*a)[w] = (*a)[w]&^m | (*b)[w]&m
	}
}
