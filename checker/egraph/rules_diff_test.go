package egraph

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// diffBounds gives each atom of the rule templates a bound at or next to a rule's guard:
// c a bit, h just above a bit (the shr-bit-carry guard), s 58 bits, q 63 bits, a..d words.
var diffBounds = map[string]U128{"c": W(1), "e": W(1), "h": W(2), "s": Mask(58), "t": Mask(58), "q": Mask(63)}

// ruleTemplates holds, per rule, expressions that reach it with operands on both sides of
// its guard. Every rule must fire on some of them (checked), and every firing is checked
// against big-integer evaluation.
var ruleTemplates = map[string][]string{
	"mod-fits":      {"(mod s 58)", "(mod s 57)", "(mod (+ s t) 59)", "(mod (+ s t) 58)", "(mod a 0)", "(mod q 63)", "(mod q 62)"},
	"mod-mod":       {"(mod (mod (* a b) 70) 64)", "(mod (mod (* a b) 60) 64)"},
	"mod-push-add":  {"(mod (+ (mod a 64) b) 64)", "(mod (+ (mod a 63) b) 64)", "(mod (+ a (<< b 64)) 64)", "(mod (+ a (<< b 63)) 64)", "(mod (+ a 0x10000000000000001) 64)"},
	"mod-push-mul":  {"(mod (* (mod (* a b) 64) d) 64)", "(mod (* (mod (* a b) 63) d) 64)", "(mod (* (mod (* a b) 64) d) 65)"},
	"mod-shr-push":  {"(mod (>> (+ (mod (* a b) 64) d) 32) 32)", "(mod (>> (+ (mod (* a b) 63) d) 32) 32)", "(mod (>> (+ (mod (* a b) 64) d) 32) 33)", "(mod (>> (+ (mod (* a b) 60) d) 32) 30)"},
	"shr-fits":      {"(>> (+ s t) 59)", "(>> (+ s t) 58)", "(>> a 0)", "(>> (+ q q) 64)", "(>> (+ q q 1) 64)", "(>> (+ q q 2) 64)"},
	"shr-bit-carry": {"(>> (+ c 0xffffffffffffffff) 64)", "(>> (+ h 0xffffffffffffffff) 64)", "(>> (+ a 0xffffffffffffffff) 64)", "(>> (+ c 0x7fffffffffffffff) 63)", "(>> (+ h 0x7fffffffffffffff) 63)"},
	"shr-shr":       {"(>> (>> (* a b) 3) 61)", "(>> (>> a 64) 1)"},
	"shr-mod":       {"(>> (mod (* a b) 64) 3)", "(>> (mod (* a b) 64) 64)", "(>> (mod (* a b) 64) 63)"},
	"shr-split":     {"(>> (+ (<< a 64) b) 64)", "(>> (+ (<< a 64) b) 63)", "(>> (+ (<< a 63) b) 64)", "(>> (+ (<< a 64) b 0x10000000000000000) 64)", "(>> (+ (* 3 (<< a 62)) b) 62)"},
	"add-recombine": {"(+ (mod (* a b) 64) (<< (>> (* a b) 64) 64))", "(+ (mod (* a b) 63) (<< (>> (* a b) 63) 63))", "(+ (mod (* a b) 64) (<< (>> (* a b) 64) 63))", "(+ (mod (* a b) 64) (<< (>> (* a b) 65) 65))", "(+ (* 3 (mod (* a b) 64)) (* 3 (<< (>> (* a b) 64) 64)) d)"},
	"add-carry": {"(+ (>> (* a b) 64) (>> (+ (mod (* a b) 64) d) 64))", "(+ (>> (* a b) 64) (>> (+ (mod (* a b) 64) d) 63))",
		"(+ (>> (* a b) 65) (>> (+ (mod (* a b) 64) d) 64))", "(+ (>> (* a b) 64) (>> (+ (mod (* a b) 63) d) 64))", "(+ (* 2 (>> (* a b) 64)) (>> (+ (mod (* a b) 64) d) 64))",
		"(+ (>> (* a b) 32) (>> (+ (mod (* a b) 32) d) 64))", "(+ (>> (* a b) 63) (>> (+ (mod (* a b) 63) d) 64))"},
	"add-not":     {"(+ a (~ a 64))", "(+ a (~ a 64) 1)", "(+ (* 2 a) (~ a 64))", "(+ a (* 3 (~ a 64)))", "(+ s (~ s 58) d)"},
	"not-not":     {"(~ (~ a 64) 64)", "(~ (~ c 1) 1)", "(~ (~ a 64) 65)", "(~ (~ c 1) 2)"},
	"and-mask":    {"(& a 0xffff)", "(& a 0xfffe)", "(& a a)", "(& a 0)", "(& (* a b) 0xffffffffffffffff)"},
	"or-idem":     {"(| a a)", "(| a 0)", "(| a 1)"},
	"xor-self":    {"(^ a a)", "(^ a 0)", "(^ a 1)"},
	"select-fold": {"(? a b b)", "(? 0 a b)", "(? 1 a b)", "(? 2 a b)"},
	"select-flip": {"(? (~ c 1) a b)", "(? (zero a) b d)", "(? (~ s 58) a b)"},
	"zero-flag":   {"(zero (~ c 1))", "(zero (~ s 58))", "(zero (~ h 2))"},
	"mod-neg-bit": {"(mod (+ c 0xffffffffffffffff) 64)", "(mod (+ h 0xffffffffffffffff) 64)", "(mod (+ c 1) 1)", "(mod (+ h 1) 1)",
		"(mod (+ (~ c 1) 0xffffffffffffffff) 64)", "(mod (+ c 0x7fffffffffffffff) 63)", "(mod (+ c 0x7fffffffffffffff) 64)"},
	"not-mask": {"(~ (* 0xffffffffffffffff c) 64)", "(~ (* 0xffffffff c) 64)", "(~ (* 0xffffffff c) 32)", "(~ (* 0xffffffff c) 33)"},
	"and-mask-bit": {"(& a (* 0xffffffffffffffff c))", "(& (* 0xffffffffffffffff c) a)", "(& a (* 0xffffffffffffffff h))",
		"(& s (* 0xffffffff c))", "(& (mod a 32) (* 0xffffffff c))", "(& a (* 0xfffffffffffffffe c))"},
	"shr-mask": {"(>> (* 0xffffffffffffffff c) 63)", "(>> (* 0xffffffffffffffff c) 64)", "(>> (* 0xffffffffffffffff c) 3)", "(>> (* 0xffffffff c) 31)", "(>> (* 0xffffffff h) 31)"},
	"mod-borrow": {"(mod (+ a (* 0xffffffffffffffff c) 1) 64)", "(mod (+ a (* 0xffffffffffffffff c)) 64)", "(mod (+ a (* 0xffffffffffffffff h) 5) 64)",
		"(mod (+ a (* 0xffffffff c) 5) 64)", "(mod (+ a (* 0xffffffff c) 5) 32)", "(mod (+ a (* 0xffffffffffffffff c) (* 0xffffffffffffffff e) 0xffffffff00000001) 64)"},
	"shr-borrow": {"(>> (+ a (* 0xffffffffffffffff c) 1) 64)", "(>> (+ a (* 0xffffffffffffffff c)) 64)", "(>> (+ a (* 0xffffffffffffffff h) 5) 64)",
		"(>> (+ a (* 0xffffffff c) 5) 64)", "(>> (+ s (* 0xffffffff c) 5) 32)", "(>> (+ a (* 0xffffffffffffffff c) (* 0xffffffffffffffff e) 2) 64)"},
	"and-field": {"(& a 0xfffffffffffff0)", "(& (* a b) 0xfffffffffffff0)", "(& a 0xff00)", "(& a 0xff01)", "(& a 0xf0f0)", "(& 0x1000000000000000000000000000000 (* a b))"},
	"or-disjoint": {"(| (mod a 4) (* 16 b))", "(| (mod a 5) (* 16 b))", "(| (mod a 3) (+ (* 16 b) 8))", "(| (mod a 4) (+ (* 16 b) 8))",
		"(| (mod a 4) (+ (* 3 b) 16))", "(| (mod a 3) (* 3 b))", "(| c (* 2 b))"},
	// b = c a bit, R = a word: fires; R = a*b too wide, h not a bit (the identity holds for
	// any b <= 2^k, but ~h is negative: caught by the range check), another bit e inside, a
	// 32-bit mask over 64-bit shifts, an outer coefficient off by one, and k = 32 (fires).
	"sign-borrow": {"(mod (>> (+ (* 0xffffffffffffffff c) (>> (+ a (* 0xffffffffffffffff c)) 64)) 63) 1)",
		"(mod (>> (+ (* 0xffffffffffffffff c) (>> (+ (* a b) (* 0xffffffffffffffff c)) 64)) 63) 1)",
		"(mod (>> (+ (* 0xffffffffffffffff h) (>> (+ a (* 0xffffffffffffffff h)) 64)) 63) 1)",
		"(mod (>> (+ (* 0xffffffffffffffff c) (>> (+ a (* 0xffffffffffffffff e)) 64)) 63) 1)",
		"(mod (>> (+ (* 0xffffffff c) (>> (+ a (* 0xffffffff c)) 64)) 63) 1)",
		"(mod (>> (+ (* 0x1fffffffffffffffe c) (>> (+ a (* 0xffffffffffffffff c)) 64)) 63) 1)",
		"(mod (>> (+ (* 0xffffffff c) (>> (+ (mod a 32) (* 0xffffffff c)) 32)) 31) 1)",
		"(mod (>> (+ (* 0xffffffff c) (>> (+ (mod a 33) (* 0xffffffff c)) 32)) 31) 1)"},
	// The high part's sum keeps a truncation its low part's lost (fires, by form and by
	// probe), a truncation to too few bits, a carry weighted more than its high part, and a
	// high part of a different width.
	"add-carry-mod": {"(+ (>> (+ (mod (* a b) 64) (* d x)) 64) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64))",
		"(+ (>> (+ (mod (+ (* a b) (>> (* d q) 64)) 64) (>> (+ (mod (* d q) 64) x) 64)) 64) (>> (+ (mod (+ (* a b) (>> (+ (* d q) x) 64)) 64) y) 64))",
		"(+ (>> (+ (mod (* a b) 63) (* d x)) 64) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64))",
		"(+ (>> (+ (mod (* a b) 64) (* d x)) 64) (* 2 (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64)))",
		"(+ (* 2 (>> (+ (mod (* a b) 64) (* d x)) 64)) (* 2 (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64)))",
		"(+ (>> (+ (mod (* a b) 64) (* d x)) 63) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64))",
		"(+ (>> (+ (mod (* a b) 64) (* d x)) 64) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 63))",
		// gcc's and of two carries: the low part truncates a sum of 8 terms, the high part's
		// sum has 3 (found by the probe); and with the carry's constant one off
		gccAnd(gccCarryIn(5)), gccAnd(gccCarryIn(4))},
	// gcc's borrow word: fires for a bit at k = 64, 2 and 127, inside the one-bit
	// complement and under gcc's neg (neg r of a borrow, ~b + 1 over k bits, is the mask
	// (2^k-1)*b through mod-neg-bit); h not a bit, k = 1 (the one-bit complement itself),
	// a 58-bit limb.
	"not-bit-wide": {"(~ c 64)", "(~ c 2)", "(~ c 127)", "(~ (~ c 1) 64)", "(~ h 64)", "(~ h 2)", "(~ c 1)", "(~ s 58)",
		"(mod (+ a (~ c 64) 1) 64)", "(mod (+ (~ c 64) 1) 64)", "(mod (+ (~ c 32) 1) 32)", "(mod (+ (~ h 64) 1) 64)",
		"(mod (+ (~ c 64) 1) 63)", "(mod (+ (~ c 63) 1) 64)", "(mod (+ (~ c 64) 2) 64)"},
	// mod-not: gcc's sub of the quotient (a - b, coefficient 3, K = j = 58 and j < K fire),
	// clang's neg then mul, and K < j (must not fire).
	"mod-not": {"(mod (+ a (~ b 64) 1) 64)", "(mod (+ a (~ s 58)) 58)", "(mod (+ a (* 3 (~ b 64))) 32)",
		"(mod (+ (* 0xffffffff (~ (mod (* a b) 64) 64)) 0xffffffff) 64)",
		"(mod (+ (* 0xffffffff00000000 (* a b)) (~ (mod (* 0xffffffffffffffff (* a b)) 64) 64) 1) 64)",
		"(mod (+ a (~ s 58)) 59)", "(mod (+ a (* 3 (~ s 58))) 60)"},
	// add-carry-field: gcc's high word of m*(2^32-1) (fires; and with the field split by
	// shr-split), a low part of another product, a carry weighted more than its field, a
	// low part one bit short of a whole quotient q (tz(e)+K2 < k), a field of all the bits
	// (no complement of it: must not fire), a low part with a term more.
	"add-carry-field": {acfHigh("(mod (>> (* a b) 32) 32)", "(mod (* 0x100000000 (* a b)) 64)", "(* a b)", 1),
		acfHigh("(mod (>> (+ (* 0x100000000 d) (* a b) x) 32) 32)", "(mod (* 0x100000000 (+ (* a b) x)) 64)", "(+ (* 0x100000000 d) (* a b) x)", 1),
		acfHigh("(mod (>> (* a b) 32) 32)", "(mod (* 0x100000000 (* a d)) 64)", "(* a b)", 1),
		acfHigh("(mod (>> (* a b) 32) 32)", "(mod (* 0x100000000 (* a b)) 64)", "(* a b)", 2),
		acfHigh("(mod (>> (* a b) 32) 32)", "(mod (* 0x80000000 (* a b)) 63)", "(* a b)", 1),
		acfHigh("(>> (* a b) 32)", "(mod (* 0x100000000 (* a b)) 64)", "(* a b)", 1),
		acfHigh("(mod (>> (* a b) 32) 32)", "(mod (+ (* 0x100000000 (* a b)) d) 64)", "(* a b)", 1)},
	// shr-neg-low: clang's whole product next to its quotient's (2^64-1)*lo (fires), a sum
	// not congruent to the truncated one, b+1 not a multiple of 2^k with the whole sum 0
	// modulo 2^k, a truncation wider than the shift, and a 32-bit one (fires).
	"shr-neg-low": {"(>> (+ (* a b) (* 0xffffffffffffffff (mod (* a b) 64))) 64)",
		"(>> (+ (* a b) d (* 0xffffffffffffffff (mod (+ (* a b) x) 64))) 64)",
		"(>> (+ (* 2 (* a b)) (* 0xfffffffffffffffe (mod (* a b) 64))) 64)",
		"(>> (+ (* a b) (* 0xffffffffffffffff (mod (* a b) 65))) 64)",
		"(>> (+ (* a b) d (* 0x1ffffffff (mod (+ (* a b) d) 32))) 32)"},
	// or-disjoint-mod: clang's or of a shifted low word and a high half (fires), a value
	// one bit too wide, a constant with low bits, a bit next to an even word (fires).
	"or-disjoint-mod": {"(| (>> (* 0xffffffff (mod (* a b) 64)) 64) (mod (* 0xffffffff00000000 (* a b)) 64))",
		"(| (mod a 32) (mod (+ (* 0x100000000 b) (* 0x100000000 d)) 64))", "(| (mod a 33) (mod (* 0x100000000 b) 64))",
		"(| (mod a 32) (mod (+ (* 0x100000000 b) 1) 64))", "(| c (mod (* 2 b) 64))"},
	// shr-drop-low: clang's carry of 2^32*V + (V >> 64) (fires), a low part of 32 bits
	// (fires) and of 33 (must not), a constant with low bits (must not) and without (fires),
	// a term one bit below the split next to a 32-bit low part (must not) and a 31-bit one.
	"shr-drop-low": {"(>> (+ (* 0xffffffff00000000 (mod (* a b) 64)) (>> (* 0xffffffff (mod (* a b) 64)) 64)) 64)",
		"(>> (+ (* 0x100000000 a) (mod b 32)) 64)", "(>> (+ (* 0x100000000 a) (mod b 33)) 64)",
		"(>> (+ (* 0x100000000 a) (mod b 32) 0xffffffff) 64)", "(>> (+ (* 0x100000000 a) (mod b 32) 0x100000000) 64)",
		"(>> (+ (* 0x100000000 a) (* 0x80000000 d) (mod b 32)) 64)", "(>> (+ (* 0x100000000 a) (* 0x80000000 d) (mod b 31)) 64)"},
	"or-select": {"(| (? c a 0) (? c 0 b))", "(| (? c a 0) (? e 0 b))", "(| (? c a b) (? c d a))",
		"(| (& a (* 0xffffffffffffffff c)) (& b (~ (* 0xffffffffffffffff c) 64)))"},
}

