package egraph

// Compilers write a constant-time select (Fiat's cmovznz behind a value barrier) as a
// mask: sbb r, r (or 0 - bit) gives m = (2^k-1)*b, then (m & x) | (~m & y). These rules
// turn that back into the select the IR has, so both sides meet at (? b y x).
func maskRules() []Rewrite {
	return []Rewrite{
		{"mod-neg-bit", OpMod, modNegBit},   // (2^k-1 + b) mod 2^k = (2^k-1)*~b for a bit b
		{"not-mask", OpNot, notMask},        // ~((2^k-1)*b) = (2^k-1)*~b over k bits, for a bit b
		{"and-mask-bit", OpAnd, andMaskBit}, // x & (2^k-1)*b = b ? x : 0 for a bit b, x < 2^k
		{"or-select", OpOr, orSelect},       // (c ? a : b) | (c ? d : e) = c ? a|d : b|e
		{"shr-mask", OpShr, shrMask},        // ((2^k-1)*b) >> j = (2^(k-j)-1)*b for a bit b, j < k
		{"mod-borrow", OpMod, negBitSplit},  // (V + (2^k-1)*b + R) mod 2^k = (V-1 + ~b + R) mod 2^k, V >= 1
		{"shr-borrow", OpShr, negBitSplit},  // (V + (2^k-1)*b + R) >> k = b + (V-1 + ~b + R) >> k, V >= 1
	}
}

// shrMask: (2^k-1) >> j is 2^(k-j)-1 exactly, and b is 0 or 1.
func shrMask(g *EGraph, n Node) (Id, bool) {
	b, k, ok := bitMask(g, n.Args[0])
	if !ok || n.K >= k {
		return 0, false
	}
	return g.Scale(b, Mask(k-n.K)), true
}

// negBitSplit: a compiler adds a borrow as a mask (2^k-1)*b, i.e. as -b mod 2^k, where
// the IR (Fiat's subborrowx) adds ~b = 1-b. For a bit b, (2^k-1)*b = 2^k*b + ~b - 1, so
// with a constant V >= 1 to absorb the -1 the sum is the same value written with ~b; the
// 2^k*b vanishes mod 2^k and splits off a >> k as b (shr-split).
func negBitSplit(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || n.K < 1 || n.K >= 128 || x.Val.IsZero() {
		return 0, false
	}
	for i, b := range x.Args {
		if x.Coef[i] != Mask(n.K) || g.UB(b).Cmp(W(1)) > 0 {
			continue
		}
		// The 2^k*b part is taken out at once: left in the sum next to ~b, add-not would
		// fold b + ~b back into 1 and undo this rewrite.
		m := termsOf(x)
		delete(m, b)
		nb := g.Not(b, 1)
		m[nb], _ = m[nb].Add(W(1))
		v, _ := x.Val.Sub(W(1))
		rest := g.Add(Node{Op: n.Op, K: n.K, Args: []Id{rebuildSum(g, v, m)}})
		if n.Op == OpMod {
			return rest, true
		}
		return g.Plus(b, rest), true
	}
	return 0, false
}

// bitMask matches (2^k-1)*b for a bit b and returns b and k.
func bitMask(g *EGraph, id Id) (Id, int, bool) {
	n := g.Node(id)
	if n.Op != OpAdd || len(n.Args) != 1 || !n.Val.IsZero() {
		return 0, 0, false
	}
	k := n.Coef[0].BitLen()
	if Mask(k) != n.Coef[0] || g.UB(n.Args[0]).Cmp(W(1)) > 0 {
		return 0, 0, false
	}
	return n.Args[0], k, true
}

// modNegBit: for a bit b, 2^k-1+b is 2^k-1 (b = 0) or 2^k (b = 1); mod 2^k that is
// 2^k-1 or 0, which is (2^k-1)*(1-b). With k = 1 it is the parity flip (b+1) mod 2 = ~b.
func modNegBit(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || len(x.Args) != 1 || x.Coef[0] != W(1) || n.K < 1 || n.K >= 128 || x.Val != Mask(n.K) {
		return 0, false
	}
	b := x.Args[0]
	if g.UB(b).Cmp(W(1)) > 0 {
		return 0, false
	}
	return g.Scale(g.Not(b, 1), Mask(n.K)), true
}

// notMask: the k-bit complement of 0 is 2^k-1 and of 2^k-1 is 0, so ~((2^k-1)*b) =
// (2^k-1)*(1-b) for a bit b.
func notMask(g *EGraph, n Node) (Id, bool) {
	b, k, ok := bitMask(g, n.Args[0])
	if !ok || k != n.K {
		return 0, false
	}
	return g.Scale(g.Not(b, 1), Mask(k)), true
}

// andMaskBit: x & 0 = 0 and x & (2^k-1) = x when x < 2^k.
func andMaskBit(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	for i, m := range n.Args {
		b, k, ok := bitMask(g, m)
		x := n.Args[1-i]
		if ok && fits(g.UB(x), k) {
			return g.Select(b, g.Word(0), x), true
		}
	}
	return 0, false
}

// orSelect: both selects pick the same arm for any value of c, so the or distributes.
func orSelect(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	a, b := g.Node(n.Args[0]), g.Node(n.Args[1])
	if a.Op != OpSelect || b.Op != OpSelect || g.Find(a.Args[0]) != g.Find(b.Args[0]) {
		return 0, false
	}
	return g.Select(a.Args[0], g.Or(a.Args[1], b.Args[1]), g.Or(a.Args[2], b.Args[2])), true
}
