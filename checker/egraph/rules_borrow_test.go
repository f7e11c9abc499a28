package egraph

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// borrowTemplates are the TestRulesAgainstBigInt templates of rules_borrow.go, on both
// sides of each guard (atoms as in diffBounds: c, e bits, h <= 2, s 58 bits, a..d words):
// a product next to a 64-bit mask of a borrow (fires), of a bit by its bound (fires), a coefficient
// one short, a constant besides (mod-borrow's), a bit as the rest (wideRest), k = 2
// (fires) and 1, k = 127 and 58 (fire), the carry itself besides (fires: coefficients
// add), a two-bit complement, a 32-bit mask at k = 64, a select and a one-bit truncation of a bit (not complements).
var borrowTemplates = map[string][]string{
	"mod-borrow-zero": {"(mod (+ (* a b) (* 0xffffffffffffffff (~ c 1))) 64)", "(mod (+ (* a b) (* 0xffffffffffffffff (~ (>> a 63) 1))) 64)",
		"(mod (+ (* a b) (* 0xfffffffffffffffe (~ c 1))) 64)", "(mod (+ (* a b) (* 0xffffffffffffffff (~ c 1)) 1) 64)",
		"(mod (+ e (* 0xffffffffffffffff (~ c 1))) 64)", "(mod (+ a (* 3 (~ c 1))) 2)", "(mod (+ a (~ c 1)) 1)",
		"(mod (+ (* a b) (* 0x7fffffffffffffffffffffffffffffff (~ c 1))) 127)", "(mod (+ s (* 0x3ffffffffffffff (~ c 1))) 58)",
		"(mod (+ (* a b) c (* 0xffffffffffffffff (~ c 1))) 64)", "(mod (+ a (* 0xffffffffffffffff (~ c 2))) 64)",
		"(mod (+ a (* 0xffffffff (~ c 1))) 64)", "(mod (+ (* a b) (* 0xffffffffffffffff (? c e d))) 64)",
		"(mod (+ (* a b) (* 0xffffffffffffffff (mod c 1))) 64)"},
}

// borrowRewrites are clang's words of p256's final reduction (x - 0 - borrow as x plus a
// mask) against the IR's x + c + 2^64-1, each with the form they must meet.
var borrowRewrites = []rewriteCase{
	// a word plus the mask of the borrow ~c, c the carry of the word below
	{"borrow-zero-word", "(mod (+ (mod (* a b) 64) (* 0xffffffffffffffff (~ (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 1))) 64)",
		"(mod (+ (* a b) (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 0xffffffffffffffff) 64)"},
	// the column's carry kept apart from the subtraction's (clang), joined (the IR)
	{"borrow-zero-carry", "(mod (+ (* a b) (>> (* a d) 64) (* 0xffffffffffffffff (~ (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 1))) 64)",
		"(mod (+ (* a b) (>> (+ (* a d) 0xffffffff00000000) 64) 0xffffffffffffffff) 64)"},
}

// borrowDistinct must stay apart: each is one of borrowRewrites off by one.
var borrowDistinct = []rewriteCase{
	{"borrow-zero-word-short-mask", "(mod (+ (mod (* a b) 64) (* 0xfffffffffffffffe (~ (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 1))) 64)",
		"(mod (+ (* a b) (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 0xffffffffffffffff) 64)"},
	{"borrow-zero-carry-plus-one", "(mod (+ (* a b) (>> (* a d) 64) (* 0xffffffffffffffff (~ (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 1)) 1) 64)",
		"(mod (+ (* a b) (>> (+ (* a d) 0xffffffff00000000) 64) 0xffffffffffffffff) 64)"},
	{"borrow-zero-not-complement", "(mod (+ (* a b) (* 0xffffffffffffffff (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64))) 64)",
		"(mod (+ (* a b) (>> (+ (mod (* a d) 64) 0xffffffff00000000) 64) 0xffffffffffffffff) 64)"},
}

// TestBorrowGuardsAlone runs borrowTemplates without the rules that take two of
// mod-borrow-zero's cases first (mod-borrow: a sum with a constant; not-bit-wide: a
// complement over two or more bits; mod-fits: (mod c 1), one bit wide but not a
// complement), so that its own guards for them are what the
// evaluation tests.
func TestBorrowGuardsAlone(t *testing.T) {
	envs := boundaryEnvs(rand.New(rand.NewPCG(11, 12)), 400)
	fired := 0
	for _, src := range borrowTemplates["mod-borrow-zero"] {
		g := NewWithout("mod-borrow", "not-bit-wide", "mod-fits")
		var log []firing
		recordRules(g, &log)
		e, err := Parse(src)
		require.NoError(t, err, src)
		_, err = Build(g, e, diffBounds)
		require.NoError(t, err, src)
		for _, f := range log {
			if f.rule != "mod-borrow-zero" {
				continue
			}
			fired++
			for _, env := range envs {
				checkFiring(t, g, f, env, src)
			}
		}
	}
	require.Positive(t, fired)
}

func TestBorrowRewrites(t *testing.T) {
	checkRewrites(t, rand.New(rand.NewPCG(9, 10)), borrowRewrites)
}

// TestBorrowDistinct: the rows must stay apart, and without the rule the rewrites of
// borrowRewrites do too (so the rule is what joins them).
func TestBorrowDistinct(t *testing.T) {
	checkDistinct(t, "", borrowDistinct, nil)
	checkDistinct(t, "without-", borrowRewrites, BorrowRules)
}
