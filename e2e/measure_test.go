package e2e

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// TestMeasureRunnerAgrees runs generated code the way the search does (measure's static
// validation, x86 encoder, JIT memory) on every catalogue mul/square in the four modes.
func TestMeasureRunnerAgrees(t *testing.T) {
	r, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		t.Skipf("measure runner unavailable: %v", err)
	}
	defer r.Close()
	rng := rand.New(rand.NewSource(11))
	for _, nf := range catalogueMulSquare(t) {
		p, err := codegen.NewPlan(nf.f)
		require.NoError(t, err)
		f := p.Func()
		m, err := interp.New(f)
		require.NoError(t, err)
		want := m.NewOutputs()
		for k, opts := range modes {
			g := search.Random(search.Problem{Deps: p.Deps(), Options: p.Options()}, rng)
			opts.Symbol = fmt.Sprintf("%s_%d", nf.name, k)
			prog, _, err := p.Generate(g.Order, g.Decisions, opts)
			require.NoError(t, err)
			shape, err := measure.ShapeOf(f)
			require.NoError(t, err)
			shape.Alias = opts.Aliasing == ir.AliasOut1Arg1
			fn, err := r.Load(prog, shape)
			require.NoError(t, err, "%s %+v", nf.name, opts)
			for range 100 {
				args := interp.RandomInputs(f, rng)
				require.NoError(t, m.Eval(args, want))
				out := make([]uint64, len(want[0]))
				arg2 := []uint64(nil)
				if len(args) > 1 {
					arg2 = args[1]
				}
				arg1 := args[0]
				if shape.Alias {
					copy(out, args[0])
					arg1 = out
				}
				require.NoError(t, r.Call(fn, out, arg1, arg2))
				require.Equal(t, want[0], out, "%s %+v input %x", nf.name, opts, args)
			}
		}
	}
}
