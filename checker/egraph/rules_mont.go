package egraph

import "slices"

// Compilers multiply a Montgomery quotient m by p's limbs 0xffffffff and the like with
// shifts and a subtraction: gcc writes m*(2^32-1) as the 128-bit (m << 32) - m (shl, shld,
// sub, sbb), clang negates with neg (~t + 1). The IR has the product. Subtraction leaves a
// 64-bit complement ~m in sums: inside a truncation ~m is -m-1, and in a carry the high
// word (m >> 32) minus the borrow meets the low part 2^32*(m mod 2^32) again once the
// field is moved into the carry, where add-not folds 2^32*m + ~m into 0xffffffff*m.
func montRules() []Rewrite {
	return []Rewrite{
		// (R + c*~x) mod 2^j = (R + (-c mod 2^j)*x + (-c mod 2^j)) mod 2^j, ~x over K >= j bits
		{"mod-not", OpMod, modNot},
		// c*(L >> k) + c*q*((X >> K) mod 2^W) = c*((L - e*(Z mod 2^K2) + e*2^s*(X mod 2^(K+W))) >> k)
		// when Z = 2^s*X mod 2^K2 (s = K2-K), e*2^K2 = q*2^k
		{"add-carry-field", OpAdd, addCarryField},
		// (S + (q*2^k-1)*(Y mod 2^k)) >> k = (S >> k) + q*(Y mod 2^k) when S = Y mod 2^k
		{"shr-neg-low", OpShr, shrNegLow},
		// x | (A mod 2^k) = (A + x) mod 2^k when 2^b divides A's coefficients, x < 2^b, b <= k
		{"or-disjoint-mod", OpOr, orDisjointMod},
		// (A + B) >> k = A >> k when 2^b divides A's coefficients, B < 2^b, b <= k
		{"shr-drop-low", OpShr, shrDropLow},
	}
}

// modNot: ~x = 2^K-1-x, and 2^K is 0 modulo 2^j when j <= K, so c*~x is c*(2^j-1)*(x+1)
// modulo 2^j (-c-c*x). The guard K >= j is what makes it sound; one-bit
// complements (K < 2) and bits x are left alone, as mod-borrow writes masks of bits as
// them (the two would undo each other).
func modNot(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || n.K < 1 || n.K > 128 {
		return 0, false
	}
	for i, a := range x.Args {
		an := g.Node(a)
		if an.Op != OpNot || an.K < n.K || an.K < 2 || g.UB(an.Args[0]).Cmp(W(1)) <= 0 {
			continue
		}
		neg := mulWrap(x.Coef[i], Mask(n.K)).Trunc(n.K) // -c mod 2^j
		m := termsOf(x)
		delete(m, a)
		y := g.Find(an.Args[0])
		s, _ := m[y].Add(neg)
		m[y] = s.Trunc(n.K)
		c, _ := x.Val.Add(neg)
		return g.Mod(rebuildSum(g, c.Trunc(n.K), m), n.K), true
	}
	return 0, false
}

// bitField is a term F = (X >> K) mod 2^W (W = 0: X >> K, all the bits) of a sum, with
// low, a class congruent to X modulo 2^K, and whole, which builds X mod 2^(K+W) (X).
type bitField struct {
	low  Id
	K, W int
	t    int // the term of a split form (below), -1 otherwise
	id   Id
}

// fieldsOf lists the ways id is a bit field. shr-split writes (X >> K) mod 2^W with X =
// 2^K*A + B as (A + (B >> K)) mod 2^W, so a truncated sum with a carry term B >> K is the
// field too, with X mod 2^K = B mod 2^K.
func fieldsOf(g *EGraph, id Id) []bitField {
	n := g.Node(id)
	switch {
	case n.Op == OpShr:
		return []bitField{{low: n.Args[0], K: n.K, t: -1, id: id}}
	case n.Op != OpMod:
		return nil
	}
	s := g.Node(n.Args[0])
	if s.Op == OpShr {
		return []bitField{{low: s.Args[0], K: s.K, W: n.K, t: -1, id: id}}
	}
	if s.Op != OpAdd {
		return nil
	}
	var out []bitField
	for t, a := range s.Args {
		if an := g.Node(a); an.Op == OpShr && s.Coef[t] == W(1) && g.Node(an.Args[0]).Op == OpAdd {
			out = append(out, bitField{low: an.Args[0], K: an.K, W: n.K, t: t, id: id})
		}
	}
	return out
}

// whole builds X mod 2^(K+W) (X when W = 0) of f.
func (f bitField) whole(g *EGraph) (Id, bool) {
	n := g.Node(f.id)
	var x Id
	switch {
	case f.t < 0 && n.Op == OpShr:
		return n.Args[0], true
	case f.t < 0:
		x = g.Node(n.Args[0]).Args[0]
	default:
		s := g.Node(n.Args[0])
		m := make(map[Id]U128, len(s.Args))
		for i, a := range s.Args {
			if i == f.t {
				continue
			}
			c, o := s.Coef[i].Mul(Pow2(f.K))
			if o {
				return 0, false
			}
			m[a] = c
		}
		v, o := s.Val.Mul(Pow2(f.K))
		if o {
			return 0, false
		}
		m[g.Find(f.low)], o = m[g.Find(f.low)].Add(W(1))
		if o {
			return 0, false
		}
		x = rebuildSum(g, v, m)
	}
	return g.Mod(x, f.K+f.W), true
}

