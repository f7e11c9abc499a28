package egraph

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// bounds used by the tables: a..d are words, s and t are small limbs, c and e are bits.
var testBounds = map[string]U128{"s": Mask(58), "t": Mask(58), "c": W(1), "e": W(1)}

type rewriteCase struct{ name, lhs, rhs string }

// Each row is "lhs => rhs": both sides must normalise to the same class.
var rewriteTable = []rewriteCase{
	{"ac-sum", "(+ a b c)", "(+ c (+ b a))"},
	{"const-fold", "(+ 3 (* 4 5))", "23"},
	{"like-terms", "(+ a a b)", "(+ (* 2 a) b)"},
	{"mul-const-as-coef", "(* a 19)", "(+ (* 3 a) (<< a 4))"},
	{"lea-as-mul", "(mod (+ a (* 8 a)) 64)", "(mod (* a 9) 64)"},
	{"shl-as-mul", "(mod (<< a 3) 64)", "(mod (* 8 a) 64)"},
	{"factor-coef", "(* a (* 2 b))", "(* 2 (* a b))"},
	{"carry-no-overflow", "(>> (+ s t) 64)", "0"},
	{"carry-of-bit-sum", "(>> (+ (>> (* a b) 64) c) 64)", "0"},
	{"trunc-fits", "(mod (+ s t) 64)", "(+ s t)"},
	{"trunc-trunc", "(mod (mod a 58) 64)", "(mod a 58)"},
	{"trunc-push-add", "(mod (+ (mod a 64) (mod b 64)) 64)", "(mod (+ a b) 64)"},
	{"trunc-push-mul", "(mod (* (mod (* a b) 64) d) 64)", "(mod (* a b d) 64)"},
	{"trunc-big-coef", "(mod (+ a (<< b 64)) 64)", "a"},
	{"split-recombine", "(+ (mod (* a b) 64) (<< (>> (* a b) 64) 64))", "(* a b)"},
	{"u128-add-lo", "(mod (+ (mod (* a b) 64) (mod (* c d) 64)) 64)", "(mod (+ (* a b) (* c d)) 64)"},
	{"u128-add-hi", "(+ (>> (* a b) 64) (>> (* d e) 64) (>> (+ (mod (* a b) 64) (mod (* d e) 64)) 64))",
		"(>> (+ (* a b) (* d e)) 64)"},
	{"carry-chain-3", "(+ (>> (+ (* a b) (* c d)) 64) (>> (* s t) 64) (>> (+ (mod (+ (* a b) (* c d)) 64) (mod (* s t) 64)) 64))",
		"(>> (+ (* a b) (* c d) (* s t)) 64)"},
	{"shrd-extract", "(mod (>> (+ (<< (>> (* a b) 64) 64) (mod (* a b) 64)) 58) 64)", "(mod (>> (* a b) 58) 64)"},
	{"shld-extract", "(mod (>> (+ (<< (>> (* s t) 64) 64) (mod (* s t) 64)) 58) 64)", "(>> (* s t) 58)"},
	{"shr-shr", "(>> (>> a 3) 5)", "(>> a 8)"},
	{"shr-of-mod", "(>> (mod a 58) 3)", "(mod (>> a 3) 55)"},
	{"shr-split", "(>> (+ (<< a 64) b) 64)", "a"},
	{"and-mask", "(& (+ (* a b) (* c d)) 0x3ffffffffffffff)", "(mod (+ (* a b) (* c d)) 58)"},
	{"and-self", "(& a a)", "a"},
	{"xor-self", "(^ a a)", "0"},
	{"sub-self", "(mod (+ a (~ a 64) 1) 64)", "0"},
	{"sub-borrow-chain", "(+ d (~ x 64) (~ (~ (>> (+ a (~ b 64) (~ c 1)) 64) 1) 1))", "(+ d (~ x 64) (>> (+ a (~ b 64) (~ c 1)) 64))"},
	{"neg-then-add-is-sub", "(mod (+ a (mod (+ (~ b 64) 1) 64)) 64)", "(mod (+ a (~ b 64) 1) 64)"},
	{"cmovznz-select", "(? (~ c 1) a b)", "(? c b a)"},
	{"cmovz-select", "(? (zero a) b d)", "(? a d b)"},
	{"select-same", "(? a b b)", "b"},
	{"select-const", "(? 0 a b)", "a"},
	{"zero-of-not-bit", "(zero (~ c 1))", "c"},
	{"mulx-hi-plus-carry", "(mod (+ (>> (* a b) 64) c) 64)", "(+ (>> (* a b) 64) c)"},
	{"shrx-shlx-as-shrd", "(mod (+ (>> (mod (* a b) 64) 44) (<< (>> (* a b) 64) 20)) 64)", "(mod (>> (* a b) 44) 64)"},
	{"bit-into-carry", "(>> (+ c 0xffffffffffffffff) 64)", "c"},
	{"mod-zero-bits", "(mod a 0)", "0"},
	{"field-ignores-high-mods", "(mod (>> (+ a (mod (* b d) 64)) 57) 7)", "(mod (>> (+ a (* b d)) 57) 7)"},
	{"shrd-of-reduced-sum", "(mod (+ (>> (mod (+ a (* b d)) 64) 57) (<< (>> (+ a (mod (* b d) 64)) 64) 7)) 64)",
		"(mod (>> (+ a (mod (* b d) 64)) 57) 64)"},
	{"setc-byte", "(mod (+ (<< (>> a 8) 8) c) 8)", "c"},
	// Dettman: Fiat splits Y = 19*(s*t) into lo*R and hi*(R<<12) for limbs 52 bits apart;
	// a product computed whole splits Y at bit 64 instead. Both carry out (a + Y) >> 52.
	{"carry-split-fiat", "(+ (>> (+ a (* 19 (mod (* s t) 64))) 52) (* 77824 (>> (* s t) 64)))", "(>> (+ a (* 19 (* s t))) 52)"},
	// Compilers write Fiat's cmovznz as a mask: sbb r, r (or 0 - bit), then and/andn/or.
	{"sbb-mask", "(mod (+ (~ c 1) 0xffffffffffffffff) 64)", "(* 0xffffffffffffffff c)"},
	{"parity-flip", "(mod (+ c 1) 1)", "(~ c 1)"},
	{"mask-complement", "(~ (* 0xffffffffffffffff c) 64)", "(* 0xffffffffffffffff (~ c 1))"},
	{"mask-and", "(& (mod a 64) (* 0xffffffffffffffff c))", "(? c 0 a)"},
	{"mask-select", "(| (& a (* 0xffffffffffffffff c)) (& b (~ (* 0xffffffffffffffff c) 64)))", "(? c b a)"},
	// ... and subtract a borrow as that mask (-b mod 2^64) where Fiat adds ~b = 1-b.
	{"borrow-mask-lo", "(mod (+ a (* 0xffffffffffffffff c) 0xffffffff00000001) 64)", "(mod (+ a 0xffffffff00000000 (~ c 1)) 64)"},
	{"borrow-mask-carry", "(>> (+ a (* 0xffffffffffffffff c) 0xffffffff00000001) 64)", "(+ c (>> (+ a 0xffffffff00000000 (~ c 1)) 64))"},
	{"sar-of-mask", "(>> (* 0xffffffffffffffff c) 63)", "c"},
	// gcc packs Dettman's limb 16*(d mod 2^52) + (t >> 48) with and/or.
	{"dettman-field", "(| (mod (>> a 48) 4) (& (mod (* 16 b) 64) 0xfffffffffffff0))", "(+ (mod (>> a 48) 4) (* 16 (mod b 52)))"},
	// gcc: neg r of a borrow, and of that 38 & mask (curve25519_solinas' final carry).
	{"neg-borrow-mask", "(& 38 (mod (+ (~ c 64) 1) 64))", "(? c 0 38)"},
	// clang's last borrow step: add r8, rsi; adc rsi, 0; sar rsi, 63 with rsi the mask.
	{"sign-borrow-last", "(mod (>> (+ (* 0xffffffffffffffff c) (>> (+ a (* 0xffffffffffffffff c)) 64)) 63) 1)",
		"(~ (>> (+ a (~ c 1) 0xffffffffffffffff) 64) 1)"},
	// ... and its carries of partial sums: the high part still holds the truncation.
	{"carry-moved-into-sum", "(+ (>> (+ (mod (* a b) 64) (* d x)) 64) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64))",
		"(>> (+ (mod (* a b) 64) (* d x) y) 64)"},
	{"carry-split-whole", "(+ (>> (+ a (mod (* 19 (* s t)) 64)) 52) (* 4096 (>> (* 19 (* s t)) 64)))", "(>> (+ a (* 19 (* s t))) 52)"},
	// gcc keeps a borrow as the word ~b (cmp r, b; sbb) where the IR adds the bit ~b.
	{"borrow-word", "(mod (+ a (~ c 64) 1) 64)", "(mod (+ a (~ c 1) 0xffffffffffffffff) 64)"},
	// gcc's no-borrow of r - p_i - b for p_i = 2^64-1: the and of the carries of r - b and
	// of (r - b) + 1; r - b is built from the whole sum (more terms than add-carry-mod's
	// probe of the other side takes).
	{"and-of-carries", gccAnd(gccCarryIn(5)), gccNoBorrow},
	// gcc's m*(2^32-1) for a quotient m = a*b mod 2^64 as the 128-bit (m << 32) - m: the low
	// word (shl; sub) and the high word (shld; sbb) are the IR's product's halves.
	{"shift-sub-low", "(mod (+ (mod (* 0x100000000 (mod (* a b) 64)) 64) (~ (mod (* a b) 64) 64) 1) 64)",
		"(mod (* 0xffffffff (mod (* a b) 64)) 64)"},
	{"shift-sub-high", "(mod (+ (mod (>> (mod (* a b) 64) 32) 32) (~ (~ (>> (+ (mod (* 0x100000000 (mod (* a b) 64)) 64) (~ (mod (* a b) 64) 64) 1) 64) 1) 1) 0xffffffffffffffff) 64)",
		"(>> (* 0xffffffff (mod (* a b) 64)) 64)"},
	// clang's m = -t (neg) times p_1 = 2^32-1.
	{"neg-then-mul", "(mod (* 0xffffffff (mod (+ (~ (mod (* a b) 64) 64) 1) 64)) 64)", "(mod (* 0xffffffff00000001 (* a b)) 64)"},
	// clang adds the product t whole and the quotient's (2^64-1)*(t mod 2^64) (p256, m = t).
	// clang's p384: or of a shifted low word and a high half, and the carry it drops.
	{"or-of-halves", "(| (mod (* 0xffffffff00000000 (* a b)) 64) (>> (* 0xffffffff (mod (* 0x100000001 (* a b)) 64)) 64))",
		// (with h-p448's mod-push-scaled the low word's (2^64-2^32)·ab mod 2^64 is written
		// 2^32·((2^32-1)·ab mod 2^32), and the sum is below 2^64 without the outer mod)
		"(+ (* 0x100000000 (mod (* 0xffffffff (* a b)) 32)) (>> (* 0xffffffff (mod (* 0x100000001 (* a b)) 64)) 64))"},
	{"carry-known-zero", "(>> (+ (* 0xffffffff00000000 (mod (* a b) 64)) (>> (* 0xffffffff (mod (* a b) 64)) 64)) 64)",
		"(>> (* 0xffffffff00000000 (mod (* a b) 64)) 64)"},
	{"whole-and-quotient", "(>> (+ (* a b) (* 0xffffffffffffffff (mod (* a b) 64))) 64)", "(+ (>> (* a b) 64) (mod (* a b) 64))"},
}

