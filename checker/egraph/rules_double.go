package egraph

// Squares that compute each off-diagonal product once double the 2n-word sum W of those
// products. The IR (fields.squareWords) doubles it with an add chain, word k being
// (2*W_k + c) mod 2^64 with the carry c = (2*W_{k-1} + c') >> 64; clang doubles each word
// on its own (add r, r for 2*W_k mod 2^64, shr r, 63 for the bit W_k >> 63 moved into the
// next word) and adds the diagonal squares to those pieces in another order. Both carries
// reach one normal form when a doubled sum's carry is written on the undoubled sum:
// (2*S + B) >> 64 = S >> 63 for B < 2, where B may also be the bit that a shift leaves
// below the doubling, (X >> m) = 2*(X >> (m+1)) + ((X >> m) mod 2). The word itself,
// (2*S + B) mod 2^64 = 2*(S mod 2^63) + B, splits only small B (splitting shifts there
// separated the carries of a word from its carry-in). And clang adds the bit into the low
// word of a diagonal square without a carry (shr-residue).

// DoubleRules names doubleRules: the checker's main attempt leaves them out (checker's
// attempts), since they steer some other compiler objects' two sides apart.
var DoubleRules = []string{"shr-halve", "mod-halve", "shr-residue"}

func doubleRules() []Rewrite {
	return []Rewrite{
		// (2^j*A + R) >> k = A' >> (k-j), 0 < j < k, where R's terms are small or shifts
		// X >> m (whose 2^j*(X >> (m+j)) joins A) and what is left of R stays below 2^j
		{"shr-halve", OpShr, shrHalve},
		// (2^j*A + R) mod 2^k = 2^j*(A' mod 2^(k-j)) + R', the same split
		{"mod-halve", OpMod, modHalve},
		// (P + R) >> k = P >> k when P mod 8 is at most m (residues) and R <= 7-m, k >= 3
		{"shr-residue", OpShr, shrResidue},
	}
}

// shrHalve: write the sum Z as 2^j*A' + R with 0 <= R < 2^j; then Z >> j = A' (R never
// reaches the next multiple of 2^j), so Z >> k = A' >> (k-j). Each coefficient c splits as
// 2^j*q + r: q*t joins A'; r*t is left over, bounded by r*UB(t), or, for t = X >> m,
// split as r*2^j*(X >> (m+j)) (into A') plus r*((X >> m) mod 2^j) <= r*(2^j-1). The
// constant's low j bits are left over too. A sum with nothing left over but the constant
// is shr-scaled's; j >= k is shr-split's.
func shrHalve(g *EGraph, n Node) (Id, bool) {
	j, a, _, ok := halve(g, g.Node(n.Args[0]), n.K, true)
	if !ok {
		return 0, false
	}
	return g.Shr(a, n.K-j), true
}

// modHalve: Z = 2^j*A' + R with 0 <= R < 2^j (shrHalve's split), so Z mod 2^k is
// 2^j*(A' mod 2^(k-j)) + R: the low j bits are R's, the rest those of A'. clang's doubled
// word 2*W mod 2^64 (add r, r) is 2*(W mod 2^63) by mod-scaled; the IR's (2*W + c) mod
// 2^64 with the bit c of the word below meets it as 2*(W mod 2^63) + c.
func modHalve(g *EGraph, n Node) (Id, bool) {
	j, a, r, ok := halve(g, g.Node(n.Args[0]), n.K, false)
	if !ok {
		return 0, false
	}
	return g.Sum(U128{}, Term{g.Mod(a, n.K-j), Pow2(j)}, Term{r, W(1)}), true
}

// halve tries the j of the coefficients' trailing zero counts (0 < j < k), least first,
// and returns the first split halvedSum makes of the sum x.
func halve(g *EGraph, x Node, k int, shifts bool) (j int, a, r Id, ok bool) {
	if x.Op != OpAdd || k < 2 || k >= 128 {
		return 0, 0, 0, false
	}
	tried := uint128Set{}
	for _, c := range x.Coef {
		j := trailingZeros(c)
		if j == 0 || j >= k || tried.has(j) {
			continue
		}
		tried.add(j)
		if a, r, ok := halvedSum(g, x, j, shifts); ok {
			return j, a, r, true
		}
	}
	return 0, 0, 0, false
}

// uint128Set is a set of bit positions 0..127.
type uint128Set struct{ bits [2]uint64 }

func (s *uint128Set) has(j int) bool { return s.bits[j/64]>>(j%64)&1 == 1 }
func (s *uint128Set) add(j int)      { s.bits[j/64] |= 1 << (j % 64) }

// halvedSum is A' and R of shrHalve for one j, when some term is left over (not only the
// constant) and the leftovers are below 2^j.
func halvedSum(g *EGraph, x Node, j int, shifts bool) (a, r Id, ok bool) {
	budget := Mask(j)
	left := x.Val.Trunc(j)
	terms := make([]Term, 0, len(x.Args)+1)
	var rs []Term
	rest := false
	for i, t := range x.Args {
		c := x.Coef[i]
		if q := c.Shr(j); !q.IsZero() {
			terms = append(terms, Term{t, q})
		}
		r := c.Trunc(j)
		if r.IsZero() {
			continue
		}
		if r != c {
			// Only small terms next to the doubled ones: splitting 237*(X >> m) of a
			// Solinas fold as 118*2*(X >> m) + (X >> m) steered the folds apart.
			return 0, 0, false
		}
		rest = true
		lt := t
		lb, o := r.Mul(g.UB(t))
		if tn := g.Node(t); shifts && (o || lb.Cmp(budget) > 0) && tn.Op == OpShr && tn.K+j < 128 {
			lb, o = r.Mul(budget)
			terms = append(terms, Term{g.Shr(tn.Args[0], tn.K+j), r})
			lt = g.Mod(t, j)
		}
		rs = append(rs, Term{lt, r})
		var o2 bool
		left, o2 = left.Add(lb)
		if o || o2 || left.Cmp(budget) > 0 {
			return 0, 0, false
		}
	}
	if !rest {
		return 0, 0, false
	}
	return g.Sum(x.Val.Shr(j), terms...), g.Sum(x.Val.Trunc(j), rs...), true
}

// shrResidue: clang adds the bit W >> 63 into the low word of a diagonal square x*x
// without a carry, since x*x mod 8 is 0, 1 or 4: its low word is at most 2^64-4, and
// adding R <= 3 cannot reach 2^64. Generally, P + R for P whose residues mod 8 are at most
// m and R <= 7-m: P mod 2^k <= 2^k-8+m for k >= 3, so (P mod 2^k) + R < 2^k and
// (P + R) >> k = P >> k. R is the terms whose weighted bounds are below 8; P the rest
// and the constant.
func shrResidue(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || n.K < 3 || n.K >= 128 || len(x.Args) < 2 {
		return 0, false
	}
	var big []Term
	var small U128
	for i, t := range x.Args {
		b, o := x.Coef[i].Mul(g.UB(t))
		if o || b.Cmp(W(7)) > 0 {
			big = append(big, Term{t, x.Coef[i]})
			continue
		}
		small, _ = small.Add(b)
	}
	if len(big) == 0 || len(big) == len(x.Args) || small.Cmp(W(7)) > 0 {
		return 0, false
	}
	p := g.Sum(x.Val, big...)
	var top uint64
	g.knownLow(p, knownDepth).each(func(r uint64) { top = r })
	if top+small.Lo > 7 {
		return 0, false
	}
	return g.Shr(p, n.K), true
}
