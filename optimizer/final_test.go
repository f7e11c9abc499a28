package optimizer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// scriptedCost scores genomes by a fixed function (no timing) and answers the final
// measurement from a script: slower[i] for the i-th round.
type scriptedCost struct {
	slower []bool
	seeds  []int64
	bests  []search.Genome // the best genome each final measurement saw
	firsts []search.Genome // genomes compared with themselves: each run's start
}

func (s *scriptedCost) Compare(cand, best search.Genome) (search.Result, error) {
	// A run's first evaluation compares its start with itself (the very same slices).
	if &cand.Order[0] == &best.Order[0] {
		s.firsts = append(s.firsts, cand.Clone())
	}
	score := func(g search.Genome) float64 {
		v := 100.0
		for i, op := range g.Order {
			if op != i {
				v++
			}
		}
		return v
	}
	return search.Result{Cand: score(cand), Best: score(best), Baseline: 90}, nil
}

func (s *scriptedCost) final(out *search.Outcome, seed int64) (Final, error) {
	i := len(s.seeds)
	s.seeds = append(s.seeds, seed)
	s.bests = append(s.bests, out.Best)
	f := Final{Finalists: len(out.Finalists), Ratio: 0.9}
	if i < len(s.slower) && s.slower[i] {
		f.Ratio, f.Slower = 1.2, true
	}
	return f, nil
}

// TestRoundsKeepSearching: a winner slower than the baseline is searched again, with
// the next seed, while SlowerRounds allows; evaluations and step numbers add up.
func TestRoundsKeepSearching(t *testing.T) {
	f := catalogueFunc(t, "poly1305", "mul")
	plan, err := codegen.NewPlan(f)
	require.NoError(t, err)
	for _, tc := range []struct {
		name       string
		slower     []bool
		extra      int
		wantRounds int
		wantSlower bool
	}{
		{"faster at once", nil, 2, 1, false},
		{"slower, no extra rounds", []bool{true}, 0, 1, true},
		{"faster on the second round", []bool{true, false}, 2, 2, false},
		{"slower every round", []bool{true, true, true, true}, 2, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cost := &scriptedCost{slower: tc.slower}
			var evals []int
			cfg := Config{Func: f, Plan: plan, SlowerRounds: tc.extra,
				Options:  search.Options{Evals: 40, Bets: 1, Seed: 7},
				Progress: func(s search.Step, _ time.Duration) { evals = append(evals, s.Eval) }}
			out, fin, n, err := rounds(context.Background(), cfg, cost)
			require.NoError(t, err)
			require.Equal(t, tc.wantRounds, n)
			require.Equal(t, tc.wantSlower, fin.Slower)
			require.Equal(t, 40*n, out.Evals)
			require.Len(t, evals, 40*n)
			for i, e := range evals {
				require.Equal(t, i+1, e, "step numbers continue over the rounds")
			}
			require.Len(t, cost.seeds, n)
			for i, s := range cost.seeds {
				require.Equal(t, int64(7+i), s)
			}
			require.Len(t, cost.firsts, n, "one run per round (Bets: 1)")
			for i := 1; i < n; i++ {
				require.Equal(t, cost.bests[i-1], cost.firsts[i], "round %d starts from round %d's winner", i+1, i)
			}
		})
	}
}

// TestRunFinalRace: a timed run with a baseline races its finalists (Config.Race
// comparisons, RaceRepeats by default, none when negative) and quotes the final
// measurement's figures (no timing is asserted: only where the figures come from).
func TestRunFinalRace(t *testing.T) {
	f, plan := runnablePlan(t, "poly1305", "mul")
	native, name, err := CompileBaseline(f, "auto")
	if err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	defer native.Close()
	for _, tc := range []struct {
		name        string
		race        int
		wantRepeats int
	}{{"default", 0, RaceRepeats}, {"short race", 3, 3}, {"no race", -1, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"},
				Options: search.Options{Evals: 200, Bets: 1, Seed: 3}, Batches: 5, Baseline: native, BaselineName: name,
				Race: tc.race})
			require.NoError(t, err)
			fin := res.Final
			require.Equal(t, tc.wantRepeats, fin.Repeats)
			if tc.wantRepeats > 0 {
				require.GreaterOrEqual(t, fin.Finalists, 2, "the start at least is raced against the last genome")
				require.Contains(t, res.Report, fmt.Sprintf("final race: %d finalists side by side, %d interleaved comparisons",
					fin.Finalists, tc.wantRepeats))
				require.Len(t, fin.RaceRatios, fin.Finalists)
				for i, r := range fin.RaceRatios {
					require.Positive(t, r)
					require.GreaterOrEqual(t, r, fin.RaceRatios[fin.Winner], "finalist %d beat the winner", i)
				}
			} else {
				require.Empty(t, fin.RaceRatios)
				require.Equal(t, 1, fin.Finalists)
				require.NotContains(t, res.Report, "final race: ")
			}
			require.Less(t, fin.Winner, fin.Finalists)
			require.Equal(t, res.Finalists[fin.Winner], res.Best, "the race's winner is emitted")
			require.Positive(t, fin.Ratio)
			require.Equal(t, fin.Ratio > 1, fin.Slower)
			require.Positive(t, fin.Timed)
			require.Contains(t, res.Report, "as bench times them")
			require.Contains(t, res.Report, "outlier batches: ")
			require.Equal(t, fin.Ratio > 1, strings.Contains(res.Report, "slower-than-baseline: yes"))
		})
	}
}