// gccR1 is a limb r = (S + (P >> 64)) mod 2^64 of a product sum, and gccNoBorrow the IR's
// no-borrow of r - (2^64-1) - b after the borrow b of (P mod 2^64) - (2^64-5).
const (
	gccS        = "(* d x) (* d y) (* x y) (* a x) (* a y) (* b x) (* b y)"
	gccR1       = "(mod (+ " + gccS + " (>> (* a b) 64)) 64)"
	gccC0       = "(>> (+ (mod (* a b) 64) 5) 64)"
	gccNoBorrow = "(>> (+ " + gccR1 + " " + gccC0 + ") 64)"
)

// gccCarryIn is gcc's r - b as ((S + carry of P + k) + 2^64-1) mod 2^64, with the carry
// of P + k merged as the IR merges it.
func gccCarryIn(k int) string {
	return fmt.Sprintf("(mod (+ %s (>> (+ (* a b) %d) 64) 0xffffffffffffffff) 64)", gccS, k)
}

// gccAnd is gcc's and of two carries, (x + y + 2^63-2) >> 63: x the carry of r - b (1 when
// no borrow), y the carry of low + 1 (1 when low = r - b is 2^64-1).
func gccAnd(low string) string {
	a := "(>> (+ " + gccR1 + " " + gccC0 + " 0xffffffffffffffff) 64)"
	return "(>> (+ " + a + " (>> (+ " + low + " 1) 64) 0x7ffffffffffffffe) 63)"
}

