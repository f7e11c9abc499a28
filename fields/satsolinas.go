package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// satSolinasConst is c' = 2^(64n) mod p for p = 2^k - c, required small enough that the
// two folding steps of satSolinasReduce cannot overflow (c'² + c' < 2^64).
func satSolinasConst(p *big.Int, n int) (uint64, error) {
	k := p.BitLen()
	if k > 64*n || k <= 64*(n-1) {
		return 0, fmt.Errorf("prime of %d bits does not fill %d×64-bit limbs", k, n)
	}
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	c := r.Mod(r, p)
	if c.BitLen() > 31 {
		return 0, fmt.Errorf("saturated-solinas needs 2^%d mod p below 2^31, got %d bits", 64*n, c.BitLen())
	}
	return c.Uint64(), nil
}

// satReduction is how saturated-solinas folds by c' = 2^(64n) mod p: multiplying by a
// small c' (below 2^31, curve25519_solinas), or by shifted adds for a sparse one (exps,
// see sparseExps; p448_saturated).
func satReduction(p *big.Int, n int) (c uint64, exps []int, err error) {
	c, err = satSolinasConst(p, n)
	if err == nil {
		return c, nil, nil
	}
	k := p.BitLen()
	if k > 64*n || k <= 64*(n-1) {
		return 0, nil, err
	}
	exps, serr := sparseExps(p, n)
	if serr != nil {
		return 0, nil, fmt.Errorf("%w, or a sum of at most %d powers of two: %w", err, maxSparseTerms, serr)
	}
	return 0, exps, nil
}

// satSolinasFunc writes op for p = 2^k - c in n full words (fiat_curve25519_solinas_mul):
// products are reduced by folding the high words times c' = 2^(64n) mod p. Outputs are
// congruent to the result and below 2^(64n), not fully reduced.
func satSolinasFunc(F Field, op, name string) (*ir.Func, error) {
	n := len(F.LimbBits)
	c, exps, err := satReduction(F.Prime, n)
	if err != nil {
		return nil, err
	}
	if exps != nil {
		return satSparseFunc(F, op, name, exps)
	}
	return satFunc(F, op, name, satFolds{
		reduce: func(w words, x []ir.Arg) []ir.Arg { return satSolinasReduce(w, x, c) },
		mul:    schoolbook,
		square: squareWords,
		carry:  func(w words, s []ir.Arg, carry ir.Arg, sub bool) []ir.Arg { return foldCarry(w, s, carry, c, sub) },
	})
}

// satFolds are what distinguishes the saturated-solinas flavours: the reduction of a
// 2n-word product, the 2n-word square, and the fold of an add/sub carry or borrow.
type satFolds struct {
	reduce func(w words, x []ir.Arg) []ir.Arg
	mul    func(w words, x, y []ir.Arg) []ir.Arg
	square func(w words, x []ir.Arg) []ir.Arg
	carry  func(w words, s []ir.Arg, carry ir.Arg, sub bool) []ir.Arg
}

// satFunc writes op on n saturated words with the given folds.
func satFunc(F Field, op, name string, f satFolds) (*ir.Func, error) {
	n := len(F.LimbBits)
	b := ir.NewBuilder(name)
	w := words{b}
	a, y := saturatedParams(b, op, n)
	var out []ir.Arg
	switch op {
	case "mul":
		out = f.reduce(w, f.mul(w, a, y))
	case "square":
		out = f.reduce(w, f.square(w, a))
	case "add":
		s, carry := w.addChain(a, y)
		out = f.carry(w, s, carry, false)
	case "sub":
		d, borrow := w.subChain(a, y)
		out = f.carry(w, d, borrow, true)
	case "opp":
		d, borrow := w.subChain(consts(repeat(0, n)), a)
		out = f.carry(w, d, borrow, true)
	}
	saturatedReturn(b, out)
	return b.Func(), nil
}

// schoolbook is the 2n-word product of x and y, row by row.
func schoolbook(w words, x, y []ir.Arg) []ir.Arg {
	n := len(x)
	acc := append(w.row(x[0], y), consts(repeat(0, n-1))...)
	for i := 1; i < n; i++ {
		r := w.row(x[i], y)
		var c ir.Arg
		for j := 0; j < n; j++ {
			acc[i+j], c = w.addc(pick(j == 0, zero, c), acc[i+j], r[j])
		}
		// The partial product fits i+n+1 words, so this word cannot carry out.
		acc[i+n] = w.plus(c, r[n])
	}
	return acc
}

func pick(cond bool, a, b ir.Arg) ir.Arg {
	if cond {
		return a
	}
	return b
}

// satSolinasReduce folds the 2n-word x to n words: L + c'·H, then the small top word
// times c', then a last carry as c' (which cannot carry again).
func satSolinasReduce(w words, x []ir.Arg, c uint64) []ir.Arg {
	n := len(x) / 2
	h := w.row(ir.C(c), x[n:])
	s, carry := w.addChain(x[:n], h[:n])
	top := w.plus(carry, h[n])
	t, _ := w.mulx(top, ir.C(c))
	s2, carry2 := w.addChain(s, append([]ir.Arg{t}, consts(repeat(0, n-1))...))
	s2[0], _ = w.addc(zero, w.cmov(carry2, zero, ir.C(c)), s2[0])
	return s2
}

// foldCarry turns the carry (or borrow) out of word n into ±c' and applies it twice: the
// second application cannot carry again because the first left the low word small.
func foldCarry(w words, s []ir.Arg, carry ir.Arg, c uint64, sub bool) []ir.Arg {
	n := len(s)
	fix := append([]ir.Arg{w.cmov(carry, zero, ir.C(c))}, consts(repeat(0, n-1))...)
	var s2 []ir.Arg
	var carry2 ir.Arg
	if sub {
		s2, carry2 = w.subChain(s, fix)
		s2[0], _ = w.subb(zero, s2[0], w.cmov(carry2, zero, ir.C(c)))
	} else {
		s2, carry2 = w.addChain(s, fix)
		s2[0], _ = w.addc(zero, s2[0], w.cmov(carry2, zero, ir.C(c)))
	}
	return s2
}
