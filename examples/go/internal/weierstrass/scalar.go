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
	// e = 2k: digit i reads bits w·i .. w·i+w of e (bit w·i−1 of k and up) with one
	// two-word shift, no branch (w·(len(mag)−1) < 256).
	e := [5]uint64{k[0] << 1, k[1]<<1 | k[0]>>63, k[2]<<1 | k[1]>>63, k[3]<<1 | k[2]>>63, k[3] >> 63}
	for i := range mag {
		pos := w * uint(i) // public
		j, sh := pos/64, pos%64
		in := (e[j]>>sh | e[j+1]<<(63-sh)<<1) & (1<<(w+1) - 1)
		s := ^((in >> w) - 1) // all ones when bit w is set: a negative digit
		d := (1<<(w+1) - 1) - in
		d = d&s | in&^s
		mag[i], neg[i] = d>>1+d&1, s&1
	}
	clear(e[:])
}

// match returns all ones when j + 1 = d and 0 otherwise, without a branch (d < 2^63).
func match(j int, d uint64) uint64 {
	diff := uint64(j+1) ^ d
	return -((diff - 1) >> 63)
}

// Choose sets a = b where m is all ones and keeps a where m is 0, word by word.
func Choose[E Element](a, b *E, m uint64) {
	// Unrolled: the loop was not, and its counter cost as much as the masking.
	(*a)[0] = (*a)[0]&^m | (*b)[0]&m
	(*a)[1] = (*a)[1]&^m | (*b)[1]&m
	(*a)[2] = (*a)[2]&^m | (*b)[2]&m
	(*a)[3] = (*a)[3]&^m | (*b)[3]&m
}
