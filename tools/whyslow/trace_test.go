package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// trace writes a trace of two bets of bets evaluations each (bet 0 at ratio 1 falling to
// 0.9 at its last evaluation, bet 1 at 0.95) then final evaluations of the final run
// whose ratio falls from 1 linearly, every other one accepted.
func trace(bets, final int) string {
	var b strings.Builder
	b.WriteString("eval,bet,mutation,cand_cycles,best_cycles,baseline_cycles,accepted,current_cycles,elapsed_s\n")
	for i := range 2*bets + final {
		bet, cur := 0, 100.0
		switch {
		case i == bets-1:
			cur = 90
		case i >= bets && i < 2*bets:
			bet, cur = 1, 95
		case i >= 2*bets:
			bet, cur = -1, 100-float64(i-2*bets)*50/float64(final)
		}
		fmt.Fprintf(&b, "%d,%d,permute,1,1,100,%t,%g,%g\n", i+1, bet, i%2 == 0, cur, float64(i)/10)
	}
	return b.String()
}

func TestTrajectory(t *testing.T) {
	rows, err := ReadTrace(strings.NewReader(trace(10, 100)))
	require.NoError(t, err)
	pts := Trajectory(rows, 1)
	require.Len(t, pts, 13)
	require.Equal(t, Point{Label: "bet 0 start", Elapsed: 0, Ratio: 1, Accepted: -1}, pts[0])
	require.Equal(t, Point{Label: "bet 0 end", Elapsed: 0.9, Ratio: 0.9, Accepted: -1}, pts[1])
	require.Equal(t, Point{Label: "best other bet: bet 1 end", Elapsed: 1.9, Ratio: 0.95, Accepted: -1}, pts[2])
	require.Equal(t, "1/10", pts[3].Label)
	require.InDelta(t, 1-9*0.005, pts[3].Ratio, 1e-9, "the 10th final evaluation")
	require.InDelta(t, 0.5, pts[3].Accepted, 1e-9)
	require.InDelta(t, 1-99*0.005, pts[12].Ratio, 1e-9, "the last evaluation")
	require.InDelta(t, 11.9, pts[12].Elapsed, 1e-9)
	// A window of 3 takes the median of the last three: the middle one; bet 0's end
	// (100, 100, 90) is then 1.
	wide := Trajectory(rows, 3)
	require.InDelta(t, 1-98*0.005, wide[12].Ratio, 1e-9)
	require.InDelta(t, 1, wide[1].Ratio, 1e-9)

	single, err := ReadTrace(strings.NewReader(trace(0, 20)))
	require.NoError(t, err)
	require.Equal(t, "1/10", Trajectory(single, 1)[0].Label, "no bets: no bet points")
}

func TestReadTraceRefuses(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "not an optimize --trace CSV"},
		{"other csv", "a,b\n1,2\n", "not an optimize --trace CSV"},
		{"bad number", strings.Replace(trace(1, 1), ",100,", ",x,", 1), "trace row 2"},
		{"no baseline", strings.Replace(trace(1, 1), ",100,", ",0,", 1), "no baseline cycles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadTrace(strings.NewReader(tc.text))
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestRunTrace(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.csv")
	require.NoError(t, os.WriteFile(file, []byte(trace(10, 100)), 0o644))
	var out, errs bytes.Buffer
	require.Equal(t, 0, run([]string{"trace", "--window", "1", file}, &out, &errs), errs.String())
	require.Contains(t, out.String(), "| bet 0 end | 0.9 | 0.900 | – |\n")
	require.Contains(t, out.String(), "| 10/10 | 11.9 | 0.505 | 50% |\n")
	out.Reset()
	require.Equal(t, 2, run([]string{"trace", "--window", "0", file}, &out, &errs))
	require.Equal(t, 2, run([]string{"nonsense"}, &out, &errs))
}
