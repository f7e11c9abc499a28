package egraph

// Rewrite is a named, oriented equality: Apply returns the class a node in structural
// normal form equals, when the rule matches. Every rule is an identity over the
// non-negative integers given the interval bounds, so applying it is always sound.
type Rewrite struct {
	Name  string
	Op    Op
	Apply func(g *EGraph, n Node) (Id, bool)
}

// Rules is the rule set, in the order they are tried.
func Rules() []Rewrite {
	return append([]Rewrite{
		{"mod-fits", OpMod, modFits},           // truncation of a value that fits is the value
		{"mod-mod", OpMod, modMod},             // (x mod 2^j) mod 2^k = x mod 2^min(j,k)
		{"mod-push-add", OpMod, modPushAdd},    // inner truncations and big coefficients vanish mod 2^k
		{"mod-push-mul", OpMod, modPushMul},    // likewise in products
		{"mod-shr-push", OpMod, modShrPush},    // bits a..a+b of Z depend on Z mod 2^(a+b) only
		{"shr-fits", OpShr, shrFits},           // the carry of a sum that cannot overflow is 0
		{"shr-bit-carry", OpShr, shrBitCarry},  // (c + 2^k-1) >> k = c for a bit c
		{"shr-shr", OpShr, shrShr},             // (x >> a) >> b = x >> (a+b)
		{"shr-mod", OpShr, shrMod},             // shifts of truncations are bit fields: mod(shr)
		{"shr-split", OpShr, shrSplit},         // (2^k*A + B) >> k = A + (B >> k)
		{"add-recombine", OpAdd, addRecombine}, // 2^k*(X >> k) + (X mod 2^k) = X
		{"add-carry", OpAdd, addCarry},         // (X>>k) + ((X mod 2^k) + Y)>>k = (X+Y)>>k
		{"add-not", OpAdd, addNot},             // x + ~x = 2^k-1 (so x-x = 0)
		{"not-not", OpNot, notNot},             // ~~x = x
		{"and-mask", OpAnd, andMask},           // x & (2^k-1) = x mod 2^k; x & x = x
		{"or-idem", OpOr, orIdem},              // x | 0 = x | x = x
		{"xor-self", OpXor, xorSelf},           // x ^ x = 0; x ^ 0 = x
		{"select-fold", OpSelect, selectFold},  // constant condition, equal arms
		{"select-flip", OpSelect, selectFlip},  // select(~c or c==0, a, b) = select(c, b, a)
		{"zero-flag", OpIsZero, zeroOfFlag},    // (1-c) == 0 is c for a bit c
	}, append(append(append(append(append(append(append(append(append(maskRules(), fieldRules()...), carryRules()...), gccRules()...), montRules()...), reassocRules()...), doubleRules()...), borrowRules()...), wideRules()...), quotientRules()...)...)
}

func rulesByOp() [numOps][]Rewrite {
	var m [numOps][]Rewrite
	for _, r := range Rules() {
		m[r.Op] = append(m[r.Op], r)
	}
	return m
}

func modFits(g *EGraph, n Node) (Id, bool) {
	if n.K == 0 {
		return g.Word(0), true
	}
	if fits(g.UB(n.Args[0]), n.K) {
		return n.Args[0], true
	}
	return 0, false
}

func modMod(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpMod {
		return 0, false
	}
	return g.Mod(x.Args[0], min(x.K, n.K)), true
}

func modPushAdd(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd {
		return 0, false
	}
	changed := false
	terms := make([]Term, 0, len(x.Args))
	for i, a := range x.Args {
		c := x.Coef[i].Trunc(n.K)
		if c != x.Coef[i] {
			changed = true
		}
		if an := g.Node(a); an.Op == OpMod && an.K >= n.K {
			a, changed = an.Args[0], true
		}
		if !c.IsZero() {
			terms = append(terms, Term{a, c})
		}
	}
	c := x.Val.Trunc(n.K)
	if !changed && c == x.Val {
		return 0, false
	}
	return g.Mod(g.Sum(c, terms...), n.K), true
}

