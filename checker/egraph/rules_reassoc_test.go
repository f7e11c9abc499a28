package egraph

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// reassocTemplates are the TestRulesAgainstBigInt templates of rules_reassoc.go, on both
// sides of each guard (atoms as in diffBounds: c, e bits, h <= 2, s 58 bits, a..y words).
var reassocTemplates = map[string][]string{
	// j = 6 and 52 below k (fires), j = k-1, j = k (shr-split's), coefficients of
	// different powers (j is the least), a constant with bits below 2^j (dropped) and above.
	"shr-scaled": {"(>> (* 64 (>> (* a b) 70)) 12)", "(>> (* 0x10000000000000 (>> (* a b) 64)) 58)",
		"(>> (* 8 a) 4)", "(>> (* 16 a) 4)", "(>> (+ (* 4 a) (* 8 b)) 3)", "(>> (+ (* 8 a) (* 4 b)) 3)",
		"(>> (+ (* 4 a) (* 8 b) 3) 3)", "(>> (+ (* 4 a) (* 8 b) 7) 3)", "(>> (+ (* 4 a) (* 8 b) 0x1f) 5)",
		"(>> (+ (* 4 a) b) 3)", "(>> (+ (* 2 s) (* 6 t) 1) 58)"},
	// 58 + 6 = 64 (fires), 58 + 5 and 57 + 6 (one short), a truncation wider than k
	// (mod-push-add's), an odd coefficient.
	"mod-push-scaled": {"(mod (+ a (* 0x400000000000000 (mod b 6))) 64)", "(mod (+ a (* 0x400000000000000 (mod b 5))) 64)",
		"(mod (+ a (* 0x200000000000000 (mod b 6))) 64)", "(mod (+ a (* 0xc00000000000000 (mod (* b d) 7))) 64)",
		"(mod (+ a (* 3 (mod b 6))) 64)", "(mod (+ (* 2 (mod s 31)) (* 4 (mod b 30))) 32)"},
	// gcc's bits 70..75 of H = b*d: fires with the high part's coefficient 1 and 2 (one
	// left over); e one bit short (2^57); e = 2^59 needs 2 of the high part but 1 is there;
	// a bit c as Y; the truncation as wide as the carry (add-carry's).
	"add-carry-scaled": {"(+ (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 76))",
		"(+ (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64) (* 2 (>> (* b d) 76)))",
		"(+ (>> (+ a (* 0x200000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 76))",
		"(+ (>> (+ a (* 0x800000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 76))",
		"(+ (>> (+ a (* 0x800000000000000 (mod (>> (* b d) 70) 6))) 64) (* 3 (>> (* b d) 76)))",
		"(+ (* 2 (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64)) (* 2 (>> (* b d) 76)))",
		"(+ (* 2 (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64)) (>> (* b d) 76))",
		"(+ (>> (+ s (* 0x8000000000000000 (mod a 1))) 64) (>> a 1))"},
	// a bit (fires), a word and h <= 2 (not bits); k >= 2 is not-bit-wide's below 128 (it
	// leaves the one-bit complement), not at 128.
	"not-zero": {"(~ (zero c) 1)", "(~ (zero (>> (+ a b) 64)) 1)", "(~ (zero a) 1)", "(~ (zero h) 1)",
		"(~ (zero c) 2)", "(~ (zero (+ a b)) 64)", "(~ (zero c) 128)", "(~ (zero a) 128)"},
	// j = 1 (clang's doubled Dettman limb), a constant with low bits (kept) and high bits
	// (into S), j = 0, j >= k (mod-push-add's), a 128-bit product doubled.
	"mod-scaled": {"(mod (+ (* 2 (* a b)) (* 2 d)) 52)", "(mod (+ (* 2 a) (* 4 b) 3) 8)", "(mod (+ (* 4 a) (* 8 b) 0x1f) 6)",
		"(mod (+ (* 2 a) b) 52)", "(mod (* 16 a) 4)", "(mod (* 0x2000000000 (* a b)) 64)", "(mod (+ (* 6 s) 5) 3)"},
	// clang's p521 square mask (bit 1 of a square plus 4*T is 0); a product of two values,
	// 2*T and 3*(a*a) (bit 1 can be set); a mask lacking a bit that can be set; multiples
	// of 4 and 2; a bit c plus 1 (1 or 2: bit 0 can be set); h + 2 (2, 3 or 4: bit 1 can be
	// set).
	"and-known-zero": {"(& (mod (+ (* a a) (* 4 b)) 64) 0x3fffffffffffffd)", "(& (mod (+ (* a b) (* 4 d)) 64) 0x3fffffffffffffd)",
		"(& (mod (+ (* a a) (* 2 b)) 64) 0x3fffffffffffffd)", "(& (+ (* 3 (* a a)) (* 8 b)) 0xd)", "(& (+ (* a a) (* 8 b)) 0xb)",
		"(& (+ (* a a) (* 8 b)) 0xd)", "(& (* 4 a) 0xc)", "(& (* 4 a) 0xe)", "(& (* 2 a) 0xc)", "(& (* 2 c) 0x6)",
		"(& (+ c 1) 0x2)", "(& (+ h 2) 0xd)", "(& (mod (* a a) 2) 0x2)", "(& (* (* a a) (* a a)) 0x1e)"},
	"select-bit": {"(? c 0 1)", "(? h 0 1)", "(? a 0 1)", "(? c 1 0)", "(? c 0 2)", "(? (>> (+ a b) 64) 0 1)"},
}

