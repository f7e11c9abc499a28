package egraph

import "math/bits"

// clang propagates the borrows of a Montgomery final subtraction as a signed high word:
// the borrow so far is a mask m = (2^k-1)*b, and the last step subtracts it from the top
// carry word R with no constant (add r8, rsi; adc rsi, 0; sar rsi, 63). The new borrow is
// the sign bit of m + carry(R + m). Where the IR (Fiat's subborrowx) writes that borrow as
// the complement of the carry of R + ~b + 2^k-1, so does this rule; the sum then meets the
// IR's through add-carry.
//
// Compilers also split one carry of the IR in two, adding a third word to a sum whose
// carry they already took: (Z >> K) + ((Z mod 2^K) + Y) >> K, where the IR has
// (Z + Y) >> K. add-carry joins them when both name Z alike; add-carry-mod also when the
// low part reaches Z mod 2^K through a different but equal normal form (mod-push-add drops
// inner truncations, so the high part's Z may hold X mod 2^K where the low part has X).
func carryRules() []Rewrite {
	return []Rewrite{
		// bit k-1 of (2^k-1)*b + ((R + (2^k-1)*b) >> k) = ~((R + ~b + 2^k-1) >> k) for R < 2^k
		{"sign-borrow", OpMod, signBorrow},
		// (B + e*L) >> k + c*e*2^(K-k)*(Z >> K) = (B + e*Z) >> k when L = Z mod 2^K, K >= k
		{"add-carry-mod", OpAdd, addCarryMod},
	}
}

// addCarryMod is add-carry with the high part found by value: any term Z >> K of the sum
// whose truncation Z mod 2^K is the class of the low part L. Since 2^K*(Z >> K) + (Z mod
// 2^K) = Z, and e*2^K*(Z >> K) is a multiple of 2^k, moving the high part into the carry
// keeps the value.
func addCarryMod(g *EGraph, n Node) (Id, bool) { return addCarryModBy(g, n, false) }

// addCarryModNarrow is add-carry-mod that refuses to move a high part Z into a carry when
// e*Z would pass 128-bit coefficients: the sum would be left opaque (canonAdd's +wide),
// and the two sides' opaque sums seldom meet (gcc's sm2 square). Only the checker's
// sixth attempt has it, in place of add-carry-mod.
func addCarryModNarrow(g *EGraph, n Node) (Id, bool) { return addCarryModBy(g, n, true) }

func addCarryModBy(g *EGraph, n Node, narrow bool) (Id, bool) {
	// Terms that are carries of sums: each may be the carry (i) or the high part (h).
	var shrs []int
	for i, a := range n.Args {
		if an := g.Node(a); an.Op == OpShr && g.Node(an.Args[0]).Op == OpAdd {
			shrs = append(shrs, i)
		}
	}
	if len(shrs) < 2 {
		return 0, false
	}
	for _, i := range shrs {
		an := g.Node(n.Args[i])
		l := g.Node(an.Args[0])
		for j, b := range l.Args {
			bn := g.Node(b)
			if bn.Op != OpMod || bn.K < an.K || bn.K >= 128 {
				continue
			}
			for _, h := range shrs {
				if h == i || g.Node(n.Args[h]).K != bn.K {
					continue
				}
				if id, ok := moveHigh(g, n, i, l, j, h, narrow); ok {
					return id, true
				}
			}
		}
	}
	return 0, false
}

// moveHigh moves term h = Z >> K of sum n into the carry n.Args[i] = (l) >> k, whose
// term j is L = Z mod 2^K; it refuses when L is not Z mod 2^K or the coefficient of h is
// too small (narrow: or when e*Z would pass 128-bit coefficients).
func moveHigh(g *EGraph, n Node, i int, l Node, j, h int, narrow bool) (Id, bool) {
	hn, bn, k := g.Node(n.Args[h]), g.Node(l.Args[j]), g.Node(n.Args[i]).K
	z := hn.Args[0]
	if !g.sameLow(z, bn.Args[0], bn.K) && !g.probeMod(z, bn.K, l.Args[j]) {
		return 0, false
	}
	c, e := n.Coef[i], l.Coef[j]
	need, o := c.Mul(e)
	need, o2 := need.Mul(Pow2(bn.K - k))
	if o || o2 || n.Coef[h].Cmp(need) < 0 || narrow && !scalable(g, z, e) {
		return 0, false
	}
	return joinCarry(g, n, i, l, j, h, z, [3]U128{c, e, need}), true
}

