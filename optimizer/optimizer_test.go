package optimizer

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// catalogueFunc is a catalogue function, normalised as the CLI loads it.
func catalogueFunc(t testing.TB, field, op string) *ir.Func {
	t.Helper()
	F, err := fields.Lookup(field)
	require.NoError(t, err)
	f, err := F.Func(op)
	require.NoError(t, err)
	f, err = ir.Normalize(f)
	require.NoError(t, err)
	return f
}

// runnablePlan is a catalogue function and its plan, skipping the test where generated
// code cannot run (no ADX/BMI2).
func runnablePlan(t *testing.T, field, op string) (*ir.Func, *codegen.Plan) {
	t.Helper()
	if err := uarch.Supported(uarch.Detect()); err != nil {
		t.Skipf("cannot run generated code here: %v", err)
	}
	f := catalogueFunc(t, field, op)
	plan, err := codegen.NewPlan(f)
	require.NoError(t, err)
	return f, plan
}

// TestRunPinnedGenome pins the search: the size objective scores by encoded bytes, so a
// run is a function of its seed and evaluations, and these are the genomes
// `cryptopt optimize --curve poly1305 --op mul --objective size --evals 300 --bets 4
// --batches 3 --baseline none --seed 5 [--start random]` finds (re-pinned when the chain,
// the class mutation, the bets' race, shrd's third choice (shld) and the appended cast
// decision joined; the
// speculative search finds the same genomes as the plain one). A change of hash means the
// search, codegen or the encoder changed what they do with the same inputs.
func TestRunPinnedGenome(t *testing.T) {
	cpu := uarch.Detect()
	if err := uarch.Supported(cpu); err != nil {
		t.Skipf("cannot run generated code here: %v", err)
	}
	f := catalogueFunc(t, "poly1305", "mul")
	plan, err := codegen.NewPlan(f)
	require.NoError(t, err)
	greedy := []search.Genome{{Order: plan.GreedyOrder(), Decisions: plan.DefaultDecisions()}}
	for _, tc := range []struct {
		name  string
		start []search.Genome
		want  string
	}{
		{"greedy start", greedy, "7a9f71252d4553023802af5f014f9fbf6f4e1fd0dc694e18c7e13d4d1d06a559"},
		{"random start", nil, "a986d2649bdef879af286ccbbdd0db3cabb4c8920b8230d3c74bd22f7cd3d754"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var steps int
			cfg := Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "cryptopt_poly1305_mul"},
				Options: search.Options{Evals: 300, Bets: 4, BetRatio: 0.2, Seed: 5, Start: tc.start}, Batches: 3,
				Objective: Size, CPU: cpu, Progress: func(search.Step, time.Duration) { steps++ }}
			res, err := Run(context.Background(), cfg)
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Best.Hash())
			require.Equal(t, 300, res.Evals)
			require.Equal(t, 300, steps, "one progress call per evaluation")
			require.Len(t, res.Bets, 4)
			require.Positive(t, res.TextBytes)
			require.Contains(t, res.Report, "genome-hash: "+tc.want+"\nobjective: size\ntext-bytes: ")
			require.NotContains(t, res.Report, "baseline:", "no baseline was timed")
		})
	}
}

// TestRunRefusesBadConfig: what cannot run is refused before anything is measured.
func TestRunRefusesBadConfig(t *testing.T) {
	f := catalogueFunc(t, "poly1305", "mul")
	plan, err := codegen.NewPlan(f)
	require.NoError(t, err)
	one := search.Options{Evals: 1, Bets: 1}
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"no function", Config{Plan: plan, Options: one}, "a function and its plan are required"},
		{"no plan", Config{Func: f, Options: one}, "a function and its plan are required"},
		{"unknown objective", Config{Func: f, Plan: plan, Objective: "speed", Options: one}, `objective "speed"`},
		{"size with a cap", Config{Func: f, Plan: plan, Objective: Size, MaxBytes: 10, Options: one}, "want cycles"},
		{"negative cap", Config{Func: f, Plan: plan, MaxBytes: -1, Options: one}, "cap of -1 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.cfg)
			require.ErrorContains(t, err, tc.want)
			require.False(t, strings.Contains(err.Error(), "\n"))
		})
	}
}

// TestRunCapUnreachable: a cap below any code of the function is a *CapError.
func TestRunCapUnreachable(t *testing.T) {
	f, plan := runnablePlan(t, "poly1305", "mul")
	_, err := Run(context.Background(), Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"},
		Options: search.Options{Evals: 20, Bets: 1, Seed: 1}, Batches: 3, MaxBytes: 40})
	var ce *CapError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, 40, ce.Max)
	require.Greater(t, ce.Smallest, 40)
}

// TestRunWrongOutputIsEvalError: code that computes something else (here the square's
// plan checked against the mul) stops the run at its first evaluation with an
// *search.EvalError carrying the genome that reproduces it.
func TestRunWrongOutputIsEvalError(t *testing.T) {
	if err := uarch.Supported(uarch.Detect()); err != nil {
		t.Skipf("cannot run generated code here: %v", err)
	}
	plan, err := codegen.NewPlan(catalogueFunc(t, "poly1305", "square"))
	require.NoError(t, err)
	_, err = Run(context.Background(), Config{Func: catalogueFunc(t, "poly1305", "mul"), Plan: plan,
		Codegen: codegen.Options{Symbol: "f"}, Options: search.Options{Evals: 20, Bets: 1, Seed: 1}, Batches: 3})
	var ee *search.EvalError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 1, ee.Eval)
	require.NoError(t, ee.Genome.Validate(search.Problem{Deps: plan.Deps(), Options: plan.Options()}))
	require.ErrorIs(t, err, measure.ErrWrongOutput)
}

// TestStartLine: the report names each given start by hash, bet 0's first, and writes a
// run of one genome once with its count.
func TestStartLine(t *testing.T) {
	a := search.Genome{Order: []int{0, 1, 2}, Decisions: []int{0}}
	b := search.Genome{Order: []int{1, 0, 2}, Decisions: []int{0}}
	ha, hb := a.Hash()[:12], b.Hash()[:12]
	for _, tc := range []struct {
		name string
		gs   []search.Genome
		want string
	}{
		{"none", nil, "start: random\n"},
		{"one", []search.Genome{a}, "start: genome " + ha + " (bet 0), the other bets random\n"},
		{"two", []search.Genome{b, a}, "start: genomes " + hb + " " + ha + " (bets 0 to 1), the other bets random\n"},
		{"runs", []search.Genome{a, a, a, b, a}, "start: genomes " + ha + " ×3 " + hb + " " + ha + " (bets 0 to 4), the other bets random\n"},
	} {
		require.Equal(t, tc.want, startLine(tc.gs), tc.name)
	}
}
