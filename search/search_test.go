package search

import (
	"context"
	"errors"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		evals, bets   int
		ratio         float64
		perBet, final int
		wantErr       string
	}{
		{1000, 10, 0.2, 20, 800, ""},
		{10000, 20, 0.2, 100, 8000, ""},
		{100, 1, 0.5, 0, 100, ""},
		{100, 5, 0, 0, 100, ""},
		{100, 1, 0.29, 0, 100, ""},
		{100, 4, 0.29, 7, 72, ""},
		{7, 3, 0.2, 1, 4, ""},
		{3, 3, 0.9, 1, 0, ""},
		{0, 1, 0.2, 0, 0, "evaluations must be at least 1"},
		{10, 0, 0.2, 0, 0, "bets must be at least 1"},
		{10, 2, 1, 0, 0, "bet ratio"},
		{10, 2, -0.1, 0, 0, "bet ratio"},
		{2, 3, 0.5, 0, 0, "3 bets need"},
	}
	for _, tc := range tests {
		perBet, final, err := Split(tc.evals, tc.bets, tc.ratio)
		if tc.wantErr != "" {
			require.ErrorContains(t, err, tc.wantErr, "%+v", tc)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, [2]int{tc.perBet, tc.final}, [2]int{perBet, final}, "%+v", tc)
		bets := tc.bets
		if perBet == 0 {
			bets = 0
		}
		require.Equal(t, tc.evals, bets*perBet+final, "counts add up")
	}
}

// TestBetAndRunCounts checks that every evaluation is accounted for: each bet takes its
// share, the final run the rest, the Cost is called exactly Evals times.
func TestBetAndRunCounts(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	p := randomProblem(rng, 30, 6)
	for _, tc := range []struct {
		evals, bets int
		ratio       float64
	}{{1000, 10, 0.2}, {500, 20, 0.5}, {97, 3, 0.3}, {50, 1, 0.2}, {10, 10, 0.99}} {
		cost := &fakeCost{used: allDecisions(6)}
		perBet, final, err := Split(tc.evals, tc.bets, tc.ratio)
		require.NoError(t, err)
		perRun := map[int]int{}
		out, err := Run(context.Background(), p, cost, Options{
			Evals: tc.evals, Bets: tc.bets, BetRatio: tc.ratio, Seed: 1,
			Observe: func(s Step) { perRun[s.Bet]++ },
		})
		require.NoError(t, err)
		require.Equal(t, StopBudget, out.Stop)
		require.Equal(t, tc.evals, out.Evals)
		require.Equal(t, tc.evals, cost.calls)
		require.NoError(t, out.Best.Validate(p))
		if perBet == 0 {
			require.Equal(t, map[int]int{-1: tc.evals}, perRun)
			require.Equal(t, -1, out.Winner)
			continue
		}
		require.Len(t, out.Bets, tc.bets)
		for i, b := range out.Bets {
			require.Equal(t, perBet, b.Evals)
			require.Equal(t, perBet, perRun[i])
			require.GreaterOrEqual(t, b.Cycles, out.Bets[out.Winner].Cycles, "winner is the best bet")
		}
		require.Equal(t, final, perRun[-1])
	}
}

// TestSameSeedSameTrajectory: with a deterministic Cost the whole search is a function of
// the seed.
func TestSameSeedSameTrajectory(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(6)), 40, 8)
	trace := func(seed int64) ([]Step, Outcome) {
		var steps []Step
		out, err := Run(context.Background(), p, &fakeCost{used: []int{0, 2, 4, 6}}, Options{
			Evals: 2000, Bets: 5, BetRatio: 0.2, Seed: seed,
			Observe: func(s Step) { steps = append(steps, s) },
		})
		require.NoError(t, err)
		return steps, out
	}
	a, outA := trace(42)
	b, outB := trace(42)
	c, _ := trace(43)
	require.Len(t, a, 2000)
	require.Equal(t, a, b)
	require.Equal(t, outA, outB)
	require.NotEqual(t, a, c, "another seed gives another search")
}

