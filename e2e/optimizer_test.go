package e2e

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestOptimizedIsProved runs the optimizing loop as a library (timed candidates, outputs
// checked every batch) and proves each winner with the independent checker, with and
// without out1 = arg1 aliasing.
func TestOptimizedIsProved(t *testing.T) {
	cpu := uarch.Detect()
	if err := uarch.Supported(cpu); err != nil {
		t.Skipf("cannot run generated code here: %v", err)
	}
	for _, tc := range []struct {
		field, op string
		alias     ir.Aliasing
	}{
		{"poly1305", "mul", ir.AliasNone},
		{"p256", "square", ir.AliasOut1Arg1},
	} {
		t.Run(tc.field+"_"+tc.op, func(t *testing.T) {
			F, err := fields.Lookup(tc.field)
			require.NoError(t, err)
			f, err := F.Func(tc.op)
			require.NoError(t, err)
			plan, err := codegen.NewPlan(f)
			require.NoError(t, err)
			res, err := optimizer.Run(t.Context(), optimizer.Config{Func: f, Plan: plan,
				Codegen: codegen.Options{Symbol: "f", Aliasing: tc.alias}, Batches: 3, CPU: cpu,
				Options: search.Options{Evals: 60, Bets: 2, BetRatio: 0.2, Seed: 3}})
			require.NoError(t, err)
			require.Equal(t, 60, res.Evals)
			require.Positive(t, res.Cycles)
			require.Contains(t, res.Report, "genome-hash: "+res.Best.Hash())
			rep, err := checker.Check(f, x86.PrintGNU(res.Program), checker.Options{
				Aliasing: tc.alias, RandomTrials: 16, Seed: 1})
			require.NoError(t, err)
			require.True(t, rep.Proved, "%+v", rep)
		})
	}
}
