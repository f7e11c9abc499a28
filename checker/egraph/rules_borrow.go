package egraph

// clang's final reduction of a Montgomery product (p256) subtracts a borrow from a word
// the modulus has as zero (x - 0 - borrow) by adding a mask, (x + (2^k-1)*~c) mod 2^k,
// where ~c is the borrow for the IR's carry c of x + (2^k - p_i) + c' (Fiat's
// subborrowx written as an add chain), and the IR adds (x + c + 2^k-1) mod 2^k.
// mod-borrow writes a mask term with ~b only when the sum has a constant V >= 1 to
// absorb the -1; modulo 2^k the -1 is 2^k-1, so a sum without a constant can be written
// with the carry itself.

// BorrowRules names borrowRules: only the checker's last attempt has them (checker's
// attempts), so that what the earlier sets prove is proved as before.
var BorrowRules = []string{"mod-borrow-zero"}

func borrowRules() []Rewrite {
	return []Rewrite{
		// (R + (2^k-1)*~c) mod 2^k = (R + c + 2^k-1) mod 2^k for a bit c, R wider than a bit
		{"mod-borrow-zero", OpMod, modBorrowZero},
	}
}

// modBorrowZero: for a bit c, (2^k-1)*(1-c) = c + 2^k-1 - 2^k*c, and 2^k*c vanishes
// modulo 2^k (c = 0: 2^k-1 both; c = 1: 0 and 2^k). Guards: c <= 1 (so ~c over one bit is
// 1-c), 2 <= k < 128 (the mask fits; over one bit the coefficient 1 is any term's), the
// sum has no constant (with one, mod-borrow applies) and wideRest: a borrow chain's own
// mask-plus-carry word, (2^k-1)*~c + (a carry bit), keeps the mask form that sign-borrow
// reads (rewriting it steered clang p256's select conditions apart).
func modBorrowZero(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || n.K < 2 || n.K >= 128 || !x.Val.IsZero() || !wideRest(g, x) {
		return 0, false
	}
	for i, b := range x.Args {
		nb := g.Node(b)
		if x.Coef[i] != Mask(n.K) || nb.Op != OpNot || nb.K != 1 || g.UB(nb.Args[0]).Cmp(W(1)) > 0 {
			continue
		}
		m := termsOf(x)
		delete(m, b)
		c := g.Find(nb.Args[0])
		s, o := m[c].Add(W(1))
		if o {
			return 0, false
		}
		m[c] = s
		return g.Mod(rebuildSum(g, Mask(n.K), m), n.K), true
	}
	return 0, false
}

// wideRest: some term of x other than a one-bit complement has a coefficient or bound
// above 1, so x is not a borrow chain's mask-plus-carry word.
func wideRest(g *EGraph, x Node) bool {
	for i, t := range x.Args {
		if x.Coef[i].Cmp(W(1)) > 0 && g.Node(t).Op != OpNot || g.UB(t).Cmp(W(1)) > 0 {
			return true
		}
	}
	return false
}