func build(t *testing.T, g *EGraph, s string) (Expr, Id) {
	t.Helper()
	e, err := Parse(s)
	require.NoError(t, err, s)
	id, err := Build(g, e, testBounds)
	require.NoError(t, err, s)
	return e, id
}

func randomEnv(r *rand.Rand) map[string]*big.Int {
	env := map[string]*big.Int{}
	for _, n := range []string{"a", "b", "d", "x", "y"} {
		env[n] = new(big.Int).SetUint64(edgy(r, ^uint64(0)))
	}
	env["s"] = new(big.Int).SetUint64(edgy(r, 1<<58-1))
	env["t"] = new(big.Int).SetUint64(edgy(r, 1<<58-1))
	env["c"] = big.NewInt(int64(r.IntN(2)))
	env["e"] = big.NewInt(int64(r.IntN(2)))
	return env
}

// edgy draws from [0, max] with extra weight on 0, 1 and max.
func edgy(r *rand.Rand, max uint64) uint64 {
	switch r.IntN(8) {
	case 0:
		return 0
	case 1:
		return max
	case 2:
		return 1
	}
	return r.Uint64() & max
}

func TestRewrites(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range rewriteTable {
		t.Run(tc.name, func(t *testing.T) {
			g := New()
			le, l := build(t, g, tc.lhs)
			re, rr := build(t, g, tc.rhs)
			require.Equal(t, g.Format(rr, 20), g.Format(l, 20), "%s => %s", tc.lhs, tc.rhs)
			require.Equal(t, rr, l)
			for range 200 {
				env := randomEnv(r)
				want, err := EvalExpr(le, env)
				require.NoError(t, err)
				got, err := g.Eval(l, env)
				require.NoError(t, err)
				require.Zero(t, want.Cmp(got), "%s at %v: text %v, normalised %v", tc.lhs, env, want, got)
				rw, err := EvalExpr(re, env)
				require.NoError(t, err)
				require.Zero(t, want.Cmp(rw))
			}
		})
	}
}

