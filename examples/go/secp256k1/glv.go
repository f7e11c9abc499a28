package secp256k1

import "math/bits"

// GLV decomposition (libsecp256k1's constants; examples/weierstrass/scalar.inc): the lattice
// basis (a1, b1), (a2, b2) of {(x, y): x + λ·y = 0 mod n} with b2 = a1 and b1 < 0 (mb1 =
// −b1), and g_i = round(2^384·b_i'/n) for b1' = b2, b2' = −b1. With c1 = round(k·g1/2^384)
// and c2 = round(k·g2/2^384), r1 = k − c1·a1 − c2·a2 and r2 = c1·mb1 − c2·a1. The error
// of each c_i is at most 1/2 + 2^-129, so |r1| ≤ (a1 + a2)(1/2 + 2^-129) < 2^128 and |r2| ≤
// (mb1 + a1)(1/2 + 2^-129) < 2^128: both are exact in 256-bit two's complement, so
// everything is computed mod 2^256.
var (
	glvA1  = [4]uint64{0xe86c90e49284eb15, 0x3086d221a7d46bcd, 0, 0}
	glvMB1 = [4]uint64{0x6f547fa90abfe4c3, 0xe4437ed6010e8828, 0, 0}
	glvA2  = [4]uint64{0x57c1108d9d44cfd8, 0x14ca50f7a8e2f3f6, 1, 0}
	glvG1  = [4]uint64{0xe893209a45dbb031, 0x3daa8a1471e8ca7f, 0xe86c90e49284eb15, 0x3086d221a7d46bcd}
	glvG2  = [4]uint64{0x1571b4ae8ac47f71, 0x221208ac9df506c6, 0x6f547fa90abfe4c4, 0xe4437ed6010e8828}
)

// glvSplit returns |r1|, |r2| and their signs (1 for negative) with k = r1 + λ·r2 mod n,
// |r_i| < 2^128, without a branch or index on k.
func glvSplit(k *[4]uint64) (r1, r2 [4]uint64, s1, s2 uint64) {
	c1, c2 := mulShift384(k, &glvG1), mulShift384(k, &glvG2)
	r1 = *k
	mulAcc(&r1, &c1, &glvA1, false)
	mulAcc(&r1, &c2, &glvA2, false)
	mulAcc(&r2, &c1, &glvMB1, true)
	mulAcc(&r2, &c2, &glvA1, false) // b2 = a1
	s1, s2 = absSigned(&r1), absSigned(&r2)
	clear(c1[:])
	clear(c2[:])
	return r1, r2, s1, s2
}

// mulWide returns a·b, 512 bits.
func mulWide(a, b *[4]uint64) (r [8]uint64) {
	for i := range 4 {
		var carry uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, r[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			r[i+j], carry = lo, hi
		}
		r[i+4] = carry
	}
	return r
}

// mulShift384 returns round(k·g / 2^384) (< 2^128 here).
func mulShift384(k, g *[4]uint64) [4]uint64 {
	w := mulWide(k, g)
	lo, c := bits.Add64(w[6], w[5]>>63, 0)
	hi := w[7] + c
	clear(w[:])
	return [4]uint64{lo, hi, 0, 0}
}

// mulAcc sets r = r + a·b (add, public) or r − a·b, mod 2^256.
func mulAcc(r, a, b *[4]uint64, add bool) {
	w := mulWide(a, b)
	var c uint64
	for i := range 4 {
		if add {
			r[i], c = bits.Add64(r[i], w[i], c)
		} else {
			r[i], c = bits.Sub64(r[i], w[i], c)
		}
	}
	clear(w[:])
}

// absSigned sets r = |r| (256-bit two's complement) and returns its sign bit, by masks.
func absSigned(r *[4]uint64) uint64 {
	neg := r[3] >> 63
	m, c := -neg, neg
	for i := range 4 {
		r[i], c = bits.Add64(r[i]^m, 0, c)
	}
	return neg
}