// joinCarry moves the high part, term h of sum n (coefficient need of it), into the carry
// n.Args[i] = c*((l) >> k) as e*z in place of l's term j (its low part): moveHigh's and
// moveShifted's rewrite once they have checked it. w holds c, e and need.
func joinCarry(g *EGraph, n Node, i int, l Node, j, h int, z Id, w [3]U128) Id {
	c, e, need := w[0], w[1], w[2]
	lm := termsOf(l)
	lm[l.Args[j]], _ = lm[l.Args[j]].Sub(e)
	lm[z], _ = lm[z].Add(e)
	carry := g.Shr(rebuildSum(g, l.Val, lm), g.Node(n.Args[i]).K)
	m := termsOf(n)
	m[n.Args[h]], _ = m[n.Args[h]].Sub(need)
	m[n.Args[i]], _ = m[n.Args[i]].Sub(c)
	m[carry], _ = m[carry].Add(c)
	return rebuildSum(g, n.Val, m)
}

// signBorrow matches (mod (>> S k-1) 1) with S = (2^k-1)*b + c, c = (R + (2^k-1)*b) >> k,
// b a bit and R < 2^k. For b = 0 both sides are 0 (c = 0 as R < 2^k, and R + 2^k >> k is
// 1). For b = 1, c is 1 exactly when R >= 1; S is 2^k-1 (bit k-1 set) or 2^k (clear), so
// the bit is 1 exactly when R = 0, which is ~((R + 2^k-1) >> k).
func signBorrow(g *EGraph, n Node) (Id, bool) {
	y := g.Node(n.Args[0])
	if n.K != 1 || y.Op != OpShr || y.K < 1 || y.K >= 127 {
		return 0, false
	}
	k := y.K + 1
	s := g.Node(y.Args[0])
	if s.Op != OpAdd || len(s.Args) != 2 || !s.Val.IsZero() {
		return 0, false
	}
	for i, b := range s.Args {
		if s.Coef[i] != Mask(k) || s.Coef[1-i] != W(1) || g.UB(b).Cmp(W(1)) > 0 {
			continue
		}
		c := g.Node(s.Args[1-i])
		if c.Op != OpShr || c.K != k {
			continue
		}
		inner := g.Node(c.Args[0])
		if inner.Op != OpAdd {
			continue
		}
		var rest []Term
		found := false
		for j, a := range inner.Args {
			if g.Find(a) == g.Find(b) && inner.Coef[j] == Mask(k) {
				found = true
				continue
			}
			rest = append(rest, Term{a, inner.Coef[j]})
		}
		if !found {
			continue
		}
		r := g.Sum(inner.Val, rest...)
		if !fits(g.UB(r), k) {
			continue
		}
		carry := g.Shr(g.Sum(Mask(k), Term{r, W(1)}, Term{g.Not(b, 1), W(1)}), k)
		return g.Not(carry, 1), true
	}
	return 0, false
}

// probeMod reports whether z mod 2^k normalises to the class low. The probe builds nodes,
// and the sums it builds probe again: at most maxProbeDepth probes nest (unbounded, on
// p384 that recursion did not finish in minutes).
func (g *EGraph) probeMod(z Id, k int, low Id) bool {
	// Small sums z only: a probe of a wide sum (p434's) costs more than all else, and the
	// carry splits it is for are short (clang's curve25519_solinas mul: 6 terms; both
	// compilers' p448_saturated mul: 7, the column sum H of the 2^224 fold). The low
	// part may truncate a wide sum: gcc's and of two carries has z = r + c + 2^64-1 (3
	// terms) against the truncated sum of a whole Montgomery limb (rules_gcc.go).
	if g.probing >= maxProbeDepth || len(g.Node(z).Args) > maxProbeTerms {
		return false
	}
	key := probeKey{g.Find(z), k}
	m, ok := g.probed[key]
	if !ok {
		g.probing++
		m = g.Mod(z, k)
		g.probing--
		if g.probed == nil {
			g.probed = map[probeKey]Id{}
		}
		g.probed[key] = m
	}
	return g.Find(m) == g.Find(low)
}

