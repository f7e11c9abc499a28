package search

import (
	"context"
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDuelCounts: the duel's comparisons come out of the final run's budget, last.
func TestDuelCounts(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(14)), 30, 6)
	for _, tc := range []struct {
		evals, bets, duel, wantDuel int
	}{{1000, 10, 7, 7}, {1000, 1, 5, 5}, {50, 1, 7, 0}, {60, 10, 7, 0}, {100, 10, 7, 7}} {
		cost := &fakeCost{used: allDecisions(6)}
		var kinds []Mutation
		out, err := Run(context.Background(), p, cost, Options{
			Evals: tc.evals, Bets: tc.bets, BetRatio: 0.2, Seed: 1, Duel: tc.duel,
			Observe: func(s Step) { kinds = append(kinds, s.Mutation) },
		})
		require.NoError(t, err)
		require.Equal(t, tc.evals, out.Evals)
		require.Equal(t, tc.evals, cost.calls)
		n := 0
		for i, k := range kinds {
			if k == Duel {
				n++
				require.GreaterOrEqual(t, i, tc.evals-tc.wantDuel, "duels come last")
			}
		}
		require.Equal(t, tc.wantDuel, n, "%+v", tc)
		require.False(t, out.EliteWon, "with exact scores the current genome is never worse")
	}
}

// TestDuelPicksFaster: the duel keeps whichever of elite and current is faster side by
// side, and reports the median of its comparisons.
func TestDuelPicksFaster(t *testing.T) {
	p := Problem{Deps: make([][]int, 4), Options: []int{2}}
	a := Genome{Order: []int{0, 1, 2, 3}, Decisions: []int{0}}
	b := Genome{Order: []int{3, 2, 1, 0}, Decisions: []int{1}}
	for _, tc := range []struct {
		name        string
		eliteCycles float64
		wantWon     bool
		wantBest    Genome
		wantCycles  float64
	}{
		{"elite faster", 90, true, a, 90},
		{"elite slower", 110, false, b, 100},
		{"tie keeps current", 100, false, b, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cost := CostFunc(func(cand, best Genome) (Result, error) {
				require.Equal(t, a, cand)
				require.Equal(t, b, best)
				return Result{Cand: tc.eliteCycles, Best: 100, Baseline: 120}, nil
			})
			r := &runner{ctx: context.Background(), cost: cost, mut: newMutator(p)}
			r.cur = newState(b)
			won, err := r.duel(newState(a), 5)
			require.NoError(t, err)
			require.Equal(t, tc.wantWon, won)
			require.Equal(t, tc.wantBest, r.cur.g)
			require.Equal(t, tc.wantCycles, r.cycles)
			require.Equal(t, 120.0, r.baseline)
			require.Equal(t, 5, r.eval)
		})
	}
}

// noisyCost scores genomes like fakeCost with ±20% multiplicative noise drawn from its own
// seeded generator, so "not slower" accepts some worse candidates.
type noisyCost struct {
	fakeCost
	rng *rand.Rand
}

func (n *noisyCost) Compare(cand, best Genome) (Result, error) {
	r, _ := n.fakeCost.Compare(cand, best)
	r.Cand *= 0.8 + 0.4*n.rng.Float64()
	r.Best *= 0.8 + 0.4*n.rng.Float64()
	return r, nil
}

