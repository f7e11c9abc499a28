package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// staticCost is instructions plus memory accesses: what GreedyOrder minimises.
func staticCost(prog *x86.Program) int {
	c := len(prog.Insts)
	for _, in := range prog.Insts {
		if in.Op == x86.PUSH || in.Op == x86.POP {
			c += 2
		}
		for _, a := range in.Args {
			if a.Kind == x86.KindMem {
				c++
			}
		}
	}
	return c
}

func TestGreedyOrderFiat(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, f := range fiatMulSquare(t) {
		t.Run(f.Name, func(t *testing.T) {
			p, err := codegen.NewPlan(f)
			require.NoError(t, err)
			order := p.GreedyOrder()
			require.Equal(t, order, p.GreedyOrder(), "deterministic")
			zeros := make([]int, len(p.Options()))
			ident := make([]int, len(p.Deps()))
			for i := range ident {
				ident[i] = i
			}
			fiat, _, err := p.Generate(ident, zeros, codegen.Options{})
			require.NoError(t, err)
			greedy, _, err := p.Generate(order, zeros, codegen.Options{})
			require.NoError(t, err, "GreedyOrder must be a topological permutation")
			require.LessOrEqual(t, staticCost(greedy), staticCost(fiat), "never worse than the function's own order")
			for _, opts := range allModes {
				prog, _, err := p.Generate(order, zeros, opts)
				require.NoError(t, err)
				alias := opts.Aliasing == ir.AliasOut1Arg1
				require.NoError(t, checkOnEmu(t, p.Func(), prog, testInputs(p.Func(), rng, 4, alias), alias), "%+v", opts)
			}
		})
	}
}

func TestGreedyOrderRandomFunctions(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for i := range 20 {
		f := randomMachineFunc(rng, 1+rng.Intn(6), 20+rng.Intn(120), i%3 == 0)
		p, err := codegen.NewPlan(f)
		require.NoError(t, err)
		order := p.GreedyOrder()
		prog, _, err := p.Generate(order, make([]int, len(p.Options())), codegen.Options{})
		require.NoError(t, err, "function %d", i)
		require.NoError(t, checkOnEmu(t, p.Func(), prog, testInputs(p.Func(), rng, 4, false), false), "function %d", i)
	}
}
