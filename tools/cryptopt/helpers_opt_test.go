package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

func TestTraceCSV(t *testing.T) {
	var buf bytes.Buffer
	tr := newTrace(&buf, 4)
	tr.add(search.Step{Eval: 1, Bet: 0, Mutation: search.Initial, Cand: 100, Best: 100, Baseline: 150, Accepted: true, Current: 100}, time.Millisecond)
	tr.add(search.Step{Eval: 2, Bet: -1, Mutation: search.Decide, Cand: 101.25, Best: 99, Baseline: 151, Current: 99}, 1500*time.Millisecond)
	require.NoError(t, tr.flush())
	tr.add(search.Step{Eval: 3, Current: 104}, time.Second) // the current best re-measured slower
	require.Equal(t, traceHeader+
		"1,0,init,100.0,100.0,150.0,true,100.0,0.001\n"+
		"2,-1,decide,101.2,99.0,151.0,false,99.0,1.500\n", buf.String())
	require.Equal(t, []float32{100, 99, 104}, tr.current, "the plotted series is the current genome's score, not a running minimum")
}

func TestPlotSVG(t *testing.T) {
	cur := make([]float32, 5000)
	base := make([]float32, 5000)
	for i := range cur {
		cur[i] = float32(500 - i/50)
		base[i] = 600
	}
	var buf bytes.Buffer
	require.NoError(t, writePlot(&buf, "p256 mul", cur, base))
	svg := buf.String()
	require.True(t, strings.HasPrefix(svg, "<?xml"), svg[:min(80, len(svg))])
	require.Contains(t, svg, "<svg")
	require.Contains(t, svg, "compiler baseline")
	require.LessOrEqual(t, len(bucketMedians(cur)), maxPlotPoints)
	require.Contains(t, svg, "current genome")
	pts := bucketMedians([]float32{3, 1, 2})
	require.Equal(t, 3.0, pts[len(pts)-1].X)
	require.Equal(t, 2.0, pts[len(pts)-1].Y)
}

// TestBucketMedians: each bucket's median of its measured values; unmeasured evaluations
// (0) count for nothing, and a walk that drifts up draws a rising line.
func TestBucketMedians(t *testing.T) {
	tests := []struct {
		name   string
		series []float32
		want   []float64 // Y per point
	}{
		{"none", nil, []float64{0}},
		{"all unmeasured", []float32{0, 0, 0}, []float64{0}},
		{"zeros skipped", []float32{0, 5, 0, 7, 6}, []float64{5, 7, 6}},
		{"short series: one point each", []float32{3, 4, 5}, []float64{3, 4, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ys []float64
			for _, p := range bucketMedians(tc.series) {
				ys = append(ys, p.Y)
			}
			require.Equal(t, tc.want, ys)
		})
	}
	drift := make([]float32, 3*maxPlotPoints)
	for i := range drift {
		drift[i] = 100 + float32(i/maxPlotPoints)*10 // 100, then 110, then 120
		if i%3 == 0 {
			drift[i] = 0 // an unmeasured evaluation pulls no median down
		}
	}
	pts := bucketMedians(drift)
	require.Equal(t, maxPlotPoints, len(pts))
	require.Equal(t, 100.0, pts[0].Y)
	require.Equal(t, 120.0, pts[len(pts)-1].Y, "the line rises with the walk")
}

func TestProgressPlainLines(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, 100, 0, "clang")
	require.Nil(t, p.bar, "a buffer is not a terminal")
	p.every = 0
	p.next = time.Time{}
	p.update(search.Step{Eval: 10, Current: 90, Baseline: 100})
	p.finish(search.Outcome{Evals: 100, Cycles: 80, Baseline: 100}, 0)
	out := buf.String()
	require.Contains(t, out, "optimize: 10/100 evaluations")
	require.Contains(t, out, "current 90.0 cycles (ratio 0.900 to clang) over the walk's last 1 comparisons (medians)")
	require.Contains(t, out, "ratio 0.800 (speedup 1.25x)")
}

func TestAsmHeaderRoundTrip(t *testing.T) {
	h := asmHeader{Command: "optimize", Func: "fiat_p256_mul", IRHash: "ab", GenomeHash: "cd",
		CPU: "AMD EPYC 9B45", Uarch: "znver5", Seed: 7, Evals: 100, Cycles: 75.25,
		Baseline: "clang-19 -O3 -march=native", BaseCyc: 100}
	var src strings.Builder
	for _, l := range h.lines() {
		src.WriteString("# " + l + "\n")
	}
	src.WriteString("\t.intel_syntax noprefix\n# uarch: not-header\n")
	got := parseAsmHeader([]byte(src.String()))
	require.Equal(t, map[string]string{
		"function": "fiat_p256_mul", "ir-hash": "ab", "genome-hash": "cd", "cpu": "AMD EPYC 9B45",
		"uarch": "znver5", "seed": "7", "evaluations": "100", "cycles": "75.2",
		"baseline": "clang-19 -O3 -march=native, 100.0 cycles", "ratio": "0.752",
	}, got)
	plain := asmHeader{Command: "compile", Func: "f", IRHash: "ab", GenomeHash: "cd", Uarch: "generic"}
	require.Len(t, plain.lines(), 5, "no search lines without a search")
}
