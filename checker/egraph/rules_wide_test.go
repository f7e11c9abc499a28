package egraph

import (
	"math/rand/v2"
	"testing"
)

// wideZ is a 128-bit difference as the IR's u128 subtraction leaves it: a sum with the
// 64-bit complement of a product's low word (and the + 1 of the subtraction).
const wideZ = "(+ (* a b) (~ (mod (* d x) 64) 64) 1)"

// wideTemplates are the TestRulesAgainstBigInt templates of rules_wide.go: the compilers'
// split of (Z >> 56) at the word boundary (fires), with the high coefficient one bit short,
// the high shift off by one, and a low field of another value (none fire).
var wideTemplates = map[string][]string{
	"add-recombine-field": {
		"(+ (* 0x100 (>> " + wideZ + " 64)) (mod (>> (mod " + wideZ + " 64) 56) 8))",
		"(+ (* 0x80 (>> " + wideZ + " 64)) (mod (>> (mod " + wideZ + " 64) 56) 8))",
		"(+ (* 0x100 (>> " + wideZ + " 63)) (mod (>> (mod " + wideZ + " 64) 56) 8))",
		"(+ (* 0x100 (>> " + wideZ + " 64)) (mod (>> (mod (+ (* a d) (~ (mod (* d x) 64) 64) 1) 64) 56) 8))",
	},
}

// wideRewrites: gcc's and clang's shrd/shld of a difference's two words against the IR's
// one shift, without and with a carry from the column below in the difference.
var wideRewrites = []rewriteCase{
	{"difference-field", "(+ (* 0x100 (>> " + wideZ + " 64)) (mod (>> (mod " + wideZ + " 64) 56) 8))", "(>> " + wideZ + " 56)"},
	{"difference-field-carry", "(+ (* 0x100 (>> (+ " + wideZ + " (>> (+ (* a d) (mod (* b x) 64)) 56)) 64)) (mod (>> (mod (+ " + wideZ + " (>> (+ (* a d) (mod (* b x) 64)) 56)) 64) 56) 8))",
		"(>> (+ " + wideZ + " (>> (+ (* a d) (mod (* b x) 64)) 56)) 56)"},
}

// wideDistinct must stay apart: each is one of wideRewrites off by one.
var wideDistinct = []rewriteCase{
	{"difference-field-short", "(+ (* 0x80 (>> " + wideZ + " 64)) (mod (>> (mod " + wideZ + " 64) 56) 8))", "(>> " + wideZ + " 56)"},
	{"difference-field-other-low", "(+ (* 0x100 (>> " + wideZ + " 64)) (mod (>> (mod (+ (* a d) (~ (mod (* d x) 64) 64) 1) 64) 56) 8))", "(>> " + wideZ + " 56)"},
}

func TestWideRewrites(t *testing.T) {
	checkRewrites(t, rand.New(rand.NewPCG(13, 14)), wideRewrites)
}

// TestWideDistinct: the rows must stay apart, and without the rule the rewrites of
// wideRewrites do too (so the rule is what joins them).
func TestWideDistinct(t *testing.T) {
	checkDistinct(t, "", wideDistinct, nil)
	checkDistinct(t, "without-", wideRewrites, WideRules)
}
