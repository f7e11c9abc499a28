package egraph

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Montgomery quotient carries of sm2 (rules_quotient.go), with m = quoL, the low word of
// a product: quoIR is the IR's carry of word 3 of m*p (the carry T of p1*m + hi(m*p0)
// joined), quoSplit the square's (T split into a high part and a carry), quoGcc gcc's.
const (
	quoL     = "(mod (* a b) 64)"
	quoIR    = "(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (+ (* 0xffffffff " + quoL + ") (>> (* 0xffffffffffffffff " + quoL + ") 96)) 32)) 64)"
	quoSplit = "(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 0xffffffff " + quoL + ") 32) (>> (+ (>> (* 0xffffffffffffffff " + quoL + ") 64) (mod (* 0xffffffff00000000 (* a b)) 64)) 64)) 64)"
	quoGcc   = "(>> (* 0xffffffffffffffff " + quoL + ") 64)"
	// quoWord: S = ~(ab mod 2^64) + d next to (2^64-1)*(Y mod 2^64), Y = -ab + d - 1: S and Y
	// are congruent through mod-not, which linear forms do not see.
	quoS    = "(+ (~ " + quoL + " 64) d)"
	quoY    = "(mod (+ (* 0xffffffffffffffff (* a b)) d 0xffffffffffffffff) 64)"
	quoWord = "(>> (+ " + quoS + " (* 0xffffffffffffffff " + quoY + ")) 64)"
)

// quotientTemplates are the TestRulesAgainstBigInt templates of rules_quotient.go.
// shr-dominated: the IR's carry (fires), (3L) >> 2 (fires), B with another term, a third
// term in the sum, a ratio of 3/2 ((3L) >> 1), a coefficient 2^64-3, B twice, a constant in
// the sum, a constant in B, L up to 2^65 with B near L (none may fire).
// shr-neg-low-mod: the congruence through mod-not (fires); Y's constant one off, the
// coefficient 2^64-2 (must not fire).
// add-carry-shifted: the square's split (fires); the carry weighted 2 against a high part
// of 1, another low product, the low part with a term more (must not fire).
// add-carry-mod-narrow: add-carry-mod's templates, tried without add-carry-mod.
var quotientTemplates = map[string][]string{
	"shr-dominated": {quoIR, "(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 3 " + quoL + ") 2)) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (+ " + quoL + " d) 1)) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 3 " + quoL + ") 2) d) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 3 " + quoL + ") 1)) 64)",
		"(>> (+ (* 0xfffffffffffffffd " + quoL + ") (>> (* 3 " + quoL + ") 2)) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (* 2 (>> (* 3 " + quoL + ") 2))) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 3 " + quoL + ") 2) 1) 64)",
		"(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (+ (* 3 " + quoL + ") 3) 2)) 64)",
		"(>> (+ (* 0xffffffffffffffff (mod (* a b) 65)) (>> (* 0xffffffffffffffff (mod (* a b) 65)) 64)) 64)"},
	"shr-neg-low-mod": {quoWord,
		strings.Replace(quoWord, "d 0xffffffffffffffff)", "d 0xfffffffffffffffe)", 1),
		strings.Replace(quoWord, "(* 0xffffffffffffffff (mod (+", "(* 0xfffffffffffffffe (mod (+", 1)},
	"add-carry-shifted": {quoSplit,
		"(+ (>> (* 0xffffffff " + quoL + ") 32) (* 2 (>> (+ d (mod (* 0xffffffff00000000 (* a b)) 64)) 64)))",
		"(+ (>> (* 0xffffffff " + quoL + ") 32) (>> (+ d (mod (* 0xfffffffe00000000 (* a b)) 64)) 64))",
		"(+ (>> (* 0xffffffff " + quoL + ") 32) (>> (+ d (mod (+ (* 0xffffffff00000000 (* a b)) x) 64)) 64))"},
	"add-carry-mod-narrow": ruleTemplates["add-carry-mod"],
}

// quotientShadows names, per rule, the rules that fire first on its templates: the
// templates are built a third time without them.
var quotientShadows = map[string][]string{"add-carry-mod-narrow": {"add-carry-mod"}}

// quotientRewrites: the IR's carries against gcc's, and the low word's carry.
var quotientRewrites = []rewriteCase{
	{"quotient-carry", quoIR, quoGcc},
	{"quotient-carry-split", quoSplit, quoGcc},
	{"quotient-low-word", quoWord, "(+ (>> " + quoS + " 64) " + quoY + ")"},
}

// quotientDistinct must stay apart: each is one of quotientRewrites off by one.
var quotientDistinct = []rewriteCase{
	{"quotient-carry-not-dominated", "(>> (+ (* 0xffffffffffffffff " + quoL + ") (>> (* 3 " + quoL + ") 1)) 64)", quoGcc},
	{"quotient-carry-wider", strings.ReplaceAll(quoIR, "64)", "65)"), strings.ReplaceAll(quoGcc, "64)", "65)")},
	{"quotient-low-word-constant", strings.Replace(quoWord, "d 0xffffffffffffffff)", "d 0xfffffffffffffffe)", 1),
		"(+ (>> " + quoS + " 64) " + strings.Replace(quoY, "d 0xffffffffffffffff)", "d 0xfffffffffffffffe)", 1) + ")"},
}

func TestQuotientRewrites(t *testing.T) {
	checkRewrites(t, rand.New(rand.NewPCG(15, 16)), quotientRewrites)
}

// TestQuotientDistinct: the rows must stay apart, and without the rules the rewrites of
// quotientRewrites do too (so the rules are what join them).
func TestQuotientDistinct(t *testing.T) {
	checkDistinct(t, "", quotientDistinct, nil)
	checkDistinct(t, "without-", quotientRewrites, QuotientRules)
}

// TestWideSumKeepsCoefficients: sums past 128-bit coefficients are opaque, and two with
// the same terms but other coefficients or constants must stay two classes (they were one
// before: the opaque node held the arguments alone), in any order of terms.
func TestWideSumKeepsCoefficients(t *testing.T) {
	g := New()
	x, y := g.Sym("x", Mask(64)), g.Sym("y", Mask(64))
	inner := g.Sum(U128{}, Term{x, Pow2(100)})
	wide := func(c U128, ts ...Term) Id { return g.Sum(c, ts...) }
	s1 := wide(U128{}, Term{inner, Pow2(30)}, Term{y, W(1)})
	require.Equal(t, OpOpaque, g.Node(s1).Op)
	require.NotEqual(t, g.Find(s1), g.Find(wide(U128{}, Term{inner, Pow2(30)}, Term{y, W(2)})))
	require.NotEqual(t, g.Find(s1), g.Find(wide(W(1), Term{inner, Pow2(30)}, Term{y, W(1)})))
	require.NotEqual(t, g.Find(g.Mod(s1, 1)), g.Find(g.Mod(wide(U128{}, Term{inner, Pow2(30)}, Term{y, W(2)}), 1)))
	require.Equal(t, g.Find(s1), g.Find(wide(U128{}, Term{y, W(1)}, Term{inner, Pow2(30)})))
}