// maxProbeTerms bounds the sums probeMod builds truncations of (6 before p448_saturated
// mul needed 7; TestCompilerObjects took no longer with 8).
const maxProbeTerms = 8

// maxProbeDepth bounds how deep probes nest. One level (no probe inside another) left a
// carry unmerged in gcc's sparse fold at three limbs: the probed truncation normalised
// to another form than the same truncation built outside a probe (whose own sums could
// probe), so the low part was not found. Two levels prove it (timing: docs/checker.md).
const maxProbeDepth = 2

// probeKey names a probed truncation z mod 2^k.
type probeKey struct {
	z Id
	k int
}

// sameLow reports whether x and z are congruent modulo 2^K as linear forms: equal
// coefficients mod 2^K after each truncation to K or more bits is dropped and nested sums
// are expanded (what mod-push-add does). It builds no node: trying every candidate pair
// through g.Mod would grow the graph, and the new sums set off more rewrites.
func (g *EGraph) sameLow(x, z Id, k int) bool {
	fx, okx := g.lowForm(x, k)
	fz, okz := g.lowForm(z, k)
	if !okx || !okz || len(fx) != len(fz) {
		return false
	}
	for id, c := range fx {
		if fz[id] != c {
			return false
		}
	}
	return true
}

// constKey holds a form's constant in lowForm's map (no class has a negative id).
const constKey = Id(-1)

// lowForm is x's linear form modulo 2^k, nested sums expanded up to a small depth.
// Forms are cached per class: a class's value never changes, so neither does its form.
func (g *EGraph) lowForm(x Id, k int) (map[Id]U128, bool) {
	key := probeKey{g.Find(x), k}
	if f, ok := g.forms[key]; ok {
		return f, f != nil
	}
	f := map[Id]U128{}
	if !addLow(g, f, x, W(1), k, 4) {
		f = nil
	}
	for id, c := range f {
		if c.IsZero() {
			delete(f, id)
		}
	}
	if g.forms == nil {
		g.forms = map[probeKey]map[Id]U128{}
	}
	g.forms[key] = f
	return f, f != nil
}

func addLow(g *EGraph, f map[Id]U128, x Id, coef U128, k, depth int) bool {
	x = g.Find(x)
	n := g.Node(x)
	switch {
	case n.Op == OpMod && n.K >= k:
		return addLow(g, f, n.Args[0], coef, k, depth)
	case n.Op == OpConst:
		v := mulWrap(n.Val, coef)
		s, _ := f[constKey].Add(v.Trunc(k))
		f[constKey] = s.Trunc(k)
		return true
	case n.Op == OpAdd && depth > 0:
		for i, a := range n.Args {
			c := mulWrap(n.Coef[i], coef)
			if !addLow(g, f, a, c.Trunc(k), k, depth-1) {
				return false
			}
		}
		v := mulWrap(n.Val, coef)
		s, _ := f[constKey].Add(v.Trunc(k))
		f[constKey] = s.Trunc(k)
		return true
	case n.Op == OpAdd:
		return false
	}
	s, _ := f[x].Add(coef.Trunc(k))
	f[x] = s.Trunc(k)
	return true
}

// mulWrap is v*w mod 2^128 (Mul reports overflow instead; a form mod 2^k needs the
// wrapped product).
func mulWrap(v, w U128) U128 {
	hi, lo := bits.Mul64(v.Lo, w.Lo)
	return U128{hi + v.Hi*w.Lo + v.Lo*w.Hi, lo}
}
