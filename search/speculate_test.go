package search

import (
	"context"
	"math/rand"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestTapeIsTheSource: through rand.Rand, the tape gives the plain source's values, and
// seeking back replays them.
func TestTapeIsTheSource(t *testing.T) {
	plain := rand.New(rand.NewSource(7))
	tp := newTape(7)
	taped := rand.New(tp)
	for i := range 2000 {
		from := tp.pos
		ahead := []int{taped.Intn(1000), taped.Intn(3), int(taped.Float64() * 1e6)}
		if i%3 == 0 { // speculate, then rewind: the values must be drawn again
			tp.seek(from)
			require.Equal(t, ahead, []int{taped.Intn(1000), taped.Intn(3), int(taped.Float64() * 1e6)})
		}
		require.Equal(t, []int{plain.Intn(1000), plain.Intn(3), int(plain.Float64() * 1e6)}, ahead)
		tp.forget(tp.pos)
	}
	require.Empty(t, tp.buf, "forgotten values are dropped")
}

// usedCost is fakeCost whose Used depends on the genome (the decisions holding an even
// value), so the decide mutation depends on which genome's Used the search applied.
type usedCost struct {
	fakeCost
	prepared int
	mu       sync.Mutex
	jitter   *rand.Rand // when set, Prepare sleeps a random while (worker timing varies)
}

func usedOf(g Genome) []int {
	var u []int
	for d, v := range g.Decisions {
		if v%2 == 0 {
			u = append(u, d)
		}
	}
	return u
}

func (c *usedCost) Compare(cand, best Genome) (Result, error) {
	r, err := c.fakeCost.Compare(cand, best)
	r.Used = usedOf(cand)
	return r, err
}

// preparingCost is usedCost as a Preparer.
type preparingCost struct{ *usedCost }

func (c preparingCost) Prepare(g Genome) ([]int, error) {
	c.mu.Lock()
	c.prepared++
	var d time.Duration
	if c.jitter != nil {
		d = time.Duration(c.jitter.Intn(50)) * time.Microsecond
	}
	c.mu.Unlock()
	time.Sleep(d)
	return usedOf(g), nil
}

func (c preparingCost) PrepareThread() {}

// TestSpeculationKeepsTheSequence: with a Preparer, the search compares the same
// candidates in the same order as without (same seed), whatever the worker's timing,
// and prepares about two candidates per comparison.
func TestSpeculationKeepsTheSequence(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(3)), 40, 8)
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"single run", Options{Evals: 400, Bets: 1, Seed: 9}},
		{"bets", Options{Evals: 600, Bets: 5, BetRatio: 0.3, Seed: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain := &usedCost{fakeCost: fakeCost{record: true}}
			want, err := Run(context.Background(), p, plain, tc.opts)
			require.NoError(t, err)
			spec := &usedCost{fakeCost: fakeCost{record: true}, jitter: rand.New(rand.NewSource(1))}
			got, err := Run(context.Background(), p, preparingCost{spec}, tc.opts)
			require.NoError(t, err)
			require.Equal(t, plain.cands, spec.cands)
			require.Equal(t, want, got)
			require.Greater(t, spec.prepared, tc.opts.Evals/2, "candidates were prepared ahead")
			require.LessOrEqual(t, spec.prepared, 2*tc.opts.Evals)
		})
	}
}

// TestSpeculationStopsCleanly: a cancelled speculative search returns its best, and
// the worker is gone (the race detector and the test's end would catch a leak's writes).
func TestSpeculationStopsCleanly(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(3)), 40, 8)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	c := &usedCost{}
	out, err := Run(ctx, p, preparingCost{c}, Options{Evals: 1000, Bets: 1, Seed: 2, Observe: func(Step) {
		if n++; n == 100 {
			cancel()
		}
	}})
	require.NoError(t, err)
	require.Equal(t, StopCancelled, out.Stop)
	require.Equal(t, 100, out.Evals)
	require.NoError(t, out.Best.Validate(p))
}
