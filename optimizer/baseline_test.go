package optimizer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
)

// TestPickFaster: the pick is by the median of per-comparison ratios, so a drift that
// slows every function of one comparison does not decide it.
func TestPickFaster(t *testing.T) {
	for _, tc := range []struct {
		name string
		med  [][]float64
		want int
		rel  []float64
	}{
		{"second faster", [][]float64{{10, 10, 10}, {8, 8, 8}}, 1, []float64{1.25, 1}},
		{"first faster", [][]float64{{8, 8, 8}, {10, 10, 10}}, 0, []float64{1, 1.25}},
		{"tie keeps the first", [][]float64{{9, 9, 9}, {9, 9, 9}}, 0, []float64{1, 1}},
		// Comparison 2 is a slow stretch for both (twice the time): it counts as the
		// others do, as one ratio.
		{"drift cancels", [][]float64{{10, 10, 20}, {9, 9, 18}}, 1, []float64{10.0 / 9, 1}},
		// One comparison where baseline 1 was preempted does not outvote two.
		{"one outlier", [][]float64{{10, 10, 10}, {9, 30, 9}}, 1, []float64{10.0 / 9, 1}},
		{"three", [][]float64{{10, 10, 10}, {12, 12, 12}, {9, 9, 9}}, 2, []float64{10.0 / 9, 12.0 / 9, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := pickFaster(tc.med)
			require.Equal(t, tc.want, c.Index)
			require.InDeltaSlice(t, tc.rel, c.Rel, 1e-9)
		})
	}
}

// TestFasterBaseline times the same C built at -O0 and at the default -O3: the -O3 build
// must be picked whichever comes first (the gap is several times the VM's noise), and
// every output is checked against the IR while timing.
func TestFasterBaseline(t *testing.T) {
	cc := testenv.Tool(t, "gcc")
	f := catalogueFunc(t, "p256", "mul")
	src, err := cemit.Emit(f, "base")
	require.NoError(t, err)
	o0, err := measure.CompileC(src, "base", cc, []string{"-O0"})
	require.NoError(t, err)
	defer o0.Close()
	o3, err := measure.CompileC(src, "base", cc, nil)
	require.NoError(t, err)
	defer o3.Close()
	tm := BaselineTiming{Batches: 5, Repeats: 3, Seed: 1}
	for _, tc := range []struct {
		name string
		bs   []*measure.Native
		want int
	}{{"O0 first", []*measure.Native{o0, o3}, 1}, {"O3 first", []*measure.Native{o3, o0}, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := FasterBaseline(f, tc.bs, tm)
			require.NoError(t, err)
			require.Equal(t, tc.want, c.Index)
			require.Greater(t, c.Rel[1-tc.want], 1.0)
		})
	}
	c, err := FasterBaseline(f, []*measure.Native{o3}, tm)
	require.NoError(t, err)
	require.Equal(t, Choice{Rel: []float64{1}}, c, "one baseline: nothing to time")
	_, err = FasterBaseline(f, nil, tm)
	require.Error(t, err)
}
