package fields

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Saturated limbs for primes whose c' = 2^(64n) mod p is too large to multiply by but is
// a sum of a few powers of two (p448: 2^448 mod (2^448 - 2^224 - 1) = 2^224 + 1, the
// "Goldilocks" reduction). Folding the high half H of a product by c' is then a sum of
// shifted copies of H: shifts, ORs and add-with-carry chains, no multiplication.

// maxSparseTerms bounds the powers of two in a sparse c' (each adds carry chains).
const maxSparseTerms = 3

// sparseExps are the exponents e of c' = Σ 2^e (ascending) when c' = 2^(64n) mod p is a
// sum of at most maxSparseTerms powers of two that the fold below can use: 2·max(e) <=
// 64n (H >> (64n-e) times 2^e' still fits n words) and terms·c' < 2^(64n) (the last two
// folds cannot carry out; terms is the number of vectors the reduction adds).
func sparseExps(p *big.Int, n int) ([]int, error) {
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	c := new(big.Int).Mod(r, p)
	var exps []int
	for i := 0; i < c.BitLen(); i++ {
		if c.Bit(i) == 1 {
			exps = append(exps, i)
		}
	}
	if len(exps) == 0 || len(exps) > maxSparseTerms {
		return nil, fmt.Errorf("2^%d mod p has %d bits set, want 1..%d", 64*n, len(exps), maxSparseTerms)
	}
	if top := exps[len(exps)-1]; 2*top > 64*n {
		return nil, fmt.Errorf("2^%d mod p reaches bit %d, above %d", 64*n, top, 32*n)
	}
	if new(big.Int).Mul(c, big.NewInt(int64(sparseTerms(exps)))).Cmp(r) >= 0 {
		return nil, fmt.Errorf("2^%d mod p too large to fold twice", 64*n)
	}
	return exps, nil
}

// sparseTerms is the number of n-word values sparseReduce sums: L; for each e, H·2^e
// (rotated into one vector with H >> (64n-e) when c' is odd); for each e > 0 and each
// e' > 0, (H >> (64n-e))·2^e'. The sum is below sparseTerms·2^(64n).
func sparseTerms(exps []int) int {
	pos := 0
	for _, e := range exps {
		if e > 0 {
			pos++
		}
	}
	return 1 + len(exps) + pos*pos
}

// satSparseFunc writes op for saturated limbs with a sparse c' (see sparseExps). Like the
// small-c' path, outputs are congruent to the result and below 2^(64n), not fully reduced.
func satSparseFunc(F Field, op, name string, exps []int) (*ir.Func, error) {
	return satFunc(F, op, name, satFolds{
		reduce: func(w words, x []ir.Arg) []ir.Arg { return sparseReduce(w, x, exps) },
		mul:    fusedProduct,
		square: squareWords,
		carry: func(w words, s []ir.Arg, carry ir.Arg, sub bool) []ir.Arg {
			return sparseFoldCarry(w, s, carry, exps, sub)
		},
	})
}

// fusedProduct is the 2n-word product of x and y row by row, each row's low halves added
// into the accumulator by one carry chain and its high halves (one word up) by another,
// as circl's fp448 does with adcx/adox: no row is materialised on its own.
func fusedProduct(w words, x, y []ir.Arg) []ir.Arg {
	n := len(x)
	acc := append(w.row(x[0], y), consts(repeat(0, n-1))...)
	for i := 1; i < n; i++ {
		lo, hi := make([]ir.Arg, n), make([]ir.Arg, n)
		for j := n - 1; j >= 0; j-- {
			lo[j], hi[j] = w.mulx(x[i], y[j])
		}
		var ca, cb ir.Arg = zero, zero
		for j := 0; j < n; j++ {
			acc[i+j], ca = w.addc(ca, acc[i+j], lo[j])
			if j+1 < n {
				acc[i+j+1], cb = w.addc(cb, acc[i+j+1], hi[j])
			}
		}
		// Word i+n was zero (rows 0..i-1 fit i+n words) and rows 0..i fit i+n+1: no wrap.
		acc[i+n] = w.plus(w.plus(ca, hi[n-1]), cb)
	}
	return acc
}

