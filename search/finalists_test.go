package search

import (
	"context"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// noisyCost scores genomes like fakeCost with ±20% multiplicative noise drawn from its own
// seeded generator, so "not slower" accepts some worse candidates.
type noisyCost struct {
	fakeCost
	rng *rand.Rand
}

func (n *noisyCost) Compare(cand, best Genome) (Result, error) {
	r, _ := n.fakeCost.Compare(cand, best)
	return jitter(r, n.rng), nil
}

// jitter scales both scores of r by independent factors in [0.8, 1.2).
func jitter(r Result, rng *rand.Rand) Result {
	r.Cand *= 0.8 + 0.4*rng.Float64()
	r.Best *= 0.8 + 0.4*rng.Float64()
	return r
}

// TestFinalistsUnderNoise: with ±20% noise "not slower" accepts worse candidates and the
// walk drifts, so in some seeds a finalist other than the last genome is truly
// (noise-free) faster: what the caller's final race is for. Best is always finalist 0.
func TestFinalistsUnderNoise(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(15)), 40, 8)
	better := 0
	for seed := range int64(10) {
		cost := &noisyCost{fakeCost: fakeCost{used: allDecisions(8)}, rng: rand.New(rand.NewSource(seed))}
		out, err := Run(context.Background(), p, cost, Options{Evals: 2000, Bets: 1, Seed: seed})
		require.NoError(t, err)
		require.Equal(t, out.Best, out.Finalists[0])
		last := (&fakeCost{}).score(out.Best)
		for _, g := range out.Finalists[1:] {
			require.NoError(t, g.Validate(p))
			if (&fakeCost{}).score(g) < last {
				better++
				break
			}
		}
	}
	require.Greater(t, better, 0, "with 20%% noise the walk drifts past faster genomes")
	t.Logf("a truly faster finalist than the last genome in %d of 10 seeds", better)
}

// TestRecordsChallengers: the start and the latest records are the challengers, without
// duplicates or the current genome; finalists take the start, then the latest first, at
// most MaxFinalists.
func TestRecordsChallengers(t *testing.T) {
	g := func(d int) *state { return newState(Genome{Order: []int{0, 1, 2}, Decisions: []int{d}}) }
	rc := newRecords(g(0), 100)
	rc.offer(g(1), 100) // not below the best: ignored
	for d := 1; d <= 10; d++ {
		rc.offer(g(d), 100-float64(d))
	}
	ids := func(gs []Genome) []int {
		var out []int
		for _, g := range gs {
			out = append(out, g.Decisions[0])
		}
		return out
	}
	states := func(ss []*state) []Genome {
		var out []Genome
		for _, s := range ss {
			out = append(out, s.g)
		}
		return out
	}
	require.Equal(t, []int{0, 3, 4, 5, 6, 7, 8, 9, 10}, ids(states(rc.challengers(g(99)))))
	require.Equal(t, []int{0, 3, 4, 5, 6, 7, 8, 9}, ids(states(rc.challengers(g(10)))), "the current genome is not its own challenger")
	r := &runner{rec: rc, cur: g(10)}
	require.Equal(t, []int{10, 0, 9, 8}, ids(r.finalists()), "the current genome, the start, then the latest records")
	r = &runner{rec: newRecords(g(5), 100), cur: g(5)}
	require.Equal(t, []int{5}, ids(r.finalists()), "the start is the current genome: nothing else")
	given := g(42).g
	r = &runner{rec: rc, cur: g(10), given: &given}
	require.Equal(t, []int{10, 0, 42, 9}, ids(r.finalists()), "another bet continued: the caller's start races after the run's")
	given = g(9).g
	r = &runner{rec: rc, cur: g(10), given: &given}
	require.Equal(t, []int{10, 0, 9, 8}, ids(r.finalists()), "the caller's start once, where it would come")
	given = g(0).g
	r = &runner{rec: rc, cur: g(10), given: &given}
	require.Equal(t, []int{10, 0, 9, 8}, ids(r.finalists()), "bet 0 continued: its start is the run's")
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

// TestGivenStartAlwaysRaces: whichever bet continues, the caller's start genome is among
// the finalists (or is the best), so the final race can always fall back to it.
func TestGivenStartAlwaysRaces(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(5)), 30, 6)
	start := Random(p, rand.New(rand.NewSource(99)))
	continued := 0
	for seed := range int64(12) {
		cost := &noisyCost{fakeCost: fakeCost{used: allDecisions(6)}, rng: rand.New(rand.NewSource(seed))}
		out, err := Run(context.Background(), p, cost, Options{Evals: 600, Bets: 6, BetRatio: 0.5, Seed: seed, Start: []Genome{start}})
		require.NoError(t, err)
		require.True(t, slices.ContainsFunc(out.Finalists, func(g Genome) bool { return sameGenome(g, start) }),
			"seed %d: the caller's start is not a finalist", seed)
		if out.Winner > 0 {
			continued++
		}
	}
	require.Greater(t, continued, 0, "some seeds continue a random-start bet (the case this covers)")
}