// TestEliteUnderNoise: the duel's 9 comparisons come after the same 1,991 steps as a
// search of 1,991 evaluations without duel (same seeds, same noise), so the two can be
// compared: without a win the result is that search's, and over 10 seeds the duel's
// results are truly (noise-free) no slower in total.
func TestEliteUnderNoise(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(15)), 40, 8)
	won := 0
	var withDuel, without float64
	for seed := range int64(10) {
		search := func(evals, duel int) Outcome {
			cost := &noisyCost{fakeCost: fakeCost{used: allDecisions(8)}, rng: rand.New(rand.NewSource(seed))}
			out, err := Run(context.Background(), p, cost, Options{Evals: evals, Bets: 1, Seed: seed, Duel: duel})
			require.NoError(t, err)
			require.NoError(t, out.Best.Validate(p))
			return out
		}
		a, b := search(2000, 9), search(1991, 0)
		if a.EliteWon {
			won++
		} else {
			require.Equal(t, b.Best, a.Best)
		}
		withDuel += (&fakeCost{}).score(a.Best)
		without += (&fakeCost{}).score(b.Best)
	}
	require.Greater(t, won, 0, "with 20%% noise the walk drifts and the elite sometimes wins")
	require.LessOrEqual(t, withDuel, without)
	t.Logf("elite won %d/10; total true score %.0f with duel, %.0f without", won, withDuel, without)
}

// TestKnockoutChallengers: the start and the latest records challenge the current genome,
// without duplicates, the latest kept when there are more than the budget allows.
func TestKnockoutChallengers(t *testing.T) {
	p := Problem{Deps: make([][]int, 3), Options: []int{20}}
	g := func(d int) *state { return newState(Genome{Order: []int{0, 1, 2}, Decisions: []int{d}}) }
	rc := newRecords(g(0), 100)
	rc.offer(g(1), 100) // not below the best: ignored
	for d := 1; d <= 10; d++ {
		rc.offer(g(d), 100-float64(d))
	}
	ids := func(ss []*state) []int {
		var out []int
		for _, s := range ss {
			out = append(out, s.g.Decisions[0])
		}
		return out
	}
	require.Equal(t, []int{0, 3, 4, 5, 6, 7, 8, 9, 10}, ids(rc.challengers(g(99))))
	require.Equal(t, []int{0, 3, 4, 5, 6, 7, 8, 9}, ids(rc.challengers(g(10))), "the current genome is not its own challenger")

	// Budget 12 allows 4 duels of 3: the latest 4 challengers; challenger 9 is the fastest.
	var seen []int
	cost := CostFunc(func(cand, best Genome) (Result, error) {
		seen = append(seen, cand.Decisions[0])
		speed := func(g Genome) float64 { return 100 + math.Abs(float64(g.Decisions[0]-9)) }
		return Result{Cand: speed(cand), Best: speed(best), Baseline: 200}, nil
	})
	r := &runner{ctx: context.Background(), cost: cost, mut: newMutator(p), rec: rc, cur: g(99)}
	won, err := r.knockout(12)
	require.NoError(t, err)
	require.True(t, won)
	require.Equal(t, []int{7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10}, seen)
	require.Equal(t, 9, r.cur.g.Decisions[0])
	require.Equal(t, 100.0, r.cycles)
	require.Equal(t, 12, r.eval)
}

// TestFinalists: the outcome offers its best first, then distinct other genomes of the
// run (latest records first), at most MaxFinalists, all valid.
func TestFinalists(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(3)), 30, 6)
	for _, tc := range []struct {
		name         string
		evals, bets  int
		wantAtLeast2 bool
	}{{"single run", 400, 1, true}, {"bet and run", 400, 4, true}, {"one evaluation", 1, 1, false}} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(context.Background(), p, &fakeCost{used: allDecisions(6)},
				Options{Evals: tc.evals, Bets: tc.bets, BetRatio: 0.2, Seed: 2})
			require.NoError(t, err)
			require.NotEmpty(t, out.Finalists)
			require.LessOrEqual(t, len(out.Finalists), MaxFinalists)
			require.Equal(t, out.Best, out.Finalists[0])
			if tc.wantAtLeast2 {
				require.GreaterOrEqual(t, len(out.Finalists), 2, "the start at least")
			} else {
				require.Len(t, out.Finalists, 1)
			}
			for i, g := range out.Finalists {
				require.NoError(t, g.Validate(p))
				for _, h := range out.Finalists[:i] {
					require.False(t, sameGenome(g, h), "finalists %d is a duplicate", i)
				}
			}
		})
	}
}