// squareWords is the 2n-word square of x: the products x_i·x_j (i < j) once, doubled,
// plus the diagonal x_i²; n(n+1)/2 multiplications instead of n².
func squareWords(w words, x []ir.Arg) []ir.Arg {
	n := len(x)
	acc := consts(repeat(0, 2*n))
	for i := 0; i+1 < n; i++ {
		r := w.row(x[i], x[i+1:]) // n-i words at 2i+1 .. n+i
		var c ir.Arg = zero
		for j := 0; j+1 < len(r); j++ {
			acc[2*i+1+j], c = w.addc(c, acc[2*i+1+j], r[j])
		}
		// Rows 0..i sum to below 2^(64(n+i+1)): word n+i was still zero and cannot wrap.
		acc[n+i] = w.plus(c, r[len(r)-1])
	}
	// The off-diagonal sum is below x²/2, so doubling it cannot carry out of 2n words.
	acc, _ = w.addChain(acc, acc)
	diag := make([]ir.Arg, 2*n)
	for i := range x {
		diag[2*i], diag[2*i+1] = w.mulx(x[i], x[i])
	}
	// The total is x² < 2^(128n): the carry out is zero.
	acc, _ = w.addChain(acc, diag)
	return acc
}

// sparseReduce folds the 2n-word x = L + H·2^(64n) to n words. H·c' = Σ H·2^e; the part
// of each H·2^e at or above 2^(64n), G = H >> (64n-e), folds once more as Σ G·2^e', which
// fits n words (2·max(e) <= 64n). When c' is odd (e' = 0 is a term), G·2^0 fills exactly
// the bits that H·2^e mod 2^(64n) leaves empty: the two are one vector, H rotated by e
// (circl's trick for p448). G·2^e' (e' > 0) is (H with its low 64n-e bits cleared)
// shifted by e+e'-64n, taken from H directly (p448: H's top 224 bits in place).
// The carries out of the n-word sums count into top < sparseTerms, folded as top·c'; a
// last carry (only when the sum wrapped, leaving it below top·c') folds as c', which
// cannot carry again (sparseTerms·c' < 2^(64n)).
func sparseReduce(w words, x []ir.Arg, exps []int) []ir.Arg {
	n := len(x) / 2
	lo, hi := x[:n], x[n:]
	acc, top := append([]ir.Arg(nil), lo...), ir.Arg(zero)
	add := func(v []ir.Arg) {
		var c ir.Arg
		acc, c = chainFrom(w.addc, acc, v)
		top = w.plus(top, c)
	}
	odd := exps[0] == 0
	for _, e := range exps {
		if e > 0 && odd {
			add(rotateWords(w, hi, e))
		} else {
			add(shiftWords(w, hi, e, 0, n))
		}
	}
	for _, e := range exps {
		for _, e2 := range exps {
			if e > 0 && e2 > 0 {
				add(shiftWords(w, hi, e+e2-64*n, 64*n-e, n))
			}
		}
	}
	topMax := uint64(sparseTerms(exps) - 1)
	var parts []part
	for _, e := range exps {
		parts = append(parts, smallShifted(w, top, topMax, e)...)
	}
	var wrapped ir.Arg = zero
	for _, v := range spread(parts, n) {
		var c ir.Arg
		acc, c = chainFrom(w.addc, acc, v)
		wrapped = w.plus(wrapped, c)
	}
	return foldOnce(w, acc, wrapped, exps, w.addc, sparseTerms(exps))
}

// sparseFoldCarry folds the carry (or borrow) out of an n-word sum (difference) as ±c',
// then the carry of that as ±c' again: the first fold carries only when it left the value
// below c' (above 2^(64n) - c' for a borrow), so the second cannot (2c' < 2^(64n)).
func sparseFoldCarry(w words, s []ir.Arg, carry ir.Arg, exps []int, sub bool) []ir.Arg {
	op := w.addc
	if sub {
		op = w.subb
	}
	s, again := foldCarryOut(w, s, carry, exps, op)
	return foldOnce(w, s, again, exps, op, 2)
}

// foldOnce applies c·c' for a carry c in {0, 1} that is 1 only when the value is below
// (k-1)·c' (above 2^(64n) - (k-1)·c' for a borrow), so the result stays below k·c' (above
// 2^(64n) - k·c'): the chain stops at the word of bit len(k·c') - 1, above which no carry
// (borrow) can reach (p448: word 3 of 7).
func foldOnce(w words, s []ir.Arg, c ir.Arg, exps []int, op chainOp, k int) []ir.Arg {
	bound := big.NewInt(int64(k))
	bound.Mul(bound, sparseConst(exps))
	end := min(len(s), (bound.BitLen()-1)/64+1)
	for _, v := range spread(foldParts(w, c, exps), len(s)) {
		var low []ir.Arg
		low, _ = chainFrom(op, s[:end], v[:end])
		s = append(low, s[end:]...)
	}
	return s
}

