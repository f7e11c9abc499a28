package egraph

// Compilers take a field of a 128-bit difference (the IR's u128 x - y, computed with
// sub/sbb) across the word boundary with shrd: (hi:lo) >> k as 2^(64-k)*hi + (lo >> k).
// The difference holds a 64-bit complement, which mod-not rewrites in the low word (~y is
// -1-y there) but not in the IR's whole shift, so add-recombine, comparing the low field
// with the IR's by normal form, does not see that they are the same bits.

// WideRules names wideRules: only the checker's last attempt has them (as BorrowRules),
// so that what the other sets prove is proved as before.
var WideRules = []string{"add-recombine-field"}

func wideRules() []Rewrite {
	return []Rewrite{
		// c*((W >> k) mod 2^K) + c*2^K*(Z >> (k+K)) = c*(Z >> k) when W = Z mod 2^(k+K)
		{"add-recombine-field", OpAdd, addRecombineField},
	}
}

// addRecombineField: bits k..k+K-1 of Z are those of any W congruent to Z modulo
// 2^(k+K), and with the bits from k+K up they make Z >> k. The congruence is decided by
// the normal forms of W mod 2^(k+K) and Z mod 2^(k+K) (both built, with every rule).
func addRecombineField(g *EGraph, n Node) (Id, bool) {
	for i, a := range n.Args {
		an := g.Node(a)
		if an.Op != OpMod || an.K >= 128 {
			continue
		}
		f := g.Node(an.Args[0])
		if f.Op != OpShr || f.K+an.K > 128 {
			continue
		}
		c := n.Coef[i]
		want, o := c.Mul(Pow2(an.K))
		if o {
			continue
		}
		w := f.K + an.K
		for j, b := range n.Args {
			bn := g.Node(b)
			if bn.Op != OpShr || bn.K != w || n.Coef[j].Cmp(want) < 0 {
				continue
			}
			if g.Find(g.Mod(f.Args[0], w)) != g.Find(g.Mod(bn.Args[0], w)) {
				continue
			}
			return joinParts(g, n, a, b, g.Shr(bn.Args[0], f.K), c, want), true
		}
	}
	return 0, false
}
