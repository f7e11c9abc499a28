package egraph

// Compilers regroup the shifts of a saturated Solinas fold (p448_saturated's 2^224: the
// high half H of a product enters the sum shifted by 224 bits, as H >> 32 into one word
// and H << 32 into the next). gcc shifts a word left before shifting it right
// (shl r, 52; shr r, 58 for bits 6..11 of r), where the IR takes the bits directly.
func reassocRules() []Rewrite {
	return []Rewrite{
		// (2^j*S + r) >> k = S >> (k-j) for r < 2^j, 0 < j < k (every coefficient a
		// multiple of 2^j, r the constant's low j bits)
		{"shr-scaled", OpShr, shrScaled},
		// (c*(Y mod 2^m) + R) mod 2^k = (c*Y + R) mod 2^k when c is a multiple of 2^(k-m)
		{"mod-push-scaled", OpMod, modPushScaled},
		// (B + e*(Y mod 2^K)) >> k + c*(e/2^(k-K))*(Y >> K) = (B + e*Y) >> k, K < k, 2^(k-K) | e
		{"add-carry-scaled", OpAdd, addCarryScaled},
		{"not-zero", OpNot, notZero},        // ~zero(c) over one bit = c for a bit c
		{"select-bit", OpSelect, selectBit}, // c = 0 ? 0 : 1 is c for a bit c
		// (2^j*S + r) mod 2^k = 2^j*(S mod 2^(k-j)) + r for r < 2^j, 0 < j < k
		{"mod-scaled", OpMod, modScaled},
		// x & c = x mod 2^k when c lacks only bits (below 8) that are 0 in x (rules_bits.go)
		{"and-known-zero", OpAnd, andKnownZero},
	}
}

// shrScaled: a sum whose coefficients are all multiples of 2^j is 2^j*S' + r with r the
// constant's low j bits, r < 2^j; since 2^j*S' is a multiple of 2^j, adding r < 2^j
// never reaches the next multiple of 2^k (j <= k), so the sum >> k is S' >> (k-j).
// j >= k is shr-split's: every term then leaves the shift.
func shrScaled(g *EGraph, n Node) (Id, bool) {
	j, s, ok := scaledSum(g, g.Node(n.Args[0]), n.K)
	if !ok {
		return 0, false
	}
	return g.Shr(s, n.K-j), true
}

// scaledSum writes a sum x whose coefficients are all multiples of 2^j, 0 < j < k, as
// 2^j*S' + r (r the constant's low j bits) and returns j and S' (the constant's higher
// bits in it); ok is false for anything else.
func scaledSum(g *EGraph, x Node, k int) (j int, s Id, ok bool) {
	if x.Op != OpAdd || k >= 128 {
		return 0, 0, false
	}
	j = k
	for _, c := range x.Coef {
		j = min(j, trailingZeros(c))
	}
	if j == 0 || j >= k {
		return 0, 0, false
	}
	terms := make([]Term, len(x.Args))
	for i, a := range x.Args {
		terms[i] = Term{a, x.Coef[i].Shr(j)}
	}
	return j, g.Sum(x.Val.Shr(j), terms...), true
}

// modPushScaled: inside a sum taken mod 2^k, a term c*(Y mod 2^m) is c*Y - c*2^m*(Y >> m),
// and c*2^m is a multiple of 2^k when c has at least k-m low zero bits: the truncation can
// go. (mod-push-add drops truncations to m >= k bits; this is the same for m < k with a
// coefficient that makes up the difference, gcc's (r >> 6 mod 2^6) << 58.)
func modPushScaled(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd {
		return 0, false
	}
	changed := false
	terms := make([]Term, len(x.Args))
	for i, a := range x.Args {
		terms[i] = Term{a, x.Coef[i]}
		if an := g.Node(a); an.Op == OpMod && an.K < n.K && trailingZeros(x.Coef[i])+an.K >= n.K {
			terms[i].Id, changed = an.Args[0], true
		}
	}
	if !changed {
		return 0, false
	}
	return g.Mod(g.Sum(x.Val, terms...), n.K), true
}

// addCarryScaled is add-carry for a truncation narrower than the carry: in the carry
// (B + e*(Y mod 2^K)) >> k with K < k, e*2^K*(Y >> K) is a multiple of 2^k when e has at
// least k-K low zero bits, so c*(e/2^(k-K))*(Y >> K) outside the carry moves in as
// c*((B + e*Y) >> k). gcc keeps bits 70..75 of H as 2^58*((H >> 70) mod 2^6) in a word
// and adds H >> 76 to the next, where the IR adds 2^58*(H >> 70) whole.
func addCarryScaled(g *EGraph, n Node) (Id, bool) {
	for i, a := range n.Args {
		an := g.Node(a)
		if an.Op != OpShr || an.K >= 128 {
			continue
		}
		l := g.Node(an.Args[0])
		if l.Op != OpAdd {
			continue
		}
		for j, b := range l.Args {
			bn := g.Node(b)
			if bn.Op != OpMod || bn.K >= an.K || trailingZeros(l.Coef[j])+bn.K < an.K {
				continue
			}
			hi := g.Shr(bn.Args[0], bn.K)
			m := termsOf(n)
			if _, ok := m[hi]; !ok || hi == g.Find(a) {
				continue
			}
			need, o := n.Coef[i].Mul(l.Coef[j].Shr(an.K - bn.K))
			if o || m[hi].Cmp(need) < 0 {
				continue
			}
			lm := termsOf(l)
			delete(lm, b)
			lm[bn.Args[0]], _ = lm[bn.Args[0]].Add(l.Coef[j])
			carry := g.Shr(rebuildSum(g, l.Val, lm), an.K)
			m[hi], _ = m[hi].Sub(need)
			delete(m, a)
			m[carry], _ = m[carry].Add(n.Coef[i])
			return rebuildSum(g, n.Val, m), true
		}
	}
	return 0, false
}

// notZero: zero(x) is 1 exactly when x = 0, so for a bit x its one-bit complement is x
// itself (gcc's test; setne of the fold's last carry). For a wider x it would be
// x = 0 ? 0 : 1; that form steered secp256k1_montgomery jacaddu's two sides apart
// (our own code, not proved with it), so the rule keeps to bits.
func notZero(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if n.K != 1 || x.Op != OpIsZero || g.UB(x.Args[0]).Cmp(W(1)) > 0 {
		return 0, false
	}
	return x.Args[0], true
}

// selectBit: c = 0 ? 0 : 1 is c itself when c is 0 or 1 (the IR's cmovznz of a carry
// between the constants 0 and 1).
func selectBit(g *EGraph, n Node) (Id, bool) {
	z, okz := g.ConstVal(n.Args[1])
	nz, oknz := g.ConstVal(n.Args[2])
	if !okz || !oknz || !z.IsZero() || nz != W(1) || g.UB(n.Args[0]).Cmp(W(1)) > 0 {
		return 0, false
	}
	return n.Args[0], true
}

// modScaled: a sum whose coefficients are all multiples of 2^j is 2^j*S' + r with r the
// constant's low j bits; its low k bits are r and then the low k-j bits of S' (the
// constant's higher bits join S'). clang doubles a Dettman limb after masking it,
// 2*(x mod 2^51), where the IR has (2x) mod 2^52.
func modScaled(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	j, s, ok := scaledSum(g, x, n.K)
	if !ok {
		return 0, false
	}
	low := g.Mod(s, n.K-j)
	return g.Sum(x.Val.Trunc(j), Term{low, Pow2(j)}), true
}
