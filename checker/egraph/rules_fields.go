package egraph

// Compilers pack bit fields with and/or where the IR adds: gcc writes Dettman's
// secp256k1 limb 16*(d mod 2^52) + (t >> 48) as ((16*d) & 0xfffffffffffff0) | (t >> 48).
func fieldRules() []Rewrite {
	return []Rewrite{
		{"and-field", OpAnd, andField},    // x & (2^a - 2^b) = 2^b * ((x >> b) mod 2^(a-b))
		{"or-disjoint", OpOr, orDisjoint}, // x | 2^b*y = x + 2^b*y for x < 2^b
	}
}

// trailingZeros is the number of low zero bits of v (128 for 0).
func trailingZeros(v U128) int {
	b := 0
	for b < 128 && v.Shr(b).Trunc(1).IsZero() {
		b++
	}
	return b
}

// andField: the mask keeps bits b..a-1 of x, which is the field (x >> b) mod 2^(a-b)
// shifted back into place.
func andField(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	for i, m := range n.Args {
		v, ok := g.ConstVal(m)
		if !ok || v.IsZero() {
			continue
		}
		b, a := trailingZeros(v), v.BitLen()
		if b == 0 || v.Shr(b) != Mask(a-b) {
			continue
		}
		return g.Scale(g.Mod(g.Shr(n.Args[1-i], b), a-b), Pow2(b)), true
	}
	return 0, false
}

// orDisjoint: y is a multiple of 2^b (every coefficient and the constant are), so its
// low b bits are 0, while x has no bit at b or above: no bit is set in both.
func orDisjoint(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	for i, a := range n.Args {
		y := g.Node(n.Args[1-i])
		if y.Op != OpAdd {
			continue
		}
		b := trailingZeros(y.Val)
		for _, c := range y.Coef {
			b = min(b, trailingZeros(c))
		}
		if b > 0 && fits(g.UB(a), b) {
			return g.Plus(a, n.Args[1-i]), true
		}
	}
	return 0, false
}
