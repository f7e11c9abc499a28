package egraph

// gcc computes the borrows of a Montgomery final subtraction with cmp/sbb and keeps a
// borrow b as the word ~b over 64 bits (cmp r, b; sbb), where the IR has the one-bit ~b
// inside carries of sums. Written as 2^64-2 + ~b, the word joins those sums, and
// add-carry-mod then merges gcc's two carries (its no-borrow of r - p_i - b is the and of
// the carries of r - b and of (r - b) + 1, (x + y + 2^63-2) >> 63) into the IR's one.
func gccRules() []Rewrite {
	return []Rewrite{
		// ~b over k bits = 2^k-2 + ~b over one bit, for a bit b and k >= 2
		{"not-bit-wide", OpNot, notBitWide},
	}
}

// notBitWide: for a bit b, the k-bit complement 2^k-1-b equals (2^k-2) + (1-b), and
// 1-b is the one-bit complement. The guard b <= 1 is what makes 1-b non-negative.
func notBitWide(g *EGraph, n Node) (Id, bool) {
	if n.K < 2 || n.K >= 128 || g.UB(n.Args[0]).Cmp(W(1)) > 0 {
		return 0, false
	}
	v, _ := Mask(n.K).Sub(W(1))
	return g.Sum(v, Term{g.Not(n.Args[0], 1), W(1)}), true
}
