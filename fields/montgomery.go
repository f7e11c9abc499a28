package fields

import (
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// montgomeryFunc writes op for a Montgomery field, following Fiat's word-by-word
// Montgomery code (fiat_p256_mul and friends).
func montgomeryFunc(F Field, op, name string) (*ir.Func, error) {
	n := len(F.LimbBits)
	b := ir.NewBuilder(name)
	w := words{b}
	p := consts(words64(F.Prime, n))
	a, c := saturatedParams(b, op, n)
	var out []ir.Arg
	switch op {
	case "mul":
		out = montMul(w, a, c, p, montInv(F.Prime))
	case "square":
		out = montMul(w, a, a, p, montInv(F.Prime))
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
// T += m·p with m = T_0·(-p^-1) mod 2^64, and T shifts down a word. T keeps n+1 words
// (T < b + p < 2^(64n+1)); a final conditional subtraction of p leaves T < 2^(64n).
func montMul(w words, a, bs, p []ir.Arg, pinv uint64) []ir.Arg {
	n := len(a)
	var t []ir.Arg
	for i := 0; i < n; i++ {
		s := w.row(a[i], bs)
		u, c1 := s, zero
		if i > 0 {
			u, c1 = w.addChain(t, s)
		}
		m := u[0]
		if pinv != 1 {
			m, _ = w.mulx(u[0], ir.C(pinv))
		}
		v, c2 := w.addChain(u, w.row(m, p))
		t = append(v[1:], w.plus(c1, c2))
	}
	return condSub(w, t, p)
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