func modShrPush(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpShr || x.K+n.K > 128 {
		return 0, false
	}
	z := g.Node(x.Args[0])
	if z.Op != OpAdd {
		return 0, false
	}
	w := x.K + n.K
	pushed, ok := modPushAdd(g, Node{Op: OpMod, Args: []Id{x.Args[0]}, K: w})
	if !ok {
		return 0, false
	}
	// pushed is (Z' mod 2^w); the field only needs Z'.
	if pn := g.Node(pushed); pn.Op == OpMod && pn.K == w {
		pushed = pn.Args[0]
	}
	return g.Mod(g.Shr(pushed, x.K), n.K), true
}

func modPushMul(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpMul {
		return 0, false
	}
	changed := false
	args := make([]Id, len(x.Args))
	for i, a := range x.Args {
		args[i] = a
		if an := g.Node(a); an.Op == OpMod && an.K >= n.K {
			args[i], changed = an.Args[0], true
		}
	}
	if !changed {
		return 0, false
	}
	return g.Mod(g.Mul(args...), n.K), true
}

func shrFits(g *EGraph, n Node) (Id, bool) {
	if n.K == 0 {
		return n.Args[0], true
	}
	if fits(g.UB(n.Args[0]), n.K) {
		return g.Word(0), true
	}
	return 0, false
}

func shrBitCarry(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || len(x.Args) != 1 || x.Coef[0] != W(1) || x.Val != Mask(n.K) {
		return 0, false
	}
	if g.UB(x.Args[0]).Cmp(W(1)) <= 0 {
		return x.Args[0], true
	}
	return 0, false
}

func shrShr(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpShr {
		return 0, false
	}
	return g.Shr(x.Args[0], x.K+n.K), true
}

func shrMod(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpMod {
		return 0, false
	}
	if n.K >= x.K {
		return g.Word(0), true
	}
	return g.Mod(g.Shr(x.Args[0], n.K), x.K-n.K), true
}

func shrSplit(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op != OpAdd || n.K >= 128 {
		return 0, false
	}
	var hi, lo []Term
	for i, a := range x.Args {
		if x.Coef[i].Trunc(n.K).IsZero() {
			hi = append(hi, Term{a, x.Coef[i].Shr(n.K)})
		} else {
			lo = append(lo, Term{a, x.Coef[i]})
		}
	}
	q, r := x.Val.Shr(n.K), x.Val.Trunc(n.K)
	if len(hi) == 0 && q.IsZero() {
		return 0, false
	}
	rest := g.Shr(g.Sum(r, lo...), n.K)
	return g.Sum(q, append(hi, Term{rest, W(1)})...), true
}

// termsOf indexes a sum's coefficients by class.
func termsOf(n Node) map[Id]U128 {
	m := make(map[Id]U128, len(n.Args))
	for i, a := range n.Args {
		m[a] = n.Coef[i]
	}
	return m
}

func rebuildSum(g *EGraph, c U128, m map[Id]U128) Id {
	terms := make([]Term, 0, len(m))
	for id, k := range m {
		terms = append(terms, Term{id, k})
	}
	return g.Sum(c, terms...)
}

// addRecombine joins a low part and a high part of one value: c*(Y mod 2^k) +
// c*2^k*(Y >> k) = c*Y, where the high term is Z >> m (so Y = Z >> (m-k)) and the low term
// is any term whose normal form equals Y mod 2^k.
func addRecombine(g *EGraph, n Node) (Id, bool) {
	for i, a := range n.Args {
		an := g.Node(a)
		if an.Op != OpMod || an.K >= 128 {
			continue
		}
		c := n.Coef[i]
		want, o := c.Mul(Pow2(an.K))
		if o {
			continue
		}
		for j, b := range n.Args {
			bn := g.Node(b)
			if bn.Op != OpShr || bn.K < an.K || n.Coef[j].Cmp(want) < 0 {
				continue
			}
			y := g.Shr(bn.Args[0], bn.K-an.K)
			if g.Mod(y, an.K) != g.Find(a) {
				continue
			}
			return joinParts(g, n, a, b, y, c, want), true
		}
	}
	return 0, false
}

// joinParts rewrites the sum n with c of its low part lo and want of its high part hi
// taken out and c of the value whole they make put in.
func joinParts(g *EGraph, n Node, lo, hi, whole Id, c, want U128) Id {
	m := termsOf(n)
	m[hi], _ = m[hi].Sub(want)
	m[lo], _ = m[lo].Sub(c)
	m[whole], _ = m[whole].Add(c)
	return rebuildSum(g, n.Val, m)
}

