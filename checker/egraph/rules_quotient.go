package egraph

import "math/big"

// sm2's p has p0 = p2 = 2^64-1 and p1 = 2^64-2^32, so a Montgomery step's quotient word m
// is multiplied by 2^64-1 twice, and the IR's carry chain of m*p adds hi(m*p0) + lo(m*p1)
// and takes its carry into the next word: the carry of word 3 normalises to
// ((2^64-1)*m + T) >> 64 with T = (p1*m + ((2^64-1)*m >> 64)) >> 64. gcc adds the same
// words in another order and reaches ((2^64-1)*m) >> 64 with T elsewhere. The two are
// equal because T < m whenever m > 0 (and T = 0 at m = 0): (2^64-1)*m = 2^64*(m-1) +
// (2^64-m), and adding T < m does not reach the next multiple of 2^64. Intervals cannot
// give that bound (it is correlated with m); the form of T can.

// QuotientRules names quotientRules: only the checker's last attempts have them (as
// BorrowRules), so that what the other sets prove is proved as before.
var QuotientRules = []string{"shr-dominated", "shr-neg-low-mod", "add-carry-shifted", "add-carry-mod-narrow"}

// maxDominatedDepth bounds how deep dominated looks into nested carries.
const maxDominatedDepth = 4

func quotientRules() []Rewrite {
	return []Rewrite{
		// ((2^k-1)*L + B) >> k = ((2^k-1)*L) >> k when L <= 2^k and B is dominated by L
		// (B < L when L >= 1, B = 0 when L = 0)
		{"shr-dominated", OpShr, shrDominated},
		// (S + (q*2^k-1)*(Y mod 2^k)) >> k = (S >> k) + q*(Y mod 2^k) when the normal form of
		// S mod 2^k is the class of Y mod 2^k
		{"shr-neg-low-mod", OpShr, shrNegLowMod},
		// (B + e*L) >> k + c*e*2^(K-k)*(E >> K') = (B + e*2^s*E) >> k when L = 2^s*E mod 2^K,
		// s = K - K' > 0, K >= k
		{"add-carry-shifted", OpAdd, addCarryShifted},
		// add-carry-mod that leaves a carry alone rather than make it opaque
		{"add-carry-mod-narrow", OpAdd, addCarryModNarrow},
	}
}

// shrDominated: for 1 <= L <= 2^k, (2^k-1)*L = 2^k*(L-1) + (2^k-L), and 0 <= B < L keeps
// 2^k-L+B below 2^k, so both shifts are L-1; at L = 0 both sides are B >> k = 0. The
// sum must be exactly those two terms (coefficients 2^k-1 and 1, no constant): any other
// term could carry. B < L for L >= 1 and B = 0 at L = 0 both follow from B <= r*L with a
// ratio r < 1 (dominated).
func shrDominated(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || len(x.Args) != 2 || !x.Val.IsZero() || n.K < 1 || n.K > 127 {
		return 0, false
	}
	for i, l := range x.Args {
		b, cb := x.Args[1-i], x.Coef[1-i]
		if x.Coef[i] != Mask(n.K) || cb != W(1) || g.UB(l).Cmp(Pow2(n.K)) > 0 {
			continue
		}
		if r := g.dominated(b, l, maxDominatedDepth); r != nil && r.Cmp(big.NewRat(1, 1)) < 0 {
			return g.Shr(g.Scale(l, Mask(n.K)), n.K), true
		}
	}
	return 0, false
}

// dominated returns a ratio r with b <= r*l for every value (nil: none found), from b's
// form: b = (c_1*t_1 + ... + c_n*t_n) >> j, no constant, each t_i either l (ratio 1) or
// a term with a ratio r_i (recursively). Then b <= (sum c_i*t_i) / 2^j <= (sum c_i*r_i) *
// l / 2^j: every value is non-negative, so each bound only adds up, and the floor of
// the shift only lowers b.
func (g *EGraph) dominated(b, l Id, depth int) *big.Rat {
	bn := g.Node(b)
	if depth == 0 || bn.Op != OpShr || bn.K > 128 {
		return nil
	}
	l = g.Find(l)
	var sum *big.Rat
	if g.Find(bn.Args[0]) == l {
		sum = big.NewRat(1, 1)
	} else {
		s := g.Node(bn.Args[0])
		if s.Op != OpAdd || !s.Val.IsZero() {
			return nil
		}
		sum = new(big.Rat)
		for i, a := range s.Args {
			r := big.NewRat(1, 1)
			if g.Find(a) != l {
				if r = g.dominated(a, l, depth-1); r == nil {
					return nil
				}
			}
			sum.Add(sum, r.Mul(r, new(big.Rat).SetInt(s.Coef[i].Big())))
		}
	}
	return sum.Quo(sum, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(bn.K))))
}

