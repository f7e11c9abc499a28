package egraph

import (
	"math/rand/v2"
	"testing"
)

// doubleTemplates are the TestRulesAgainstBigInt templates of rules_double.go, on both
// sides of each guard (atoms as in diffBounds: c, e bits, h <= 2, s 58 bits, a..d words).
var doubleTemplates = map[string][]string{
	// a bit next to a doubled word (fires); h <= 2 (one too many: 2a + 2 reaches 2^64 at
	// a = 2^63-1); a shift split below the doubling (fires), with coefficient 3 (not below
	// 2^j) and with a bit besides (two left over); j = 2 with a shift (fires) and with a
	// constant besides; two bits at j = 2 (fires), and h too; an even coefficient with a
	// low constant bit; j = 1 at k = 3 and 2 (fire); k = 1; j = 2 with a bit and a constant
	// (fires) and one more (does not).
	"shr-halve": {"(>> (+ (* 2 a) c) 64)", "(>> (+ (* 2 a) h) 64)", "(>> (+ (* 2 (* a b)) (>> (* a d) 63)) 64)",
		"(>> (+ (* 2 (* a b)) (* 3 (>> (* a d) 63))) 64)", "(>> (+ (* 2 (* a b)) (>> (* a d) 63) c) 64)",
		"(>> (+ (* 4 (* a b)) (>> (* a d) 62)) 64)", "(>> (+ (* 4 (* a b)) (>> (* a d) 62) 1) 64)",
		"(>> (+ (* 4 a) c e) 64)", "(>> (+ (* 4 a) c e h) 64)", "(>> (+ (* 2 a) (* 2 b) c 1) 64)",
		"(>> (+ (* 6 a) c) 3)", "(>> (+ (* 2 a) c) 2)", "(>> (+ (* 2 s) c) 1)", "(>> (+ (* 2 s) (* 4 t) c) 58)",
		"(>> (+ (* 4 a) c 1) 64)", "(>> (+ (* 4 a) c 2) 64)"},
	// a bit next to a doubled word (fires), h (one too many), a shift (never split here),
	// two bits at j = 2 (fires) and h besides, a coefficient 3 on a bit, a constant
	// besides, j = 1 below j = 2 terms (fires); j = 2 with a bit and a constant (fires: the
	// constant stays in R) and one more.
	"mod-halve": {"(mod (+ (* 2 a) c) 64)", "(mod (+ (* 2 a) h) 64)", "(mod (+ (* 2 (* a b)) (>> (* a d) 63)) 64)",
		"(mod (+ (* 4 a) c e) 64)", "(mod (+ (* 4 a) c e h) 64)", "(mod (+ (* 2 a) (* 3 c)) 64)",
		"(mod (+ (* 2 a) c 1) 64)", "(mod (+ (* 2 (* a b)) (* 4 d) c) 64)", "(mod (+ (* 2 s) c) 58)",
		"(mod (+ (* 4 a) c 1) 64)", "(mod (+ (* 4 a) c 2) 64)"},
	// a square plus a bit (fires), plus 4 (residue 4 + 4 reaches 8), 4*s plus 4 (reaches
	// 2^60 at the bounds), 4*s plus 3 (fires), a square plus 4*b plus a bit (fires), a
	// product of two values, k = 1 and 2 (k >= 3 needed: a*a + 2 at a = 0 carries at k = 1).
	"shr-residue": {"(>> (+ (* a a) c) 64)", "(>> (+ (* a a) c e h) 64)", "(>> (+ (* 4 s) c e h) 60)",
		"(>> (+ (* 4 s) c h) 60)", "(>> (+ (* a a) (* 4 b) c) 64)", "(>> (+ (* a b) c) 64)",
		"(>> (+ (* a a) c e) 1)", "(>> (+ (* a a) c e) 2)", "(>> (+ (* s s) c) 116)"},
}

// doubleRewrites are the shapes of a doubled square: clang's pieces and the IR's doubling
// chain (fields.squareWords), each with the form they must meet.
var doubleRewrites = []rewriteCase{
	// the IR's carry out of a doubled word against clang's shr r, 63 of the word
	{"doubled-carry", "(>> (+ (* 2 (mod (* a b) 64)) (>> (mod (* a d) 64) 63)) 64)", "(>> (mod (* a b) 64) 63)"},
	// the IR's doubled word against clang's add r, r plus the bit from below
	{"doubled-word", "(mod (+ (* 2 (mod (* a b) 64)) (>> (mod (* a d) 64) 63)) 64)",
		"(+ (mod (* 2 (mod (* a b) 64)) 64) (>> (mod (* a d) 64) 63))"},
	// a doubled column's carry, halved, next to the carry of its low word plus x
	{"doubled-column", "(+ (>> (+ (* a b) (>> (* a d) 64)) 63) (>> (+ (mod (+ (* 2 (* a b)) (>> (* a d) 63)) 64) x) 64))",
		"(>> (+ (* 2 (* a b)) (>> (* a d) 63) x) 64)"},
	// clang adds the bit into a square's low word without a carry
	{"square-low-bit", "(+ (>> (* a a) 64) (>> (+ (mod (+ (* a a) c) 64) x) 64))", "(>> (+ (* a a) c x) 64)"},
}

// doubleDistinct must stay apart: each is one of doubleRewrites off by one.
var doubleDistinct = []rewriteCase{
	{"doubled-carry-two-bits", "(>> (+ (* 2 (mod (* a b) 64)) c e) 64)", "(>> (mod (* a b) 64) 63)"},
	{"doubled-word-shifted", "(mod (+ (* 2 (mod (* a b) 64)) (>> (mod (* a d) 64) 62)) 64)",
		"(+ (mod (* 2 (mod (* a b) 64)) 64) (>> (mod (* a d) 64) 62))"},
	{"doubled-column-tripled", "(+ (>> (+ (* a b) (>> (* a d) 64)) 63) (>> (+ (mod (+ (* 2 (* a b)) (* 3 (>> (* a d) 63))) 64) x) 64))",
		"(>> (+ (* 2 (* a b)) (* 3 (>> (* a d) 63)) x) 64)"},
	{"square-low-of-product", "(+ (>> (* a b) 64) (>> (+ (mod (+ (* a b) c) 64) x) 64))", "(>> (+ (* a b) c x) 64)"},
}

func TestDoubleRewrites(t *testing.T) {
	checkRewrites(t, rand.New(rand.NewPCG(7, 8)), doubleRewrites)
}

// TestDoubleDistinct: the rows must stay apart, and without the rules the rewrites of
// doubleRewrites do too (so the rules are what joins them), but doubled-carry: a carry
// of a doubled 64-bit word meets through shr-split and shr-scaled already.
func TestDoubleDistinct(t *testing.T) {
	checkDistinct(t, "", doubleDistinct, nil)
	checkDistinct(t, "without-", doubleRewrites[1:], DoubleRules)
}
