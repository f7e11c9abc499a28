package measure

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func newTimer(t testing.TB, r *Runner, opts TimerOptions) *Timer {
	t.Helper()
	tm, err := NewTimer(r, opts)
	require.NoError(t, err)
	return tm
}

func TestCompare(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{})
	require.Greater(t, tm.Overhead(), 0.0)
	f := add4Func()
	fns := []Fn{load(t, r, add4, f, false), load(t, r, add4Saved, f, false)}
	st, err := tm.Compare(fns, f, rand.New(rand.NewSource(1)))
	require.NoError(t, err)
	require.Len(t, st, 2)
	for _, s := range st {
		require.Equal(t, 31, s.Batches)
		require.GreaterOrEqual(t, s.Calls, 1)
		require.LessOrEqual(t, s.Min, s.P25)
		require.LessOrEqual(t, s.P25, s.Median)
		require.LessOrEqual(t, s.Median, s.P75)
		require.LessOrEqual(t, s.P75, s.Max)
	}
	// The same function twice is compared again and again without error (reusing buffers).
	for range 5 {
		_, err := tm.Compare([]Fn{fns[0], fns[0], fns[1]}, f, nil)
		require.NoError(t, err)
	}
}

// TestCompareSparse: the sparse function runs in batches 0, Every, 2·Every, ... only, and
// its output is still checked there; the others run in every batch.
func TestCompareSparse(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{})
	f := add4Func()
	good, saved := load(t, r, add4, f, false), load(t, r, add4Saved, f, false)
	for _, tc := range []struct {
		sp   Sparse
		want []int // batches per function
	}{
		{Sparse{}, []int{31, 31, 31}},
		{Sparse{Fn: 2, Every: 1}, []int{31, 31, 31}},
		{Sparse{Fn: 2, Every: 3}, []int{31, 31, 11}},
		{Sparse{Fn: 0, Every: 10}, []int{4, 31, 31}},
		{Sparse{Fn: 1, Every: 31}, []int{31, 1, 31}},
	} {
		st, err := tm.CompareSparse([]Fn{good, saved, good}, f, rand.New(rand.NewSource(2)), tc.sp)
		require.NoError(t, err, "%+v", tc.sp)
		for k, s := range st {
			require.Equal(t, tc.want[k], s.Batches, "%+v function %d", tc.sp, k)
			// add4 is a few cycles: minus the call overhead its median can be about 0.
			require.LessOrEqual(t, s.Min, s.Median)
			require.LessOrEqual(t, s.Median, s.Max)
		}
	}
	bad := load(t, r, add4Wrong, f, false)
	_, err := tm.CompareSparse([]Fn{good, good, bad}, f, rand.New(rand.NewSource(3)), Sparse{Fn: 2, Every: 3})
	require.True(t, errors.Is(err, ErrWrongOutput), "%v", err)
	_, err = tm.CompareSparse([]Fn{good, good}, f, nil, Sparse{Fn: 2, Every: 3})
	require.ErrorContains(t, err, "sparse function 2 of 2")
}

func TestCompareCatchesWrongOutput(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{})
	f := add4Func()
	good := load(t, r, add4, f, false)
	for _, body := range []string{add4Wrong, add4Partial} {
		bad := load(t, r, body, f, false)
		bad.Name = "bad"
		_, err := tm.Compare([]Fn{good, bad}, f, rand.New(rand.NewSource(4)))
		require.True(t, errors.Is(err, ErrWrongOutput), "%v", err)
		var we *WrongOutputError
		require.True(t, errors.As(err, &we))
		require.Equal(t, 1, we.Index)
		require.Equal(t, "bad", we.Fn)
		require.NotEqual(t, we.Want, we.Got)
		require.Len(t, we.Inputs, 2)
	}
}

func TestCompareAliased(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Aliasing: ir.AliasOut1Arg1, Batches: 9})
	f := neg4Func()
	fn := load(t, r, neg4, f, true)
	st, err := tm.Compare([]Fn{fn, fn}, f, rand.New(rand.NewSource(5)))
	require.NoError(t, err)
	require.Equal(t, 9, st[0].Batches)

	_, err = tm.Compare([]Fn{load(t, r, neg4, f, false)}, f, nil)
	require.ErrorContains(t, err, "out1 == arg1")
}

func TestCompareShapeMismatch(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 3})
	_, err := tm.Compare([]Fn{load(t, r, mul1, mul1Func(), false)}, add4Func(), nil)
	require.ErrorContains(t, err, "validated for")
	_, err = tm.Compare(nil, add4Func(), nil)
	require.Error(t, err)
}

func TestQuantile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	require.Equal(t, 3.0, quantile(xs, 0.5))
	require.Equal(t, 2.0, quantile(xs, 0.25))
	require.Equal(t, 5.0, quantile(xs, 1))
	require.Equal(t, 2.5, quantile([]float64{2, 3}, 0.5))
	require.Equal(t, 7.0, quantile([]float64{7}, 0.5))
}
