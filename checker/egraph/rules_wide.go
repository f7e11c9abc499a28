package egraph

// Compilers take a field of a 128-bit difference (the IR's u128 x - y, computed with
// sub/sbb) across the word boundary with shrd: (hi:lo) >> k as 2^(64-k)*hi + (lo >> k).
// The difference holds a 64-bit complement, which mod-not rewrites in the low word (~y is
// -1-y there) but not in the IR's whole shift, so add-recombine, comparing the low field
// with the IR's by normal form, does not see that they are the same bits.

// WideRules names wideRules: only the checker's last attempt has them (as BorrowRules),
// so that what the other sets prove is proved as before.
var WideRules = []string{"add-recombine-field", "mod-join-borrows"}

func wideRules() []Rewrite {
	return []Rewrite{
		// c*((W >> k) mod 2^K) + c*2^K*(Z >> (k+K)) = c*(Z >> k) when W = Z mod 2^(k+K)
		{"add-recombine-field", OpAdd, addRecombineField},
		// (Q + m*((R + ~x + ~y + C) >> s)) mod 2^j = (Q + m*((R + ~T + C-1) >> s)
		//   - m*2^(k-s)*c + m*2^(k-s)) mod 2^j, T = (x+y) mod 2^k, c = (x+y) >> k, k >= s
		{"mod-join-borrows", OpMod, modJoinBorrows},
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

// modJoinBorrows: the IR subtracts two products from a u128 sum one after the other, so
// the carry out of the difference's low word holds both complements, (R + ~x + ~y + 2) >> s
// (s = 56: the column's carry, taken across the word boundary); clang adds the products
// first and subtracts their sum, (R + ~T + 1) >> s with T = (x+y) mod 2^k, and takes the
// sum's carry c = (x+y) >> k into its high word. For x, y < 2^k, ~x + ~y + 1 = ~T +
// 2^k*(1-c), so for C >= 1 and k >= s, (R + ~x + ~y + C) >> s = ((R + ~T + C-1) >> s) +
// 2^(k-s)*(1-c) exactly (2^k*(1-c) is a multiple of 2^s). Under a truncation to j <= 128
// bits, -m*2^(k-s)*c is the coefficient (-m*2^(k-s)) mod 2^j on c, where add-carry joins
// c to the products' high words as in clang's word. Each guard is needed for the
// identity: C >= 1, both complements over one width k, coefficient 1 each, k >= s (the
// coefficients wrap at 2^128, which is right modulo 2^j: truncations are at most 128 bits).
func modJoinBorrows(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd {
		return 0, false
	}
	for i, t := range x.Args {
		tn := g.Node(t)
		if tn.Op != OpShr {
			continue
		}
		z := g.Node(tn.Args[0])
		if z.Op != OpAdd || z.Val.IsZero() {
			continue
		}
		u, v, ok := notPair(g, z, tn.K)
		if !ok {
			continue
		}
		k := g.Node(u).K
		xy := g.Plus(g.Node(u).Args[0], g.Node(v).Args[0])
		zm := termsOf(z)
		delete(zm, u)
		delete(zm, v)
		nt := g.Not(g.Mod(xy, k), k)
		if zm[nt], ok = zm[nt].Add(W(1)); ok { // the shift's sum is not truncated: no wrapping
			return 0, false
		}
		rest, _ := z.Val.Sub(W(1))
		low := g.Shr(rebuildSum(g, rest, zm), tn.K)
		step := mulWrap(x.Coef[i], Pow2(k-tn.K)) // m*2^(k-s), modulo 2^128
		m := termsOf(x)
		delete(m, t)
		m[low], _ = m[low].Add(x.Coef[i])
		c := g.Shr(xy, k)
		m[c], _ = m[c].Add(mulWrap(step, Max)) // -m*2^(k-s), modulo 2^128
		for id, coef := range m {
			m[id] = coef.Trunc(n.K)
		}
		val, _ := x.Val.Add(step)
		return g.Mod(rebuildSum(g, val.Trunc(n.K), m), n.K), true
	}
	return 0, false
}

// notPair finds two complements ~x, ~y in the sum z, with coefficient 1 each and one
// width k >= s (z is the operand of a shift by s).
func notPair(g *EGraph, z Node, s int) (Id, Id, bool) {
	var found []Id
	for i, a := range z.Args {
		an := g.Node(a)
		if an.Op != OpNot || an.K < s || z.Coef[i] != W(1) {
			continue
		}
		for _, f := range found {
			if g.Node(f).K == an.K {
				return f, a, true
			}
		}
		found = append(found, a)
	}
	return 0, 0, false
}