// Distinct computations must stay distinct: the failing proofs of the table.
func TestDistinct(t *testing.T) {
	for _, tc := range []rewriteCase{
		{"carry-may-overflow", "(>> (+ a b) 64)", "0"},
		{"trunc-needed", "(mod (+ a b) 64)", "(+ a b)"},
		{"adc-vs-add", "(mod (+ a b c) 64)", "(mod (+ a b) 64)"},
		{"hi-vs-lo", "(>> (* a b) 64)", "(mod (* a b) 64)"},
		// the high word of m << 32 - m without the borrow, and with the low part of another m
		{"shift-sub-high-no-borrow", "(mod (>> (mod (* a b) 64) 32) 32)", "(>> (* 0xffffffff (mod (* a b) 64)) 64)"},
		{"shift-sub-high-other-low", "(mod (+ (mod (>> (mod (* a b) 64) 32) 32) (>> (+ (mod (* 0x100000000 (mod (* a d) 64)) 64) (~ (mod (* a b) 64) 64) 1) 64) 0xffffffffffffffff) 64)",
			"(>> (* 0xffffffff (mod (* a b) 64)) 64)"},
		{"wrong-shift", "(mod (>> (* a b) 58) 64)", "(mod (>> (* a b) 57) 64)"},
		{"select-swapped", "(? c a b)", "(? c b a)"},
		{"carry-without-partner", "(+ (>> (* a b) 64) (>> (+ (mod (* a b) 64) (mod (* x y) 64)) 64))",
			"(>> (+ (* a b) (* x y)) 64)"},
		{"mask-select-two-bits", "(| (& a (* 0xffffffffffffffff c)) (& b (~ (* 0xffffffffffffffff e) 64)))", "(? c b a)"},
		{"mask-select-swapped", "(| (& a (* 0xffffffffffffffff c)) (& b (~ (* 0xffffffffffffffff c) 64)))", "(? c a b)"},
		{"mask-too-narrow", "(& (* a b) (* 0xffffffffffffffff c))", "(? c 0 (* a b))"},
		{"sbb-mask-of-non-bit", "(mod (+ s 0xffffffffffffffff) 64)", "(* 0xffffffffffffffff (~ (mod s 1) 1))"},
		{"borrow-mask-without-constant", "(>> (+ a (* 0xffffffffffffffff c)) 64)", "(+ c (>> (+ a (~ c 1)) 64))"},
		{"or-overlapping", "(| (mod a 5) (* 16 b))", "(+ (mod a 5) (* 16 b))"},
		{"and-not-a-field", "(& a 0xf0f0)", "(* 16 (mod (>> a 4) 12))"},
		{"sign-borrow-two-bits", "(mod (>> (+ (* 0xffffffffffffffff c) (>> (+ a (* 0xffffffffffffffff e)) 64)) 63) 1)",
			"(~ (>> (+ a (~ c 1) 0xffffffffffffffff) 64) 1)"},
		{"carry-moved-narrow", "(+ (>> (+ (mod (* a b) 63) (* d x)) 64) (>> (+ (mod (+ (* a b) (* d x)) 64) y) 64))",
			"(>> (+ (mod (* a b) 63) (* d x) y) 64)"},
		{"neg-of-non-bit", "(mod (+ (~ (mod a 2) 64) 1) 64)", "(* 0xffffffffffffffff (mod a 2))"},
		{"carry-split-wrong-weight", "(+ (>> (+ a (mod (* s t) 64)) 52) (* 2048 (>> (* s t) 64)))",
			"(>> (+ a (* s t)) 52)"},
		{"not-wide-of-non-bit", "(~ (mod a 2) 64)", "(+ (~ (mod a 1) 1) 0xfffffffffffffffe)"},
		// the second carry of another low word (the borrow of P's limb taken with 6, not 5)
		{"and-of-carries-other-low", gccAnd(gccCarryIn(6)), gccNoBorrow},
		// the and of the first carry with itself is not the carry out of r - (2^64-1) - b
		{"and-of-carries-one-carry", "(>> (+ (* 2 (>> (+ " + gccR1 + " " + gccC0 + " 0xffffffffffffffff) 64)) 0x7ffffffffffffffe) 63)", gccNoBorrow},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New()
			_, l := build(t, g, tc.lhs)
			_, rr := build(t, g, tc.rhs)
			require.NotEqual(t, rr, l, "%s", g.Format(l, 10))
		})
	}
}

