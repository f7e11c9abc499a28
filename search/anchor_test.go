package search

import (
	"context"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// noisyUsed is usedCost with ±20% multiplicative noise from its own seeded generator.
type noisyUsed struct {
	usedCost
	noise *rand.Rand
}

func (c *noisyUsed) Compare(cand, best Genome) (Result, error) {
	r, err := c.usedCost.Compare(cand, best)
	return jitter(r, c.noise), err
}

// noisyPreparing is noisyUsed as a Preparer.
type noisyPreparing struct{ *noisyUsed }

func (c noisyPreparing) Prepare(g Genome) ([]int, error) { return usedOf(g), nil }
func (c noisyPreparing) PrepareThread()                  {}

// TestAnchorReturnsToRecords: under ±20% noise, comparing the walk with its latest record
// every 25 steps ends, over 12 seeds, on genomes truly (noise-free) faster in total than
// the plain walk's; the comparisons come out of the budget, and some moved the walk.
func TestAnchorReturnsToRecords(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(15)), 40, 8)
	total := map[int]float64{}
	for _, every := range []int{0, 25} {
		for seed := range int64(12) {
			cost := &noisyUsed{noise: rand.New(rand.NewSource(seed))}
			moved := 0
			out, err := Run(context.Background(), p, cost, Options{Evals: 2000, Bets: 1, Seed: seed, Anchor: every,
				Observe: func(s Step) {
					if s.Mutation == Anchor && s.Accepted {
						moved++
					}
				}})
			require.NoError(t, err)
			require.Equal(t, 2000, cost.calls, "anchor comparisons are evaluations of the budget")
			require.Equal(t, 2000, out.Evals)
			if every == 0 {
				require.Zero(t, moved)
			} else {
				require.Positive(t, moved, "seed %d: the walk never went back to a record", seed)
			}
			total[every] += (&fakeCost{}).score(out.Best)
		}
	}
	t.Logf("noise-free score summed over 12 seeds: plain %.0f, anchored %.0f", total[0], total[25])
	require.Less(t, total[25], total[0])
}

// TestAnchorKeepsTheSequence: with anchoring (and the bets' race under noise, and
// confirmations), a Preparer still compares the same candidates in the same order as a
// plain Cost (the prepared mutation of a genome the walk left is drawn again from the
// record), and the budget is exact even when a confirmation would take the last
// evaluation.
func TestAnchorKeepsTheSequence(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(3)), 40, 8)
	for _, opts := range []Options{
		{Evals: 800, Bets: 1, Seed: 9, Anchor: 10},
		{Evals: 900, Bets: 4, BetRatio: 0.3, Seed: 4, Anchor: 7},
		{Evals: 1200, Bets: 8, BetRatio: 0.3, Seed: 6, Anchor: 10, Start: []Genome{Random(p, rand.New(rand.NewSource(1)))}},
		{Evals: 801, Bets: 1, Seed: 9, Confirm: true},
		{Evals: 800, Bets: 1, Seed: 2, Anchor: 10, Confirm: true},
		{Evals: 900, Bets: 4, BetRatio: 0.3, Seed: 4, Anchor: 7, Confirm: true},
	} {
		plain := &noisyUsed{usedCost: usedCost{fakeCost: fakeCost{record: true}}, noise: rand.New(rand.NewSource(5))}
		want, err := Run(context.Background(), p, plain, opts)
		require.NoError(t, err)
		spec := &noisyUsed{usedCost: usedCost{fakeCost: fakeCost{record: true}}, noise: rand.New(rand.NewSource(5))}
		got, err := Run(context.Background(), p, noisyPreparing{spec}, opts)
		require.NoError(t, err)
		require.Equal(t, plain.cands, spec.cands)
		require.Equal(t, want, got)
		require.Equal(t, opts.Evals, spec.calls)
		require.Equal(t, opts.Evals, plain.calls)
		if opts.Bets > 1 {
			require.Greater(t, got.Raced, 1, "the bets raced for the continuation")
		}
	}
}

// luckyCost scores like fakeCost, except that a genome's first comparison as the candidate
// comes out at half its score: every record is a lucky measurement, often of a genome
// truly slower than the walk's current one.
type luckyCost struct {
	fakeCost
	seen map[string]bool
}

func (c *luckyCost) Compare(cand, best Genome) (Result, error) {
	r, err := c.fakeCost.Compare(cand, best)
	if k := cand.Hash(); !c.seen[k] {
		c.seen[k] = true
		r.Cand /= 2
	}
	return r, err
}

// TestAnchorMovesOnlyToFasterRecords: the walk goes back to a record only when the
// record wins the re-comparisons, never on the strength of the lucky measurement that
// made it a record.
func TestAnchorMovesOnlyToFasterRecords(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(15)), 40, 8)
	anchors, moved := 0, 0
	for seed := range int64(6) {
		cost := &luckyCost{fakeCost: fakeCost{used: allDecisions(8)}, seen: map[string]bool{}}
		_, err := Run(context.Background(), p, cost, Options{Evals: 1500, Bets: 1, Seed: seed, Anchor: 20,
			Observe: func(s Step) {
				if s.Mutation != Anchor {
					return
				}
				anchors++
				require.Equal(t, s.Cand < s.Best, s.Accepted, "eval %d: record %.0f, current %.0f", s.Eval, s.Cand, s.Best)
				if s.Accepted {
					moved++
				}
			}})
		require.NoError(t, err)
	}
	require.Positive(t, anchors)
	require.Less(t, moved, anchors, "some records were lucky, slower genomes")
	t.Logf("%d comparisons with a record, %d moved the walk", anchors, moved)
}