// TestLocalSearchKeepsNotSlower: with exact scores the current best never gets worse, a
// candidate is accepted exactly when it is not slower, and the search makes progress.
func TestLocalSearchKeepsNotSlower(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(7)), 40, 8)
	prev := 0.0
	var first Step
	out, err := Run(context.Background(), p, &fakeCost{used: allDecisions(8)}, Options{
		Evals: 3000, Bets: 1, Seed: 1,
		Observe: func(s Step) {
			if s.Eval == 1 {
				first, prev = s, s.Current
				return
			}
			require.Equal(t, s.Cand <= s.Best, s.Accepted)
			require.LessOrEqual(t, s.Current, prev)
			prev = s.Current
		},
	})
	require.NoError(t, err)
	require.Equal(t, Initial, first.Mutation)
	require.Less(t, out.Cycles, first.Current, "3000 steps improved nothing")
	require.Equal(t, (&fakeCost{}).score(out.Best), out.Cycles)
	require.InDelta(t, out.Cycles/200, out.Ratio(), 1e-12)
}

func TestDecideOnlyUsedDecisions(t *testing.T) {
	p := Problem{Deps: make([][]int, 5), Options: []int{3, 3, 3, 3}}
	cost := &fakeCost{used: []int{1, 3}, record: true}
	_, err := Run(context.Background(), p, cost, Options{Evals: 300, Bets: 1, Seed: 2})
	require.NoError(t, err)
	init := cost.cands[0].Decisions
	changed := map[int]bool{}
	for _, g := range cost.cands {
		require.Equal(t, init[0], g.Decisions[0])
		require.Equal(t, init[2], g.Decisions[2])
		for _, d := range diffIndices(init, g.Decisions) {
			changed[d] = true
		}
	}
	require.Equal(t, map[int]bool{1: true, 3: true}, changed)
}

// slowCost sleeps, to test time limits.
type slowCost struct{ fakeCost }

func (s *slowCost) Compare(cand, best Genome) (Result, error) {
	time.Sleep(time.Millisecond)
	return s.fakeCost.Compare(cand, best)
}

func TestTimeLimit(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(8)), 20, 4)
	for _, bets := range []int{1, 4} {
		var seen []int
		start := time.Now()
		out, err := Run(context.Background(), p, &slowCost{}, Options{
			Evals: 1_000_000, Bets: bets, BetRatio: 0.5, Seed: 1, TimeLimit: time.Second,
			Observe: func(s Step) { seen = append(seen, s.Bet) },
		})
		require.NoError(t, err)
		require.Less(t, time.Since(start), 10*time.Second)
		require.Equal(t, StopTimeLimit, out.Stop)
		require.Equal(t, len(seen), out.Evals)
		require.Greater(t, out.Evals, 0)
		require.NoError(t, out.Best.Validate(p))
		if bets > 1 {
			require.Len(t, out.Bets, bets, "each bet was measured at least once")
			require.Equal(t, -1, seen[len(seen)-1], "the final run got the rest")
		}
	}
}

func TestCancelKeepsBest(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(9)), 20, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, err := Run(ctx, p, &fakeCost{}, Options{
		Evals: 1000, Bets: 4, BetRatio: 0.4, Seed: 1,
		Observe: func(s Step) {
			if s.Eval == 250 {
				cancel()
			}
		},
	})
	require.NoError(t, err)
	require.Equal(t, StopCancelled, out.Stop)
	require.Equal(t, 250, out.Evals)
	require.Len(t, out.Bets, 3, "the cancelled bet still counts")
	require.NoError(t, out.Best.Validate(p))

	_, err = Run(ctx, p, &fakeCost{}, Options{Evals: 10, Bets: 1})
	require.ErrorIs(t, err, ErrNoEvaluation)
}

func TestCostErrorReportsGenome(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(10)), 20, 4)
	boom := errors.New("output mismatch")
	calls := 0
	var last Genome
	cost := CostFunc(func(cand, best Genome) (Result, error) {
		calls++
		if calls == 7 {
			last = cand.Clone()
			return Result{}, boom
		}
		return Result{Cand: 1, Best: 1}, nil
	})
	out, err := Run(context.Background(), p, cost, Options{Evals: 100, Bets: 1, Seed: 1})
	var ee *EvalError
	require.ErrorAs(t, err, &ee)
	require.ErrorIs(t, err, boom)
	require.Equal(t, 7, ee.Eval)
	require.Equal(t, last, ee.Genome)
	require.Equal(t, 7, out.Evals)
}

