package measure

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSpreadOf(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want Spread
	}{
		{[]float64{3}, Spread{3, 3, 3}},
		{[]float64{5, 1, 3}, Spread{3, 1, 5}},
		{[]float64{4, 1, 2, 3}, Spread{2.5, 1, 4}},
	} {
		xs := append([]float64(nil), tc.xs...)
		require.Equal(t, tc.want, SpreadOf(xs))
		require.Equal(t, tc.xs, xs, "the input is not reordered")
	}
}

func TestRatios(t *testing.T) {
	med := [][]float64{{10, 20, 30}, {20, 20, 60}}
	require.Equal(t, []float64{0.5, 1, 0.5}, Ratios(med, 0, 1))
	require.Equal(t, []float64{2, 1, 2}, Ratios(med, 1, 0))
}

func TestRepeat(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 5})
	f := add4Func()
	fns := []Fn{load(t, r, add4, f, false), load(t, r, add4Saved, f, false)}
	var seen []int
	med, err := tm.Repeat(fns, f, rand.New(rand.NewSource(1)), 3, func(rep int) { seen = append(seen, rep) })
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2}, seen)
	require.Len(t, med, 2)
	for _, m := range med {
		require.Len(t, m, 3)
	}
	_, err = tm.Repeat([]Fn{fns[0], load(t, r, add4Wrong, f, false)}, f, nil, 2, nil)
	require.ErrorIs(t, err, ErrWrongOutput)
}
