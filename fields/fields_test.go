package fields

import (
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

func TestCatalogue(t *testing.T) {
	all := All()
	require.Len(t, all, 13)
	seen := map[string]bool{}
	for _, F := range all {
		require.False(t, seen[F.Name], F.Name)
		seen[F.Name] = true
		require.True(t, F.Prime.ProbablyPrime(32), F.Name)
		total := 0
		for _, b := range F.LimbBits {
			total += b
		}
		require.GreaterOrEqual(t, total, F.Prime.BitLen(), F.Name)
		G, err := Lookup(F.Name)
		require.NoError(t, err)
		require.Equal(t, F, G)
	}
	_, err := Lookup("p257")
	require.ErrorContains(t, err, `unknown field "p257"`)
	require.ErrorContains(t, err, "p256")
}

func TestLimbLayouts(t *testing.T) {
	for name, want := range map[string][]int{
		"curve25519": {51, 51, 51, 51, 51}, "p521": {58, 58, 58, 58, 58, 58, 58, 58, 57},
		"poly1305": {44, 43, 43}, "p448_solinas": {56, 56, 56, 56, 56, 56, 56, 56},
		"p448_saturated":    {64, 64, 64, 64, 64, 64, 64},
		"secp256k1_dettman": {52, 52, 52, 52, 48}, "p384": {64, 64, 64, 64, 64, 64},
	} {
		F, err := Lookup(name)
		require.NoError(t, err)
		require.Equal(t, want, F.LimbBits, name)
	}
}

func TestValueLimbsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, F := range All() {
		for i := 0; i < 100; i++ {
			x := new(big.Int).Rand(rng, F.Prime)
			require.Equal(t, x, F.Value(F.Limbs(x)), F.Name)
		}
		pm1 := new(big.Int).Sub(F.Prime, big.NewInt(1))
		require.Equal(t, pm1, F.Value(F.Limbs(pm1)))
		require.Equal(t, big.NewInt(0).Int64(), F.Value(F.Limbs(F.Prime)).Int64())
	}
}

func TestFuncErrors(t *testing.T) {
	F, err := Lookup("p256")
	require.NoError(t, err)
	_, err = F.Func("inv")
	require.ErrorContains(t, err, `no op "inv"`)
	require.ErrorContains(t, err, "mul, square, add, sub, opp")
	_, err = F.Expected("mul", [][]uint64{{1, 2, 3, 4}})
	require.ErrorContains(t, err, "takes 2 arguments")
	_, err = F.Func("carry")
	require.Error(t, err, "carry is only for unsaturated fields")
}

// TestOps is the acceptance test: every op of every catalogue field agrees with math/big
// on edge and random inputs, within its output bounds.
func TestOps(t *testing.T) {
	for fi, F := range All() {
		for oi, op := range F.Ops {
			t.Run(F.Name+"_"+op, func(t *testing.T) {
				t.Parallel()
				checkOp(t, F, op, count(10000), int64(100*fi+oi))
			})
		}
	}
}

func TestFuncNamesAndABI(t *testing.T) {
	for _, F := range All() {
		for _, op := range F.Ops {
			f, err := F.Func(op)
			require.NoError(t, err)
			require.Equal(t, F.Name+"_"+op, f.Name)
			require.Len(t, f.Params, opArity[op])
			require.Equal(t, "arg1", f.Params[0].Name)
			require.Len(t, f.Rets, 1)
			require.Equal(t, "out1", f.Rets[0].Name)
			require.Len(t, f.Rets[0].Limbs, len(F.LimbBits))
		}
	}
}

// fiatDir is ../shared/fiat-json relative to the repository root.
func fiatDir(t *testing.T) string {
	dir := fiatdata.Dir(t)
	return dir
}

// fiatFile is the JSON file holding a field's Fiat functions.
func fiatFile(F Field) string { return F.Name + "_64.json" }

// TestMatchesFiat compares each generated function with Fiat's function of the same name:
// identical bounds, and on random in-bound inputs both outputs in bounds and congruent mod
// p; identical limbs where the result is canonical (Montgomery on inputs < p).
func TestMatchesFiat(t *testing.T) {
	dir := fiatDir(t)
	for _, F := range All() {
		if F.FiatName("mul") == "" {
			continue // not a Fiat field (p448_saturated)
		}
		data, err := os.ReadFile(filepath.Join(dir, fiatFile(F)))
		require.NoError(t, err, F.Name)
		for _, op := range F.Ops {
			ff, err := ir.ReadFiatFunc(data, F.FiatName(op))
			if err != nil && strings.Contains(err.Error(), "no function") {
				continue // Fiat has no such op for this field (e.g. dettman add)
			}
			require.NoError(t, err, F.FiatName(op))
			t.Run(F.Name+"_"+op, func(t *testing.T) {
				t.Parallel()
				compareWithFiat(t, F, op, ff)
			})
		}
	}
}

func compareWithFiat(t *testing.T, F Field, op string, ff *ir.Func) {
	f, err := F.Func(op)
	require.NoError(t, err)
	require.Equal(t, len(ff.Params), len(f.Params), "arity")
	for i := range f.Params {
		require.Equal(t, ff.Params[i].Lower, f.Params[i].Lower, "arg %d lower", i)
		require.Equal(t, ff.Params[i].Upper, f.Params[i].Upper, "arg %d upper", i)
	}
	require.Equal(t, ff.Rets[0].Lower, f.Rets[0].Lower, "out lower")
	require.Equal(t, ff.Rets[0].Upper, f.Rets[0].Upper, "out upper")
	ours, err := interp.New(f)
	require.NoError(t, err)
	theirs, err := interp.New(ff)
	require.NoError(t, err)
	o1, o2 := ours.NewOutputs(), theirs.NewOutputs()
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < count(2000); i++ {
		args := reducedInput(F, f, rng)
		if i%2 == 0 && !montLinear(F, op) {
			args = interp.RandomInputs(f, rng)
		}
		require.NoError(t, ours.Eval(args, o1))
		require.NoError(t, theirs.Eval(args, o2))
		require.NoError(t, interp.InBounds(f, o1))
		require.NoError(t, interp.InBounds(ff, o2))
		v1, v2 := F.Value(o1[0]), F.Value(o2[0])
		require.Zero(t, new(big.Int).Mod(new(big.Int).Sub(v1, v2), F.Prime).Sign(), "inputs %#x: %#x vs Fiat %#x", args, v1, v2)
		if F.Method == Montgomery && allReduced(F, args) {
			require.Equal(t, o2, o1, "inputs %#x", args)
		}
	}
}