// addCarryField joins a carry (L >> k) with a bit field F = (X >> K) mod 2^W of the same
// sum when L holds the part of X below bit K, e*(X mod 2^K), possibly written as
// Z mod 2^K2 with Z = 2^s*X modulo 2^K2 (2^s*(X mod 2^K) = (2^s*X) mod 2^(K+s)). With
// e*2^K = q*2^k, c*q*F is c*(q*2^k*F) >> k, and e*(X mod 2^K) + e*2^K*F = e*(X mod 2^(K+W)).
func addCarryField(g *EGraph, n Node) (Id, bool) {
	// Carries with a complement inside first: few sums have one, and the check is cheap.
	var carries []int
	for i, a := range n.Args {
		if an := g.Node(a); an.Op == OpShr {
			if l := g.Node(an.Args[0]); l.Op == OpAdd && hasNot(g, l) {
				carries = append(carries, i)
			}
		}
	}
	if len(carries) == 0 {
		return 0, false
	}
	for h, a := range n.Args {
		for _, f := range fieldsOf(g, a) {
			for _, i := range carries {
				if h == i {
					continue
				}
				if id, ok := moveField(g, n, f, h, i); ok {
					return id, true
				}
			}
		}
	}
	return 0, false
}

// moveField tries to move field f, term h of sum n, into carry term i.
func moveField(g *EGraph, n Node, f bitField, h, i int) (Id, bool) {
	K, w := f.K, f.W
	cn := g.Node(n.Args[i])
	l, k := g.Node(cn.Args[0]), cn.K
	if K < 1 || K >= 128 || k >= 128 || K+w > 128 {
		return 0, false
	}
	for j, z := range l.Args {
		zn := g.Node(z)
		if zn.Op != OpMod || zn.K < K || zn.K >= 128 {
			continue
		}
		s := zn.K - K
		e := l.Coef[j]
		// q = e*2^K2 / 2^k must be a whole number
		if trailingZeros(e)+zn.K < k {
			continue
		}
		var q U128
		var o bool
		if zn.K >= k {
			q, o = e.Mul(Pow2(zn.K - k))
		} else {
			q = e.Shr(k - zn.K)
		}
		need, o2 := n.Coef[i].Mul(q)
		if o || o2 || n.Coef[h].Cmp(need) < 0 {
			continue
		}
		es, o3 := e.Mul(Pow2(s))
		if o3 || !g.scaledLow(zn.Args[0], f.low, s, zn.K) {
			continue
		}
		y, ok := f.whole(g)
		if !ok || !notOf(g, l, y) {
			continue
		}
		lm := termsOf(l)
		delete(lm, z)
		lm[g.Find(y)], o = lm[g.Find(y)].Add(es)
		if o {
			continue
		}
		carry := g.Shr(rebuildSum(g, l.Val, lm), k)
		m := termsOf(n)
		m[n.Args[h]], _ = m[n.Args[h]].Sub(need)
		m[n.Args[i]], _ = m[n.Args[i]].Sub(n.Coef[i])
		m[carry], _ = m[carry].Add(n.Coef[i])
		return rebuildSum(g, n.Val, m), true
	}
	return 0, false
}

// scaledLow reports whether z = 2^s*x modulo 2^k2, as linear forms (see sameLow).
func (g *EGraph) scaledLow(z, x Id, s, k2 int) bool {
	if s == 0 && g.Find(z) == g.Find(x) {
		return true
	}
	fz, okz := g.lowForm(z, k2)
	fx, okx := g.lowForm(x, k2-s)
	if !okz || !okx {
		return false
	}
	nz := 0
	for id, c := range fx {
		v := mulWrap(c, Pow2(s)).Trunc(k2)
		if v.IsZero() {
			continue
		}
		nz++
		if fz[id] != v {
			return false
		}
	}
	return nz == len(fz)
}

// hasNot reports whether sum l has a complement term. Moving a field into a carry is
// only done where the complement of the joined value is there for add-not to fold (a
// subtraction the compiler wrote): elsewhere the move would only change the normal form
// of carries the IR writes otherwise.
func hasNot(g *EGraph, l Node) bool {
	for _, a := range l.Args {
		if g.Node(a).Op == OpNot {
			return true
		}
	}
	return false
}

// notOf reports whether sum l has the term ~y.
func notOf(g *EGraph, l Node, y Id) bool {
	for _, a := range l.Args {
		if an := g.Node(a); an.Op == OpNot && g.Find(an.Args[0]) == g.Find(y) {
			return true
		}
	}
	return false
}

