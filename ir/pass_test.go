package ir_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// requireSameOutputs runs f and g on the edge inputs and n random inputs of f.
func requireSameOutputs(t *testing.T, f, g *ir.Func, n int, rng *rand.Rand) {
	t.Helper()
	mf, err := interp.New(f)
	require.NoError(t, err)
	mg, err := interp.New(g)
	require.NoError(t, err, g.Text())
	of, og := mf.NewOutputs(), mg.NewOutputs()
	inputs := interp.EdgeInputs(f)
	for range n {
		inputs = append(inputs, interp.RandomInputs(f, rng))
	}
	for _, args := range inputs {
		require.NoError(t, mf.Eval(args, of))
		require.NoError(t, mg.Eval(args, og))
		require.Equal(t, of, og, "%s on %x", f.Name, args)
	}
}

func TestNormalizeFiat(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, f := range fiatFuncs(t) {
		before := f.Text()
		g, err := ir.Normalize(f)
		require.NoError(t, err, f.Name)
		require.Equal(t, before, f.Text(), "Normalize must not modify its argument")
		require.Less(t, len(g.Body), len(f.Body), f.Name)
		for _, in := range g.Body {
			require.NotEqual(t, ir.OpAssign, in.Op)
			if in.Op == ir.OpCast {
				require.NotEqual(t, g.TypeOf(in.Args[0].Val), in.Type, "same-type cast left in %s", f.Name)
			}
		}
		requireSameOutputs(t, f, g, 200, rng)
		h, err := ir.Normalize(g)
		require.NoError(t, err)
		require.Equal(t, g.Text(), h.Text(), "Normalize is idempotent")
	}
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
