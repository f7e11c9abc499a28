package fields

import (
	"math/big"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// montgomeryFunc writes op for a Montgomery field, following Fiat's word-by-word
// Montgomery code (fiat_p256_mul and friends).
func montgomeryFunc(F Field, op, name string) (*ir.Func, error) {
	return montgomeryForm(F, op, name, false)
}

// montgomeryForm is montgomeryFunc; with fused, mul and square take the forms only the
// composites (jacdbl, ...) inline: the small-c reduction step (montSmallC) and squaring
// by montSquare. The catalogue's own mul and square keep CIOS without the small-c step:
// clang-19's objects of those forms (secp256k1_montgomery mul and square; p224, p384 and
// secp256k1 square by montSquare) are correct but beyond the checker (objcheck's
// TestCompilerObjects), while the composites are proved from our own code. The values
// are the same limb for limb (TestMontLimbsMatchModel).
func montgomeryForm(F Field, op, name string, fused bool) (*ir.Func, error) {
	n := len(F.LimbBits)
	b := ir.NewBuilder(name)
	w := words{b}
	p := consts(words64(F.Prime, n))
	a, c := saturatedParams(b, op, n)
	var out []ir.Arg
	switch op {
	case "mul":
		out = montMul(w, a, c, p, montReduction(F.Prime, n, fused))
	case "square":
		if fused {
			out = montSquare(w, a, p, montReduction(F.Prime, n, true))
		} else {
			out = montMul(w, a, a, p, montReduction(F.Prime, n, false))
		}
	case "add":
		sum, carry := w.addChain(a, c)
		out = condSub(w, append(sum, carry), p)
	case "sub":
		out = subAddBack(w, a, c, p)
	case "opp":
		out = subAddBack(w, consts(repeat(0, n)), a, p)
	}
	saturatedReturn(b, out)
	return b.Func(), nil
}

// montInv is -p^(-1) mod 2^64.
func montInv(p *big.Int) uint64 {
	m := new(big.Int).Lsh(big.NewInt(1), 64)
	inv := new(big.Int).ModInverse(new(big.Int).Mod(p, m), m)
	return new(big.Int).Sub(m, inv).Uint64()
}

// montMul is CIOS Montgomery multiplication: for each word a_i, T += a_i·b, then
// T += m·p with m = T_0·(-p^-1) mod 2^64, and T shifts down a word (step). T keeps n+1
// words (T < b + p < 2^(64n+1)); a final conditional subtraction of p leaves T < 2^(64n).
func montMul(w words, a, bs, p []ir.Arg, step montStep) []ir.Arg {
	n := len(a)
	var t []ir.Arg
	for i := 0; i < n; i++ {
		s := w.row(a[i], bs)
		u, c1 := s, zero
		if i > 0 {
			u, c1 = w.addChain(t, s)
		}
		t = step(w, u, c1)
	}
	return condSub(w, t, p)
}

// montStep is one reduction step: for T = u + c1·2^(64(n+1)) (u n+1 words), (T + m·p)/2^64
// as n+1 words, m = u_0·(-p^-1) mod 2^64. Every form computes the same m, so the same
// value: the forms differ only in how they multiply m by p.
type montStep func(w words, u []ir.Arg, c1 ir.Arg) []ir.Arg

// montReduction is the step with the fewest multiplications for p as n words: the shift
// form (montShifts), the small-c form (montSmallC, when smallC), else Fiat's.
func montReduction(p *big.Int, n int, smallC bool) montStep {
	if sh := montShifts(p, n); sh != nil {
		return func(w words, u []ir.Arg, c1 ir.Arg) []ir.Arg { return shiftReduce(w, u, c1, sh) }
	}
	if c, ok := montSmallC(p, n); ok && smallC {
		return smallCStep(c, montInv(p))
	}
	return fiatStep(consts(words64(p, n)), montInv(p))
}

// fiatStep is Fiat's step: m·p as a row of mulx over p's words, added to T.
func fiatStep(p []ir.Arg, pinv uint64) montStep {
	return func(w words, u []ir.Arg, c1 ir.Arg) []ir.Arg {
		m := u[0]
		if pinv != 1 {
			m, _ = w.mulx(u[0], ir.C(pinv))
		}
		v, c2 := w.addChain(u, w.row(m, p))
		return append(v[1:], w.plus(c1, c2))
	}
}

// shiftForm is the reduction step's m·C, C = (p+1)/2^64 as n words (see montShifts):
// either per nonzero word, power-of-two words as two shifts (terms, when no two of them
// write the same word), or one row of mulx over C's words.
type shiftForm struct {
	c     []uint64
	terms bool
}

// montShifts returns the shift form of the reduction step when it applies and needs
// fewer multiplications than Fiat's (nil otherwise). When p ≡ −1 mod 2^64, -p^-1 = 1, so
// m = T_0 and (T + m·p)/2^64 = T/2^64 (dropping T_0) + m·C exactly, since T_0 + m·p_0 =
// m·2^64 there. C's power-of-two words cost two shifts instead of a mulx: P-256's
// C = 2^32 + p_3·2^128 takes one mulx and two shifts where Fiat's reduction multiplies m
// by p_0, p_1 and p_3 (OpenSSL's p256_mul_montq does the same); p434's C = 2^152·3^137
// takes 4 mulx where Fiat's takes 5.
func montShifts(p *big.Int, n int) *shiftForm {
	mask := new(big.Int).SetUint64(^uint64(0))
	c := new(big.Int).Add(p, big.NewInt(1))
	if new(big.Int).And(c, mask).Sign() != 0 {
		return nil
	}
	f := &shiftForm{c: words64(c.Rsh(c, 64), n), terms: true}
	muls, rowMuls, next := 0, 0, 0
	for j, v := range f.c {
		if v == 0 {
			continue
		}
		if j < next {
			f.terms = false // two terms would write one word
		}
		next = j + 2
		if v != 1 {
			rowMuls++
		}
		if v&(v-1) != 0 {
			muls++
		}
	}
	if !f.terms {
		muls = rowMuls
	}
	if muls >= distinctMuls(words64(p, n)) {
		return nil
	}
	return f
}

// distinctMuls is how many mulx Fiat's reduction step makes: one per distinct word of p
// other than 0 and 1 (the IR builder shares equal operations).
func distinctMuls(ws []uint64) int {
	seen := map[uint64]bool{0: true, 1: true}
	for _, v := range ws {
		seen[v] = true
	}
	return len(seen) - 2
}

// shiftReduce is one reduction step in shift form: (u + c1·2^(64(n+1)) + m·p)/2^64 with
// m = u_0, as u_1..u_n, c1 plus m·C (n+1 words; the sum is below 2^(64(n+1))).
func shiftReduce(w words, u []ir.Arg, c1 ir.Arg, f *shiftForm) []ir.Arg {
	n := len(u) - 1
	m := u[0]
	var y []ir.Arg
	if f.terms {
		y = consts(repeat(0, n+1))
		for j, v := range f.c {
			switch {
			case v == 0:
			case v&(v-1) != 0:
				y[j], y[j+1] = w.mulx(m, ir.C(v))
			default:
				k := bits.TrailingZeros64(v)
				y[j], y[j+1] = w.shl(m, k), w.shr(m, 64-k)
			}
		}
	} else {
		y = w.row(m, consts(f.c)) // n+1 words
	}
	x := append(append([]ir.Arg{}, u[1:]...), c1)
	// T' = (T + m·p)/2^64 < 2^(64(n+1)), as in the mulx form: no carry out.
	out, _ := w.addChain(x, y)
	return out
}

// condSub reduces the n+1-word t (its top word small) by p once if t >= p.
func condSub(w words, t, p []ir.Arg) []ir.Arg {
	n := len(p)
	d, borrow := w.subChain(t[:n], p)
	_, borrow = w.subb(borrow, t[n], zero)
	out := make([]ir.Arg, n)
	for j := range out {
		out[j] = w.cmov(borrow, d[j], t[j])
	}
	return out
}

// subAddBack is x - y, adding p back when the subtraction borrowed (as fiat_p256_sub).
func subAddBack(w words, x, y, p []ir.Arg) []ir.Arg {
	d, borrow := w.subChain(x, y)
	mask := w.cmov(borrow, zero, ir.C(^uint64(0)))
	masked := make([]ir.Arg, len(p))
	for j, pj := range p {
		switch {
		case isZero(pj):
			masked[j] = zero
		case pj.Imm == ^uint64(0):
			masked[j] = mask
		default:
			masked[j] = ir.V(w.b.Op1(ir.OpAnd, ir.U64, mask, pj))
		}
	}
	out, _ := w.addChain(d, masked)
	return out
}
