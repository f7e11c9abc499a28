package egraph

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// wideZ is a 128-bit difference as the IR's u128 subtraction leaves it: a sum with the
// 64-bit complement of a product's low word (and the + 1 of the subtraction).
const wideZ = "(+ (* a b) (~ (mod (* d x) 64) 64) 1)"

// Column carries of a u128 difference (joinIR: the IR's, two products subtracted one after
// the other; joinClang: clang's, their sum subtracted). joinIR3 and joinClang3: three.
const (
	joinIR     = "(mod (+ (* 0xffffffffffffff00 (>> (* a b) 64)) (* 0xffffffffffffff00 (>> (* d x) 64)) (>> (+ (mod (* a d) 64) (~ (mod (* a b) 64) 64) (~ (mod (* d x) 64) 64) 2) 56) 0xfffffffffffffe00) 64)"
	joinClang  = "(mod (+ (* 0xffffffffffffff00 (>> (+ (* a b) (* d x)) 64)) (>> (+ (mod (* a d) 64) (~ (mod (+ (* a b) (* d x)) 64) 64) 1) 56) 0xffffffffffffff00) 64)"
	joinIR3    = "(mod (+ (* 0xffffffffffffff00 (>> (* a b) 64)) (* 0xffffffffffffff00 (>> (* d x) 64)) (* 0xffffffffffffff00 (>> (* b y) 64)) (>> (+ (mod (* a d) 64) (~ (mod (* a b) 64) 64) (~ (mod (* d x) 64) 64) (~ (mod (* b y) 64) 64) 3) 56) 0xfffffffffffffd00) 64)"
	joinClang3 = "(mod (+ (* 0xffffffffffffff00 (>> (+ (* a b) (* d x) (* b y)) 64)) (>> (+ (mod (* a d) 64) (~ (mod (+ (* a b) (* d x) (* b y)) 64) 64) 1) 56) 0xffffffffffffff00) 64)"
)

// wideTemplates are the TestRulesAgainstBigInt templates of rules_wide.go.
// add-recombine-field: the compilers' split of (Z >> 56) at the word boundary (fires),
// with the high coefficient one bit short, the high shift off by one, and a low field of
// another value (none fire).
// mod-join-borrows: the IR's column carry (fires), two complements (fires), no constant
// (twice: modulo 2^64 a shift by 56 hides the -1 a rewrite would wrap to 2^128-1),
// widths 64 and 60, a coefficient 2, complements narrower than the shift (k = 55 < s = 56),
// (none fire), a truncation to 128 bits, three complements (fires twice), an
// outer coefficient 3 modulo 2^56, and k = s = 64 (fire).
var wideTemplates = map[string][]string{
	"mod-join-borrows": {joinIR,
		"(mod (+ y (>> (+ a (~ b 64) (~ d 64) 1) 56)) 64)",
		"(mod (+ y (>> (+ a (~ b 64) (~ d 64)) 56)) 64)",
		"(mod (+ (* a b d) (>> (+ a (~ b 64) (~ d 64)) 64)) 128)",
		"(mod (+ y (>> (+ a (~ b 64) (~ (mod d 60) 60) 1) 56)) 64)",
		"(mod (+ y (>> (+ a (* 2 (~ b 64)) (~ d 64) 1) 56)) 64)",
		"(mod (+ y (>> (+ a (~ (mod b 55) 55) (~ (mod d 55) 55) 1) 56)) 64)",
		"(mod (+ (* a b d) (>> (+ a (~ b 64) (~ d 64) 1) 56)) 128)",
		"(mod (+ y (>> (+ a (~ b 64) (~ d 64) (~ x 64) 3) 56)) 64)",
		"(mod (+ y (* 3 (>> (+ a (~ b 64) (~ d 64) 2) 56))) 56)",
		"(mod (+ y (>> (+ a (~ b 64) (~ d 64) 1) 64)) 64)"},
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
	// the IR's column carry against clang's, two and three products subtracted
	{"difference-regrouped", joinIR, joinClang},
	{"difference-regrouped-three", joinIR3, joinClang3},
}

// wideDistinct must stay apart: each is one of wideRewrites off by one.
var wideDistinct = []rewriteCase{
	{"difference-field-short", "(+ (* 0x80 (>> " + wideZ + " 64)) (mod (>> (mod " + wideZ + " 64) 56) 8))", "(>> " + wideZ + " 56)"},
	{"difference-regrouped-constant", joinIR, strings.Replace(joinClang, "0xffffffffffffff00) 64)", "0xfffffffffffffe00) 64)", 1)},
	{"difference-regrouped-one-product", joinIR, strings.Replace(joinClang, "(~ (mod (+ (* a b) (* d x)) 64) 64)", "(~ (mod (* a b) 64) 64)", 1)},
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