func TestUnionRebuild(t *testing.T) {
	g := New()
	_, x := build(t, g, "(@f a)")
	_, y := build(t, g, "(@f b)")
	_, fx := build(t, g, "(+ (@f a) d)")
	_, fy := build(t, g, "(+ (@f b) d)")
	require.NotEqual(t, fx, fy)
	require.True(t, g.Union(g.Sym("a", Mask(64)), g.Sym("b", Mask(64))))
	g.Rebuild()
	require.Equal(t, g.Find(x), g.Find(y))
	require.Equal(t, g.Find(fx), g.Find(fy))
}

func TestIntervals(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		expr string
		ub   U128
	}{
		{"(* a b)", U128{^uint64(0) - 1, 1}},
		{"(>> (* a b) 64)", W(^uint64(0) - 1)},
		{"(+ s t)", W(1<<59 - 2)},
		{"(mod a 58)", Mask(58)},
		{"(? c s a)", Mask(64)},
		{"(zero a)", W(1)},
		{"(* a b d)", Max},
	} {
		_, id := build(t, g, tc.expr)
		require.Equal(t, tc.ub, g.UB(id), tc.expr)
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "(", ")", "(+ a", "(mod a)", "(foo a b)", "(mod a x)", "(~ (* a b) 64)", "(() a)", "(+ a b) c"} {
		g := New()
		e, err := Parse(s)
		if err == nil {
			_, err = Build(g, e, nil)
		}
		require.Error(t, err, s)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	g := New()
	for _, tc := range rewriteTable {
		_, id := build(t, g, tc.lhs)
		_, back := build(t, g, g.Format(id, 100))
		require.Equal(t, id, back, tc.lhs)
	}
}

func TestNewWithout(t *testing.T) {
	count := func(g *EGraph, name string) int {
		n := 0
		for _, rs := range g.rules {
			for _, r := range rs {
				if r.Name == name {
					n++
				}
			}
		}
		return n
	}
	require.Equal(t, 1, count(New(), "add-carry-mod"))
	g := NewWithout("add-carry-mod")
	require.Zero(t, count(g, "add-carry-mod"))
	require.Equal(t, 1, count(g, "sign-borrow"), "only the named rules are left out")
	require.Equal(t, 1, count(New(), "add-carry-mod"), "New's rule lists are not shared")
}