// sharesTerm reports whether y (or a term of y, a sum) is a term of m. It keeps
// shr-neg-low to S holding Y's own terms, the compilers' form: a Montgomery step's sum is
// 0 modulo 2^k too, and there the rule would split the IR's carry at the quotient's
// product with a limb 2^k-1 (secp256k1's p_1), a normal form the compilers' code does not
// reach.
func sharesTerm(g *EGraph, y Id, m map[Id]U128) bool {
	yn := g.Node(y)
	if yn.Op != OpAdd {
		_, ok := m[g.Find(y)]
		return ok
	}
	for _, a := range yn.Args {
		if _, ok := m[g.Find(a)]; ok {
			return true
		}
	}
	return false
}

// shrNegLow: compilers add the quotient's product with p_0 = 2^k-1 as (2^k-1)*(Y mod 2^k)
// next to the sum S that Y mod 2^k truncates, where the IR has only the carry of S. When
// S = Y modulo 2^k (as linear forms: the whole sum is then 0 modulo 2^k) and b = q*2^k - 1,
// S + b*(Y mod 2^k) = 2^k*(S >> k) + q*2^k*(Y mod 2^k), so the carry is (S >> k) +
// q*(Y mod 2^k).
func shrNegLow(g *EGraph, n Node) (Id, bool) { return negLowBy(g, n, false) }

// negLowBy is shr-neg-low (byClass false: the congruence by linear forms) and
// shr-neg-low-mod (byClass true: by the class of S mod 2^k, rules_quotient.go).
func negLowBy(g *EGraph, n Node, byClass bool) (Id, bool) {
	s := g.Node(n.Args[0])
	if s.Op != OpAdd || len(s.Args) < 2 || n.K < 1 || n.K >= 128 {
		return 0, false
	}
	for i, a := range s.Args {
		an := g.Node(a)
		b1, o := s.Coef[i].Add(W(1))
		if an.Op != OpMod || an.K != n.K || o || !b1.Trunc(n.K).IsZero() {
			continue
		}
		m := termsOf(s)
		if !sharesTerm(g, an.Args[0], m) {
			continue
		}
		if !byClass {
			f, ok := g.lowForm(n.Args[0], n.K)
			if !ok || len(f) != 0 {
				return 0, false
			}
		}
		delete(m, a)
		rest := rebuildSum(g, s.Val, m)
		if byClass && g.Find(g.Mod(rest, n.K)) != g.Find(a) {
			continue
		}
		return g.Sum(U128{}, Term{g.Shr(rest, n.K), W(1)}, Term{a, b1.Shr(n.K)}), true
	}
	return 0, false
}

// orDisjointMod: clang joins the low word 2^32*(m*c mod 2^32) of a product with the high
// half of another (below 2^32) with or. y = A mod 2^k with every coefficient and the
// constant of A a multiple of 2^b (b <= k) has no bit below b, x < 2^b none at or above:
// x | y = x + (A mod 2^k) = (A + x) mod 2^k, the IR's sum.
func orDisjointMod(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	for i, a := range n.Args {
		y := g.Node(n.Args[1-i])
		if y.Op != OpMod {
			continue
		}
		s := g.Node(y.Args[0])
		if s.Op != OpAdd {
			continue
		}
		b := min(trailingZeros(s.Val), y.K)
		for _, c := range s.Coef {
			b = min(b, trailingZeros(c))
		}
		if b > 0 && fits(g.UB(a), b) {
			return g.Mod(g.Plus(y.Args[0], a), y.K), true
		}
	}
	return 0, false
}

// shrDropLow: a carry the compiler knows is 0. A sum A + B with A a multiple of 2^b
// (every coefficient and the constant) and B < 2^b has (A + B) >> b = A >> b, and so the
// same bits from b up: (A + B) >> k = A >> k for b <= k. clang drops the IR's carry of
// 2^32*V + (V >> 64) for V = m*(2^32-1) < 2^96 (p384).
func shrDropLow(g *EGraph, n Node) (Id, bool) {
	s := g.Node(n.Args[0])
	if s.Op != OpAdd || len(s.Args) < 2 || n.K < 1 || n.K >= 128 {
		return 0, false
	}
	// The candidate b are the trailing zero counts of the coefficients: a b between two of
	// them splits the terms alike, and the largest such b has the most room for B.
	tz := make([]int, len(s.Args))
	var bs []int
	for i, c := range s.Coef {
		tz[i] = min(trailingZeros(c), n.K)
		if tz[i] > 0 && !slices.Contains(bs, tz[i]) {
			bs = append(bs, tz[i])
		}
	}
	slices.Sort(bs)
	for j := len(bs) - 1; j >= 0; j-- {
		b := bs[j]
		var hi []Term
		lowUB := U128{}
		for i, a := range s.Args {
			if tz[i] >= b {
				hi = append(hi, Term{a, s.Coef[i]})
				continue
			}
			lowUB = satAdd(lowUB, satMul(g.UB(a), s.Coef[i]))
		}
		c := s.Val
		if trailingZeros(c) < b {
			lowUB, c = satAdd(lowUB, c), U128{}
		}
		if len(hi) == 0 || len(hi) == len(s.Args) || !fits(lowUB, b) {
			continue
		}
		return g.Shr(g.Sum(c, hi...), n.K), true
	}
	return 0, false
}