// sparseConst is c' = Σ 2^e.
func sparseConst(exps []int) *big.Int {
	c := new(big.Int)
	for _, e := range exps {
		c.SetBit(c, e, 1)
	}
	return c
}

// foldParts are the words of c·c' for c in {0, 1}, by cmovznz per power of two.
func foldParts(w words, c ir.Arg, exps []int) []part {
	var parts []part
	for _, e := range exps {
		parts = append(parts, part{e / 64, w.cmov(c, zero, ir.C(1<<(e%64)))})
	}
	return parts
}

// foldCarryOut applies c·c' (c in {0, 1}, by cmovznz per power of two) with op and returns
// the words and the sum of the carries out.
func foldCarryOut(w words, s []ir.Arg, c ir.Arg, exps []int, op chainOp) ([]ir.Arg, ir.Arg) {
	var out ir.Arg = zero
	for _, v := range spread(foldParts(w, c, exps), len(s)) {
		var cv ir.Arg
		s, cv = chainFrom(op, s, v)
		out = w.plus(out, cv)
	}
	return s, out
}

// chainOp is words.addc or words.subb.
type chainOp func(c, x, y ir.Arg) (ir.Arg, ir.Arg)

// chainFrom applies op to acc and v from v's first non-zero word to the end (the carry
// runs through the words above), returning the words and the carry out.
func chainFrom(op chainOp, acc, v []ir.Arg) ([]ir.Arg, ir.Arg) {
	start := 0
	for start < len(v) && isZero(v[start]) {
		start++
	}
	out := append([]ir.Arg(nil), acc...)
	var c ir.Arg = zero
	for j := start; j < len(acc); j++ {
		out[j], c = op(c, acc[j], v[j])
	}
	return out, c
}

// part is one word of a sparse vector.
type part struct {
	word int
	a    ir.Arg
}

// spread packs parts into as few n-word vectors as possible (two parts share a vector
// when they are in different words), so each vector costs one carry chain.
func spread(parts []part, n int) [][]ir.Arg {
	var vecs [][]ir.Arg
	for _, p := range parts {
		placed := false
		for _, v := range vecs {
			if isZero(v[p.word]) {
				v[p.word], placed = p.a, true
				break
			}
		}
		if !placed {
			v := consts(repeat(0, n))
			v[p.word] = p.a
			vecs = append(vecs, v)
		}
	}
	return vecs
}

// smallShifted are the words of x·2^e for x <= max: the word of bit e, and the next one
// only when x can reach past it.
func smallShifted(w words, x ir.Arg, max uint64, e int) []part {
	j, r := e/64, e%64
	out := []part{{j, w.shl(x, r)}}
	if r > 0 && bits.Len64(max)+r > 64 {
		out = append(out, part{j + 1, w.shr(x, 64-r)})
	}
	return out
}

// shiftWords is the low width words of (x with its low clear bits zeroed)·2^s, where s
// may be negative (a right shift, bits below 2^0 dropped).
func shiftWords(w words, x []ir.Arg, s, clear, width int) []ir.Arg {
	src := func(j int) ir.Arg {
		switch {
		case j < 0 || j >= len(x) || 64*(j+1) <= clear:
			return zero
		case 64*j < clear:
			return w.and(x[j], ^uint64(0)<<(clear-64*j))
		}
		return x[j]
	}
	out := make([]ir.Arg, width)
	for k := range out {
		b := 64*k - s // bit of x at bit 0 of word k
		j, r := floorDiv(b, 64), b-64*floorDiv(b, 64)
		if r == 0 {
			out[k] = src(j)
			continue
		}
		out[k] = w.funnel(src(j), src(j+1), r)
	}
	return out
}

// rotateWords is x (n words) rotated left by e bits: (x·2^e mod 2^(64n)) | x >> (64n-e).
func rotateWords(w words, x []ir.Arg, e int) []ir.Arg {
	n := len(x)
	out := make([]ir.Arg, n)
	for k := range out {
		b := (64*k - e + 64*n) % (64 * n) // bit of x at bit 0 of word k
		j, r := b/64, b%64
		if r == 0 {
			out[k] = x[j]
			continue
		}
		out[k] = w.funnel(x[j], x[(j+1)%n], r)
	}
	return out
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
