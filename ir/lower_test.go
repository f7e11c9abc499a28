package ir_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestLowerFiat lowers every Fiat function: the machine form must verify and compute
// the same outputs as the original on edge inputs and 1,000 random inputs.
func TestLowerFiat(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for _, f := range fiatFuncs(t) {
		before := f.Text()
		g, err := ir.Lower(f)
		require.NoError(t, err, f.Name)
		require.Equal(t, before, f.Text(), "Lower must not modify its argument")
		require.NoError(t, ir.VerifyMachine(g))
		requireSameOutputs(t, f, g, 1000, rng)
	}
}

func BenchmarkLowerP521Mul(b *testing.B) {
	var f *ir.Func
	for _, g := range fiatFuncs(b) {
		if g.Name == "fiat_p521_carry_mul" {
			f = g
		}
	}
	require.NotNil(b, f)
	b.ResetTimer()
	for range b.N {
		if _, err := ir.Lower(f); err != nil {
			b.Fatal(err)
		}
	}
}
