package measure

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutlierBatches runs the detector on synthetic ticks: batch-major, nf functions.
func TestOutlierBatches(t *testing.T) {
	steady := func(batches, nf int, v uint64) []uint64 {
		c := make([]uint64, batches*nf)
		for i := range c {
			c[i] = v + uint64(i%7) // a little jitter, well under any factor
		}
		return c
	}
	for _, tc := range []struct {
		name    string
		nf      int
		cycles  []uint64
		factor  float64
		want    []int
		batches int
	}{
		{"steady", 3, steady(31, 3, 1000), 2, nil, 31},
		{"one preempted function", 3, func() []uint64 {
			c := steady(31, 3, 1000)
			c[4*3+2] = 50000 // batch 4, function 2 (say, the baseline)
			return c
		}(), 2, []int{4}, 31},
		{"every function of two batches", 2, func() []uint64 {
			c := steady(9, 2, 500)
			c[0], c[1], c[8*2], c[8*2+1] = 1200, 1300, 1001, 1100
			return c
		}(), 2, []int{0, 8}, 9},
		{"just under the factor", 1, func() []uint64 {
			c := steady(5, 1, 100)
			c[2] = 199 // the median is 102
			return c
		}(), 2, nil, 5},
		{"per-function medians", 2, func() []uint64 {
			// Function 1 is 10x slower than function 0 everywhere: not an outlier.
			c := steady(7, 2, 100)
			for b := range 7 {
				c[b*2+1] *= 10
			}
			return c
		}(), 2, nil, 7},
		{"a sparse function's skipped batches (0 ticks) are not its median", 2, func() []uint64 {
			c := steady(9, 2, 100)
			for b := range 9 {
				if b%3 != 0 {
					c[b*2+1] = 0 // function 1 ran in batches 0, 3, 6 only
				}
			}
			c[3*2+1] = 1000 // and was preempted in batch 3
			return c
		}(), 2, []int{3}, 9},
		{"too few batches to judge", 1, []uint64{1, 1000}, 2, nil, 2},
		{"disabled", 1, []uint64{1, 1, 1000}, -1, nil, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o outliers
			got := o.find(tc.cycles, tc.nf, tc.batches, tc.factor)
			if tc.want == nil {
				require.Empty(t, got)
			} else {
				require.Equal(t, tc.want, got)
			}
		})
	}
}

// TestCompareRemeasures: with the tightest factor (1: any batch above its median) the
// Timer re-runs batches, still checks their outputs, and counts the re-runs; the counts
// are bounded by the options whatever the machine does.
func TestCompareRemeasures(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	f := add4Func()
	for _, tc := range []struct {
		name      string
		factor    float64
		remeasure int
	}{{"tight", 1, 3}, {"off", -1, 0}, {"no rounds", 2, -1}} {
		t.Run(tc.name, func(t *testing.T) {
			tm := newTimer(t, r, TimerOptions{Batches: 15, OutlierFactor: tc.factor, Remeasure: tc.remeasure})
			fns := []Fn{load(t, r, add4, f, false), load(t, r, add4Saved, f, false)}
			total := 0
			for range 3 {
				st, err := tm.Compare(fns, f, rand.New(rand.NewSource(1)))
				require.NoError(t, err)
				require.Equal(t, st[0].Remeasured, st[1].Remeasured)
				require.LessOrEqual(t, st[0].Remeasured, max(tc.remeasure, 0)*15)
				total += st[0].Remeasured
			}
			timed, redone := tm.Outliers()
			require.Equal(t, 3*15, timed)
			require.Equal(t, total, redone)
			if tc.factor < 0 || tc.remeasure < 0 {
				require.Zero(t, redone)
			}
			// A wrong function is still caught in a re-run batch's output check.
			bad := load(t, r, add4Wrong, f, false)
			_, err := tm.Compare([]Fn{fns[0], bad}, f, nil)
			require.ErrorIs(t, err, ErrWrongOutput)
		})
	}
}

func TestTimerRefusesFactorBelowOne(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	_, err := NewTimer(r, TimerOptions{OutlierFactor: 0.5})
	require.ErrorContains(t, err, "bad timer options")
}
