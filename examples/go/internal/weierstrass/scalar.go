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