// reassocRewrites are the compiler shapes the rules exist for, each with the IR's form.
var reassocRewrites = []rewriteCase{
	// gcc's bits 6..11 of a product's high word: shl r, 52 then shr r, 58.
	{"shl-shr-field", "(>> (mod (* 0x10000000000000 (>> (* a b) 64)) 64) 58)", "(mod (>> (* a b) 70) 6)"},
	// ... placed at bit 58 of a word: only its truncation to the word's 64 bits counts.
	{"field-in-word", "(mod (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64)",
		"(mod (+ a (* 0x400000000000000 (>> (* b d) 70))) 64)"},
	// ... and the bits above it (H >> 76) added to the next word join the carry.
	{"field-carry", "(+ (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 76))",
		"(>> (+ a (* 0x400000000000000 (>> (* b d) 70))) 64)"},
	// gcc's setne of the fold's last carry against the IR's cmovznz(c, 0, 1).
	{"setne-carry", "(~ (zero (>> (+ a b) 64)) 1)", "(>> (+ a b) 64)"},
	{"select-of-carry", "(? (>> (+ a b) 64) 0 1)", "(>> (+ a b) 64)"},
	// clang doubles a Dettman limb after masking it (secp256k1_dettman square).
	// clang's mask 2^58-3 of a sum that starts with a square (p521 square).
	{"square-mask", "(& (mod (+ (* a a) (* 4 b)) 64) 0x3fffffffffffffd)", "(mod (+ (* a a) (* 4 b)) 58)"},
	{"doubled-limb", "(* 2 (mod (+ (* 0x800001e88 (* a b)) (* d x)) 51))", "(mod (+ (* 0x1000003d10 (* a b)) (* 2 (* d x))) 52)"},
}

// reassocDistinct must stay apart: each is one of reassocRewrites off by one.
var reassocDistinct = []rewriteCase{
	{"shl-shr-field-wide", "(>> (mod (* 0x10000000000000 (>> (* a b) 64)) 64) 58)", "(mod (>> (* a b) 70) 7)"},
	{"field-in-word-short", "(mod (+ a (* 0x200000000000000 (mod (>> (* b d) 70) 6))) 64)",
		"(mod (+ a (* 0x200000000000000 (>> (* b d) 70))) 64)"},
	{"field-carry-short", "(+ (>> (+ a (* 0x200000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 76))",
		"(>> (+ a (* 0x200000000000000 (>> (* b d) 70))) 64)"},
	{"field-carry-other-high", "(+ (>> (+ a (* 0x400000000000000 (mod (>> (* b d) 70) 6))) 64) (>> (* b d) 77))",
		"(>> (+ a (* 0x400000000000000 (>> (* b d) 70))) 64)"},
	{"setne-wide", "(~ (zero (>> (+ a b) 64)) 2)", "(>> (+ a b) 64)"},
	{"select-of-non-bit", "(? (>> (+ a b) 63) 0 1)", "(>> (+ a b) 63)"},
	{"square-mask-of-product", "(& (mod (+ (* a d) (* 4 b)) 64) 0x3fffffffffffffd)", "(mod (+ (* a d) (* 4 b)) 58)"},
	{"doubled-limb-wide", "(* 2 (mod (+ (* 0x800001e88 (* a b)) (* d x)) 51))", "(mod (+ (* 0x1000003d10 (* a b)) (* 2 (* d x))) 53)"},
}

func TestReassocRewrites(t *testing.T) {
	checkRewrites(t, rand.New(rand.NewPCG(5, 6)), reassocRewrites)
}

// checkRewrites: both sides of each row evaluate alike on random inputs, and normalise to
// one class whose value is theirs.
func checkRewrites(t *testing.T, r *rand.Rand, rows []rewriteCase) {
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			g := New()
			le, l := build(t, g, tc.lhs)
			re, rr := build(t, g, tc.rhs)
			require.Equal(t, g.Format(rr, 20), g.Format(l, 20), "%s => %s", tc.lhs, tc.rhs)
			for range 200 {
				env := randomEnv(r)
				want, err := EvalExpr(le, env)
				require.NoError(t, err)
				other, err := EvalExpr(re, env)
				require.NoError(t, err)
				require.Zero(t, want.Cmp(other), "%s: the two texts differ", tc.name)
				got, err := g.Eval(l, env)
				require.NoError(t, err)
				require.Zero(t, want.Cmp(got), "%s: text %v, normalised %v", tc.lhs, want, got)
			}
		})
	}
}

func TestReassocDistinct(t *testing.T) {
	checkDistinct(t, "", reassocDistinct, nil)
}

// checkDistinct: each row's two sides must stay apart in a graph without the rules skip
// names (every rule when skip is empty); subtests are named prefix + the row's name.
func checkDistinct(t *testing.T, prefix string, rows []rewriteCase, skip []string) {
	for _, tc := range rows {
		t.Run(prefix+tc.name, func(t *testing.T) {
			g := NewWithout(skip...)
			_, l := build(t, g, tc.lhs)
			_, rr := build(t, g, tc.rhs)
			require.NotEqual(t, rr, l, "%s", g.Format(l, 10))
		})
	}
}