func TestBadProblem(t *testing.T) {
	for name, p := range map[string]Problem{
		"out of range": {Deps: [][]int{{1}}},
		"self":         {Deps: [][]int{{0}}},
		"cycle":        {Deps: [][]int{{1}, {0}}},
		"no options":   {Deps: [][]int{nil}, Options: []int{0}},
	} {
		_, err := Run(context.Background(), p, &fakeCost{}, Options{Evals: 10, Bets: 1})
		require.Error(t, err, name)
	}
}

// TestStepsDoNotAllocate: the allocations of a search do not grow with its evaluations.
func TestStepsDoNotAllocate(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(11)), 60, 10)
	cost := &fakeCost{used: allDecisions(10)}
	allocs := func(evals int) float64 {
		return testing.AllocsPerRun(3, func() {
			_, err := Run(context.Background(), p, cost, Options{Evals: evals, Bets: 2, BetRatio: 0.2, Seed: 1})
			require.NoError(t, err)
		})
	}
	// Records fill their preallocated slots early (a bounded cost); after that, nothing.
	require.InDelta(t, allocs(10000), allocs(100000), 2)
}

// TestBetsOverrunStillMeasured: when early bets overrun their time shares, later bets
// are still started (one evaluation each) and the final run gets what remains.
func TestBetsOverrunStillMeasured(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(13)), 10, 2)
	var bets []int
	out, err := Run(context.Background(), p, &slowCost{}, Options{
		Evals: 100000, Bets: 8, BetRatio: 0.01, Seed: 1, TimeLimit: time.Second,
		Observe: func(s Step) { bets = append(bets, s.Bet) },
	})
	require.NoError(t, err)
	require.Len(t, out.Bets, 8)
	for i, b := range out.Bets {
		require.GreaterOrEqual(t, b.Evals, 1, "bet %d", i)
	}
	require.Equal(t, -1, bets[len(bets)-1])
}

func TestStartGenomes(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(16)), 20, 4)
	start := Random(p, rand.New(rand.NewSource(99)))
	for _, bets := range []int{1, 5} {
		cost := &fakeCost{record: true}
		_, err := Run(context.Background(), p, cost, Options{Evals: 100, Bets: bets, BetRatio: 0.5, Seed: 1, Start: []Genome{start}})
		require.NoError(t, err)
		require.Equal(t, start, cost.cands[0], "the first run starts from Start[0]")
		if bets > 1 {
			require.NotEqual(t, start, cost.cands[10], "the second bet starts elsewhere")
		}
	}
	second := Random(p, rand.New(rand.NewSource(98)))
	cost := &fakeCost{record: true}
	_, err := Run(context.Background(), p, cost, Options{Evals: 100, Bets: 5, BetRatio: 0.5, Seed: 1, Start: []Genome{start, second}})
	require.NoError(t, err)
	require.Equal(t, start, cost.cands[0], "bet 0 starts from Start[0]")
	require.Equal(t, second, cost.cands[10], "bet 1 starts from Start[1]")
	require.NotEqual(t, second, cost.cands[20], "bet 2 starts elsewhere")

	bad := start.Clone()
	bad.Order[0], bad.Order[1] = bad.Order[1], bad.Order[0]
	bad.Decisions = append(bad.Decisions, 0)
	for _, tc := range []struct {
		name  string
		opts  Options
		wantE string
	}{
		{"invalid", Options{Evals: 10, Bets: 1, Start: []Genome{bad}}, "start genome 0"},
		{"invalid second", Options{Evals: 10, Bets: 2, BetRatio: 0.5, Start: []Genome{start, bad}}, "start genome 1"},
		{"more starts than bets", Options{Evals: 10, Bets: 2, BetRatio: 0.5, Start: []Genome{start, start, start}}, "3 start genomes, at most 2"},
		{"two starts, one run", Options{Evals: 10, Bets: 5, Start: []Genome{start, start}}, "2 start genomes, at most 1"},
	} {
		_, err := Run(context.Background(), p, &fakeCost{}, tc.opts)
		require.ErrorContains(t, err, tc.wantE, tc.name)
	}
}