// addCarry merges a carry Shr(L, k), where L holds X mod 2^K (K >= k), with a term
// 2^(K-k)*(X >> K).
func addCarry(g *EGraph, n Node) (Id, bool) {
	var m map[Id]U128 // n's terms, built once: only the firing path changes them
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
			if m == nil {
				m = termsOf(n)
			}
			hi := g.Shr(bn.Args[0], bn.K)
			if _, ok := m[hi]; !ok || hi == a {
				continue
			}
			// (B + e*(X mod 2^K)) >> k + c*e*2^(K-k)*(X >> K) = (B + e*X) >> k for K >= k,
			// since e*2^K*(X >> K) is a multiple of 2^k.
			c, e := n.Coef[i], l.Coef[j]
			need, o := c.Mul(e)
			need, o2 := need.Mul(Pow2(bn.K - an.K))
			if o || o2 || m[hi].Cmp(need) < 0 {
				continue
			}
			lm := termsOf(l)
			delete(lm, b)
			lm[bn.Args[0]], _ = lm[bn.Args[0]].Add(e)
			carry := g.Shr(rebuildSum(g, l.Val, lm), an.K)
			m[hi], _ = m[hi].Sub(need)
			delete(m, a)
			m[carry], _ = m[carry].Add(c)
			return rebuildSum(g, n.Val, m), true
		}
	}
	return 0, false
}

func addNot(g *EGraph, n Node) (Id, bool) {
	m := termsOf(n)
	for i, a := range n.Args {
		an := g.Node(a)
		if an.Op != OpNot {
			continue
		}
		x := g.Find(an.Args[0])
		cx, ok := m[x]
		if !ok {
			continue
		}
		k := n.Coef[i]
		if cx.Cmp(k) < 0 {
			k = cx
		}
		add, o := k.Mul(Mask(an.K))
		c, o2 := n.Val.Add(add)
		if o || o2 {
			continue
		}
		m[a], _ = m[a].Sub(k)
		m[x], _ = m[x].Sub(k)
		return rebuildSum(g, c, m), true
	}
	return 0, false
}

func notNot(g *EGraph, n Node) (Id, bool) {
	x := g.Node(n.Args[0])
	if x.Op == OpNot && x.K == n.K {
		return x.Args[0], true
	}
	return 0, false
}

func andMask(g *EGraph, n Node) (Id, bool) {
	a, b := n.Args[0], n.Args[1]
	if len(n.Args) == 2 && a == b {
		return a, true
	}
	for i, x := range n.Args {
		v, ok := g.ConstVal(x)
		if !ok || len(n.Args) != 2 {
			continue
		}
		if v.IsZero() {
			return x, true
		}
		if w := v.BitLen(); Mask(w) == v {
			return g.Mod(n.Args[1-i], w), true
		}
	}
	return 0, false
}

func orIdem(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	if n.Args[0] == n.Args[1] {
		return n.Args[0], true
	}
	for i, x := range n.Args {
		if v, ok := g.ConstVal(x); ok && v.IsZero() {
			return n.Args[1-i], true
		}
	}
	return 0, false
}

func xorSelf(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	if n.Args[0] == n.Args[1] {
		return g.Word(0), true
	}
	return orIdem(g, n)
}

func selectFold(g *EGraph, n Node) (Id, bool) {
	if n.Args[1] == n.Args[2] {
		return n.Args[1], true
	}
	if v, ok := g.ConstVal(n.Args[0]); ok {
		if v.IsZero() {
			return n.Args[1], true
		}
		return n.Args[2], true
	}
	return 0, false
}

func selectFlip(g *EGraph, n Node) (Id, bool) {
	c := g.Node(n.Args[0])
	switch {
	case c.Op == OpNot && c.K == 1:
		return g.Select(c.Args[0], n.Args[2], n.Args[1]), true
	case c.Op == OpIsZero:
		return g.Select(c.Args[0], n.Args[2], n.Args[1]), true
	}
	return 0, false
}

func zeroOfFlag(g *EGraph, n Node) (Id, bool) {
	c := g.Node(n.Args[0])
	if c.Op == OpNot && c.K == 1 {
		return c.Args[0], true
	}
	return 0, false
}
