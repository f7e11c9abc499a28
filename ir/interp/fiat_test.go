package interp

import (
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func fiatFuncs(t testing.TB) []*ir.Func {
	dir := fiatdata.Dir(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		testenv.Missing(t, "Fiat JSON test data not found at %s (expected ../shared/fiat-json from the repository root)", dir)
	}
	var all []*ir.Func
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		fns, err := ir.ReadFiat(data)
		require.NoError(t, err, p)
		all = append(all, fns...)
	}
	return all
}

// TestFiatMatchesBigOracle runs every Fiat function on edge and random inputs: the fast
// interpreter must agree with the math/big one and the outputs must meet their bounds.
func TestFiatMatchesBigOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, f := range fiatFuncs(t) {
		m, err := New(f)
		require.NoError(t, err, f.Name)
		out := m.NewOutputs()
		inputs := EdgeInputs(f)
		for range 30 {
			inputs = append(inputs, RandomInputs(f, rng))
		}
		for _, args := range inputs {
			require.NoError(t, m.Eval(args, out))
			require.Equal(t, bigEval(f, args), out, f.Name)
			require.NoError(t, InBounds(f, out))
		}
	}
}

// TestCurve25519CarryMul checks the field result of one function against math/big:
// out = a*b mod 2^255-19 in radix 2^51.
func TestCurve25519CarryMul(t *testing.T) {
	var f *ir.Func
	for _, g := range fiatFuncs(t) {
		if g.Name == "fiat_25519_carry_mul" {
			f = g
		}
	}
	require.NotNil(t, f)
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	value := func(limbs []uint64) *big.Int {
		x := new(big.Int)
		for i := len(limbs) - 1; i >= 0; i-- {
			x.Lsh(x, 51).Add(x, new(big.Int).SetUint64(limbs[i]))
		}
		return x
	}
	rng := rand.New(rand.NewSource(4))
	for range 200 {
		args := RandomInputs(f, rng)
		out, err := Run(f, args)
		require.NoError(t, err)
		want := new(big.Int).Mul(value(args[0]), value(args[1]))
		want.Mod(want, p)
		got := new(big.Int).Mod(value(out[0]), p)
		require.Zero(t, want.Cmp(got), strings.Join([]string{want.String(), got.String()}, " != "))
	}
}

func BenchmarkEvalP521Mul(b *testing.B) {
	var f *ir.Func
	for _, g := range fiatFuncs(b) {
		if g.Name == "fiat_p521_carry_mul" {
			f = g
		}
	}
	m, err := New(f)
	require.NoError(b, err)
	args := RandomInputs(f, rand.New(rand.NewSource(1)))
	out := m.NewOutputs()
	b.ResetTimer()
	for range b.N {
		_ = m.Eval(args, out)
	}
}

func BenchmarkEvalP521MulLowered(b *testing.B) {
	var f *ir.Func
	for _, g := range fiatFuncs(b) {
		if g.Name == "fiat_p521_carry_mul" {
			f = g
		}
	}
	g, err := ir.Lower(f)
	require.NoError(b, err)
	m, err := New(g)
	require.NoError(b, err)
	args := RandomInputs(g, rand.New(rand.NewSource(1)))
	out := m.NewOutputs()
	b.ResetTimer()
	for range b.N {
		_ = m.Eval(args, out)
	}
}
