package fields

import (
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// montSmallC returns c = 2^(64n) − p when it fits one word and the small-c step (two
// multiplications: m and hi(m·c)) needs fewer than Fiat's (m, and one mulx per distinct
// word of p other than 0 and 1). secp256k1's p = 2^256 − 0x1000003D1 has the words
// 2^64 − 0x1000003D1 and 2^64 − 1: three multiplications per step in Fiat's form, two here.
func montSmallC(p *big.Int, n int) (uint64, bool) {
	c := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	c.Sub(c, p)
	if c.Sign() <= 0 || c.BitLen() > 64 {
		return 0, false
	}
	// Both forms make m (unless -p^-1 = 1): the saving is Fiat's distinct words beyond one.
	if distinctMuls(words64(p, n)) <= 1 {
		return 0, false
	}
	return c.Uint64(), true
}

// smallCStep is the reduction step for p = 2^(64n) − c with c one word. With
// T = u + c1·2^(64(n+1)) and X = T >> 64 (the words u_1..u_n, c1):
//
//	T + m·p = T − m·c + m·2^(64n),
//
// and m·c = u_0 + h·2^64 exactly: its low word is u_0 because u_0 + m·p_0 ≡ u_0 − m·c ≡ 0
// (mod 2^64) defines m. So (T + m·p)/2^64 = X + m·2^(64(n−1)) − h: add m at word n−1 (with
// its carry into word n), then subtract h with a borrow chain up to word n. Neither
// intermediate is negative: X + m·2^(64(n−1)) is the result plus h, and the result is at
// most (T + (2^64−1)·p)/2^64 < 2^(64(n+1)) as in Fiat's form, so no carry or borrow leaves
// word n. Fiat's form multiplies m by p_0 and by 2^64 − 1 (its row of mulx) instead of
// once by c, and adds the n+1 words of that row.
func smallCStep(c, pinv uint64) montStep {
	return func(w words, u []ir.Arg, c1 ir.Arg) []ir.Arg {
		n := len(u) - 1
		m, _ := w.mulx(u[0], ir.C(pinv))
		_, h := w.mulx(m, ir.C(c))
		x := append(append([]ir.Arg{}, u[1:]...), c1)
		var carry ir.Arg
		x[n-1], carry = w.addc(zero, x[n-1], m)
		x[n] = w.plus(x[n], carry)
		y := consts(repeat(0, n+1))
		y[0] = h
		out, _ := w.subChain(x, y)
		return out
	}
}

// montSquare is montMul(a, a) by separated operand scanning: the 2n-word square
// L + H·2^(64n) by squareWords (n(n+1)/2 products instead of n²), n reduction steps on L
// alone, then H added. The steps pick m_i exactly as CIOS does (each makes the low word 0),
// so M = Σ m_i·2^(64i) is the one M < 2^(64n) with a² + M·p ≡ 0 mod 2^(64n) in both, and
// (L + M·p)/2^(64n) + H is CIOS's T: the same value before the conditional subtraction,
// the same limbs after it.
func montSquare(w words, a, p []ir.Arg, step montStep) []ir.Arg {
	n := len(a)
	sq := squareWords(w, a)
	t := append(append([]ir.Arg{}, sq[:n]...), zero)
	// Each step's input is below 2^(64(n+1)) (the first is L; after k steps it is below
	// L/2^(64k) + 2p): the step's precondition with c1 = 0.
	for range n {
		t = step(w, t, zero)
	}
	// (L + M·p)/2^(64n) <= p and H < 2^(64n): the sum fits n words and one carry, and its
	// word n is the carry (t_n is zero by value).
	s, carry := w.addChain(t[:n], sq[n:])
	return condSub(w, append(s, w.plus(carry, t[n])), p)
}
