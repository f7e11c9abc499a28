package search

import (
	"context"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// outlierCost scores genomes like fakeCost with ±1% multiplicative noise, and each score
// is, 5% of the time, an outlier at 0.7 of its value: the lowest of 20 bets' single
// scores is then often an outlier. It remembers the last comparison's genomes.
type outlierCost struct {
	fakeCost
	rng        *rand.Rand
	cand, best Genome
}

func (c *outlierCost) Compare(cand, best Genome) (Result, error) {
	c.cand, c.best = cand.Clone(), best.Clone()
	r, err := c.fakeCost.Compare(cand, best)
	for _, x := range []*float64{&r.Cand, &r.Best} {
		*x *= 0.99 + 0.02*c.rng.Float64()
		if c.rng.Float64() < 0.05 {
			*x *= 0.7
		}
	}
	return r, err
}

// TestRaceChoosesTrulyBetterBet: bet 0 starts from a good genome, 19 bets from random
// ones, each with 40 evaluations. Over 20 seeds the race continues the bet whose current
// genome is truly (noise-free) the best far more often than the lowest single score
// does, and the results of the final runs are truly faster in total.
func TestRaceChoosesTrulyBetterBet(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(15)), 40, 8)
	good, err := Run(context.Background(), p, &fakeCost{used: allDecisions(8)}, Options{Evals: 1000, Bets: 1, Seed: 100})
	require.NoError(t, err)
	truth := func(g Genome) float64 { return (&fakeCost{}).score(g) }
	right, total := map[int]int{}, map[int]float64{}
	for _, raceBets := range []int{0, RaceBets} {
		for seed := range int64(20) {
			cost := &outlierCost{fakeCost: fakeCost{used: allDecisions(8)}, rng: rand.New(rand.NewSource(seed))}
			ends := map[int]Genome{} // each bet's current genome after its last step
			opts := Options{Evals: 4000, Bets: 20, BetRatio: 0.2, Seed: seed, Start: []Genome{good.Best}, Anchor: 25,
				Observe: func(s Step) {
					if s.Bet >= 0 && s.Accepted {
						ends[s.Bet] = cost.cand
					} else if s.Bet >= 0 {
						ends[s.Bet] = cost.best
					}
				}}
			out, err := run(context.Background(), p, cost, opts, raceBets)
			require.NoError(t, err)
			require.Equal(t, 4000, out.Evals)
			require.Equal(t, 4000, cost.calls, "the race's comparisons come out of the budget")
			best := 0
			for i, g := range ends {
				if truth(g) < truth(ends[best]) {
					best = i
				}
			}
			if truth(ends[out.Winner]) == truth(ends[best]) {
				right[raceBets]++
			}
			total[raceBets] += truth(out.Best)
		}
	}
	t.Logf("truly best bet continued in %d of 20 seeds by the race, %d by the lowest score; "+
		"noise-free results summed %.0f against %.0f", right[RaceBets], right[0], total[RaceBets], total[0])
	require.GreaterOrEqual(t, right[RaceBets], 18)
	require.LessOrEqual(t, right[0], 10, "the test's noise no longer fools the lowest score")
	require.Less(t, total[RaceBets], total[0])
}

// TestRaceCounts: the race's comparisons are evaluations of the final run's share (Bet
// -1, Mutation Race), it races RaceBets bets plus each bet given a start, only
// as many challengers as leave the final run a step, and none with one bet.
func TestRaceCounts(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(5)), 30, 6)
	start := []Genome{Random(p, rand.New(rand.NewSource(99)))}
	starts := []Genome{start[0], Random(p, rand.New(rand.NewSource(98))), Random(p, rand.New(rand.NewSource(97)))}
	for _, tc := range []struct {
		name        string
		evals, bets int
		ratio       float64
		start       []Genome
		raced       int
	}{
		{"one bet", 100, 1, 0.2, nil, 0},
		{"two bets", 100, 2, 0.2, nil, 2},
		{"twenty bets", 2000, 20, 0.2, nil, RaceBets},
		{"twenty bets and a start", 2000, 20, 0.2, start, RaceBets + 1},
		{"twenty bets and three starts", 2000, 20, 0.2, starts, RaceBets + 3},
		{"budget for two challengers", 20, 4, 0.4, nil, 3},
		{"no budget left", 20, 4, 0.99, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cost := &fakeCost{used: allDecisions(6)}
			_, final, err := Split(tc.evals, tc.bets, tc.ratio)
			require.NoError(t, err)
			perRun, races, steps := map[int]int{}, 0, 0
			out, err := Run(context.Background(), p, cost, Options{Evals: tc.evals, Bets: tc.bets, BetRatio: tc.ratio, Seed: 3,
				Start: tc.start, Observe: func(s Step) {
					steps++
					perRun[s.Bet]++
					if s.Mutation == Race {
						races++
						require.Equal(t, -1, s.Bet)
					}
				}})
			require.NoError(t, err)
			require.Equal(t, StopBudget, out.Stop)
			require.Equal(t, tc.evals, out.Evals)
			require.Equal(t, tc.evals, cost.calls)
			require.Equal(t, tc.evals, steps, "every comparison is observed")
			require.Equal(t, tc.raced, out.Raced)
			require.Equal(t, max(0, tc.raced-1)*RaceRepeats, out.RaceEvals)
			require.Equal(t, out.RaceEvals, races)
			require.Equal(t, final, perRun[-1], "the race is part of the final run's share")
		})
	}
}

// TestRaceStops: a cancellation or the time limit during the race ends the search there,
// with the champion (the best-scored bet) as the result: an unfinished challenge does not
// replace it.
func TestRaceStops(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(5)), 30, 6)
	const limit = 300 * time.Millisecond
	for _, tc := range []struct {
		name      string
		limit     time.Duration
		stop      StopReason
		raceEvals int
	}{{"cancelled", 0, StopCancelled, 1}, {"time limit", limit, StopTimeLimit, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			slow, calls, begin := false, 0, time.Now()
			cost := CostFunc(func(cand, best Genome) (Result, error) {
				calls++
				if slow {
					// Past the search's own deadline, which starts a little after begin: a
					// sleep to begin+limit exactly can return just before it, and the race
					// then runs on (seen: 15 comparisons instead of 2).
					time.Sleep(time.Until(begin.Add(tc.limit + 20*time.Millisecond)))
				}
				return (&fakeCost{}).Compare(cand, best)
			})
			out, err := Run(ctx, p, cost, Options{Evals: 2000, Bets: 4, BetRatio: 0.2, Seed: 3, TimeLimit: tc.limit,
				Observe: func(s Step) {
					if s.Mutation == Race {
						slow = tc.limit > 0
						if tc.limit == 0 {
							cancel()
						}
					}
				}})
			require.NoError(t, err)
			require.Equal(t, tc.stop, out.Stop)
			require.Equal(t, tc.raceEvals, out.RaceEvals)
			require.Equal(t, 4*100+tc.raceEvals, out.Evals, "no final run after the race stopped")
			require.Equal(t, out.Evals, calls)
			champion := 0
			for i, b := range out.Bets {
				if b.Cycles < out.Bets[champion].Cycles {
					champion = i
				}
			}
			require.Equal(t, champion, out.Winner, "the best-scored bet")
			require.Less(t, time.Since(begin), limit+200*time.Millisecond)
		})
	}
}