// shrNegLowMod is shr-neg-low with the congruence S = Y (mod 2^k) decided by the graph
// instead of by linear forms: the normal form of S mod 2^k is the class of the term
// Y mod 2^k itself. sm2's IR adds the quotient's product (2^64-1)*(Y mod 2^64) to the
// sum S whose low word Y mod 2^64 is, where the linear forms of S and Y differ by carries
// (S holds a word's truncations, Y the carry taken from them). Then, with y = S mod 2^k =
// Y mod 2^k and b = q*2^k - 1: S + b*y = (S - y) + q*2^k*y = 2^k*((S >> k) + q*y).
func shrNegLowMod(g *EGraph, n Node) (Id, bool) { return negLowBy(g, n, true) }

// addCarryShifted is add-carry with a high part that shr-scaled has rewritten: the
// carry (B + e*L) >> k, L = Z mod 2^K (K >= k), next to c*e*2^(K-k)*(E >> K') where
// Z = 2^s*E, s = K - K' > 0. Z >> K = (2^s*E) >> K = E >> K' exactly, and
// e*(Z mod 2^K) + e*2^K*(Z >> K) = e*Z with e*2^K*(Z >> K) a multiple of 2^k, so the
// sum is (B + e*Z) >> k. L = Z mod 2^K is decided on linear forms modulo 2^K (lowForm,
// as add-carry-mod's sameLow): the form of E times 2^s against the form of L's argument.
// The square's IR splits the carry of p1*m + hi(m*p0) for sm2 (p1 = 2^64-2^32) so:
// ((2^32-1)*m) >> 32 and (hi(m*p0) + (p1*m mod 2^64)) >> 64.
func addCarryShifted(g *EGraph, n Node) (Id, bool) {
	for i, a := range n.Args {
		an := g.Node(a)
		if an.Op != OpShr {
			continue
		}
		l := g.Node(an.Args[0])
		if l.Op != OpAdd {
			continue
		}
		for j, b := range l.Args {
			bn := g.Node(b)
			if bn.Op != OpMod || bn.K < an.K || bn.K >= 128 {
				continue
			}
			for h, hid := range n.Args {
				hn := g.Node(hid)
				if h == i || hn.Op != OpShr || hn.K >= bn.K || hn.K < 1 {
					continue
				}
				if id, ok := moveShifted(g, n, i, l, j, h); ok {
					return id, true
				}
			}
		}
	}
	return 0, false
}

// moveShifted checks and applies addCarryShifted for carry i = (l) >> k of sum n, l's
// term j = L mod 2^K and n's term h = E >> K'.
func moveShifted(g *EGraph, n Node, i int, l Node, j, h int) (Id, bool) {
	hn, bn, k := g.Node(n.Args[h]), g.Node(l.Args[j]), g.Node(n.Args[i]).K
	s := bn.K - hn.K
	fe, ok1 := g.lowForm(hn.Args[0], bn.K)
	fl, ok2 := g.lowForm(bn.Args[0], bn.K)
	if !ok1 || !ok2 {
		return 0, false
	}
	matched := 0 // terms of fl met by a term of fe (2^s*c can vanish modulo 2^K)
	for id, c := range fe {
		v := mulWrap(c, Pow2(s)).Trunc(bn.K)
		if v != fl[id] {
			return 0, false
		}
		if !v.IsZero() {
			matched++
		}
	}
	if matched != len(fl) {
		return 0, false
	}
	c, e := n.Coef[i], l.Coef[j]
	need, o := c.Mul(e)
	need, o2 := need.Mul(Pow2(bn.K - k))
	if o || o2 || n.Coef[h].Cmp(need) < 0 || !scalable(g, hn.Args[0], Pow2(s)) {
		return 0, false
	}
	return joinCarry(g, n, i, l, j, h, g.Scale(hn.Args[0], Pow2(s)), [3]U128{c, e, need}), true
}

// scalable reports whether v*id keeps every coefficient within 128 bits: a sum scaled
// past them is left opaque (canonAdd's +wide), sound but never equal to another form.
func scalable(g *EGraph, id Id, v U128) bool {
	n := g.Node(id)
	if n.Op != OpAdd {
		return true
	}
	if _, o := n.Val.Mul(v); o {
		return false
	}
	for _, c := range n.Coef {
		if _, o := c.Mul(v); o {
			return false
		}
	}
	return true
}