// firing is one application of a rule: the node it matched and the class it returned.
type firing struct {
	rule string
	node Node
	to   Id
}

// recordRules makes g remember every rule application.
func recordRules(g *EGraph, log *[]firing) {
	for op := range g.rules {
		for i, r := range g.rules[op] {
			apply := r.Apply
			g.rules[op][i].Apply = func(g *EGraph, n Node) (Id, bool) {
				id, ok := apply(g, n)
				if ok {
					*log = append(*log, firing{r.Name, n, id})
				}
				return id, ok
			}
		}
	}
}

// evalNode is the value of node n itself (its arguments evaluated in g).
func evalNode(g *EGraph, n Node, env map[string]*big.Int) (*big.Int, error) {
	args := make([]*big.Int, len(n.Args))
	for i, a := range n.Args {
		v, err := g.Eval(a, env)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	if n.Op == OpAdd {
		r := n.Val.Big()
		for i, a := range args {
			r.Add(r, new(big.Int).Mul(a, n.Coef[i].Big()))
		}
		return r, nil
	}
	return apply(n.Op.String(), n.K, args), nil
}

// boundaryEnvs lists environments with every atom at 0, 1, 2, its bound, bound-1, half
// its bound, a power of two, or uniform within its bound (drawn per atom).
func boundaryEnvs(r *rand.Rand, n int) []map[string]*big.Int {
	names := []string{"a", "b", "d", "x", "y", "c", "e", "h", "s", "t", "q"}
	var envs []map[string]*big.Int
	for k := range n {
		env := map[string]*big.Int{}
		for _, name := range names {
			ub, ok := diffBounds[name]
			if !ok {
				ub = Mask(64)
			}
			u := ub.Big()
			var v *big.Int
			switch (k + r.IntN(9)) % 9 {
			case 0:
				v = big.NewInt(0)
			case 1:
				v = big.NewInt(1)
			case 2:
				v = big.NewInt(2)
			case 3:
				v = new(big.Int).Set(u)
			case 4:
				v = new(big.Int).Sub(u, big.NewInt(1))
			case 5:
				v = new(big.Int).Rsh(u, 1)
			case 6:
				v = new(big.Int).Lsh(big.NewInt(1), uint(r.IntN(u.BitLen()+1)))
			default:
				v = new(big.Int).Lsh(new(big.Int).SetUint64(r.Uint64()), 64)
				v.Or(v, new(big.Int).SetUint64(r.Uint64()))
				v.Mod(v, new(big.Int).Add(u, big.NewInt(1)))
			}
			if v.Cmp(u) > 0 {
				v.Set(u)
			}
			env[name] = v
		}
		envs = append(envs, env)
	}
	return envs
}

// TestRulesAgainstBigInt is the differential test of every rewrite rule: each time a rule
// fires while the templates are built, the node it matched and the class it returned must
// evaluate alike (big integers) on boundary and random values around its guard; and each
// rule must fire at least once.
func TestRulesAgainstBigInt(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	envs := boundaryEnvs(r, 400)
	for _, rule := range Rules() {
		templates, ok := ruleTemplates[rule.Name]
		if !ok {
			templates, ok = reassocTemplates[rule.Name]
		}
		if !ok {
			templates, ok = doubleTemplates[rule.Name]
		}
		if !ok {
			templates, ok = borrowTemplates[rule.Name]
		}
		if !ok {
			templates, ok = wideTemplates[rule.Name]
		}
		if !ok {
			templates, ok = quotientTemplates[rule.Name]
		}
		require.True(t, ok, "rule %s has no templates", rule.Name)
		t.Run(rule.Name, func(t *testing.T) {
			fired := 0
			all := append(templates, templates...)
			if quotientShadows[rule.Name] != nil {
				all = append(all, templates...)
			}
			for k, src := range all {
				// Each template twice: with every rule, and without the rules checker's
				// second attempt leaves out (the scaled truncations of its attempts), which
				// otherwise rewrite or-disjoint-mod's operands before it sees them; a third
				// time without the rules that fire first on its templates (quotientShadows).
				g := New()
				switch {
				case k >= 2*len(templates):
					g = NewWithout(quotientShadows[rule.Name]...)
				case k >= len(templates):
					g = NewWithout("mod-scaled", "mod-push-scaled")
				}
				var log []firing
				recordRules(g, &log)
				e, err := Parse(src)
				require.NoError(t, err, src)
				id, err := Build(g, e, diffBounds)
				require.NoError(t, err, src)
				for _, f := range log {
					fired += map[bool]int{true: 1}[f.rule == rule.Name]
					for _, env := range envs {
						checkFiring(t, g, f, env, src)
					}
				}
				for _, env := range envs {
					want, err := EvalExpr(e, env)
					require.NoError(t, err)
					got, err := g.Eval(id, env)
					require.NoError(t, err)
					require.Zero(t, want.Cmp(got), "%s at %v: text %v, normalised %s gives %v", src, env, want, g.Format(id, 8), got)
				}
			}
			require.Positive(t, fired, "no template made %s fire", rule.Name)
		})
	}
}

func checkFiring(t *testing.T, g *EGraph, f firing, env map[string]*big.Int, src string) {
	t.Helper()
	before, err := evalNode(g, f.node, env)
	if err != nil {
		return // an uninterpreted operand
	}
	after, err := g.Eval(f.to, env)
	require.NoError(t, err)
	if before.Cmp(after) != 0 {
		require.Failf(t, "unsound rewrite", "%s rewrote %s to %s (building %s): %v before, %v after, at %s",
			f.rule, fmt.Sprint(f.node.Op, f.node.Args, f.node.Val, f.node.K), g.Format(f.to, 6), src, before, after, envString(env))
	}
	checkRanges(t, g, f, env, src)
}

// checkRanges: every class a rule built must stay a non-negative integer within its upper
// bound; a node like ~x over too few bits (x >= 2^k) is negative, and rules reasoning from
// its bound would be unsound even where this firing's value is right.
func checkRanges(t *testing.T, g *EGraph, f firing, env map[string]*big.Int, src string) {
	t.Helper()
	seen := map[Id]bool{}
	stack := []Id{f.to}
	for len(stack) > 0 && len(seen) < 64 {
		id := g.Find(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		v, err := g.Eval(id, env)
		if err != nil {
			continue
		}
		if ub := g.UB(id); v.Sign() < 0 || (ub != Max && v.Cmp(ub.Big()) > 0) {
			require.Failf(t, "out of range", "%s built %s = %v, outside [0, %v] (building %s) at %s",
				f.rule, g.Format(id, 6), v, ub, src, envString(env))
		}
		stack = append(stack, g.Node(id).Args...)
	}
}

func envString(env map[string]*big.Int) string {
	s := ""
	for _, k := range []string{"a", "b", "d", "c", "h", "s", "t", "q"} {
		s += fmt.Sprintf("%s=%#x ", k, env[k])
	}
	return s
}

// acfHigh is gcc's high word of m*(2^32-1) with m = x mod 2^64 (shl, shld, sub, sbb): the
// field f of m above bit 32, plus c times the carry of the low part low (2^32*m mod 2^64)
// minus m, minus 1.
func acfHigh(f, low, x string, c int) string {
	return fmt.Sprintf("(+ %s (* %d (>> (+ %s (~ (mod %s 64) 64) 1) 64)) 0xffffffffffffffff)", f, c, low, x)
}
