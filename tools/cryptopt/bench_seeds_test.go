package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
)

// row is a benchRow of function fn with the given median speedups per compiler and
// against the faster Fiat C (fiat < 0: no Fiat value); against each compiler's Fiat
// build the speedups are 2·fiat (the first) and fiat (the others).
func row(fn string, fiat float64, speedups ...float64) benchRow {
	r := benchRow{name: fn, fn: fn}
	for _, s := range speedups {
		r.speedups = append(r.speedups, measure.Spread{Med: s, Lo: s, Hi: s})
	}
	if fiat >= 0 {
		r.fiat = fiatCells{ok: true, speedup: measure.Spread{Med: fiat, Lo: fiat, Hi: fiat}}
		for k := range speedups {
			e := fiat
			if k == 0 {
				e = 2 * fiat
			}
			r.fiat.each = append(r.fiat.each, measure.Spread{Med: e, Lo: e, Hi: e})
		}
	}
	return r
}

// TestPerFunction: the summary is by function over its files — median and worst of the
// speedup against the faster compiler (the smaller speedup of a file) — and names the
// functions whose median misses 1.05x; with one file per function it is not printed.
func TestPerFunction(t *testing.T) {
	compilers := []string{"gcc", "clang"}
	for _, tc := range []struct {
		name     string
		rows     []benchRow
		withFiat bool
		want     []string
		absent   []string
	}{
		{"one file each: no summary", []benchRow{row("a", -1, 2, 1.5), row("b", -1, 1, 1)}, false,
			nil, []string{"Per function"}},
		{"three seeds, the faster compiler is the smaller speedup", []benchRow{
			row("a", 1.2, 2.0, 1.10), row("a", 1.3, 2.0, 1.00), row("a", 1.1, 1.9, 1.20),
			row("b", 0.9, 1.5, 1.5), row("b", 1.0, 1.6, 1.6),
		}, true, []string{
			"| a | 3 | 1.10x | 1.00x | 2.00x | 1.10x | 1.20x | 1.10x | 2.40x | 1.20x |",
			"| b | 2 | 1.55x | 1.50x | 1.55x | 1.55x | 0.95x | 0.90x | 1.90x | 0.95x |",
			"median below 1.05x the faster compiler: none",
			"median below 1.05x the faster Fiat C: 1 (b)",
			"vs faster Fiat C 1.068x, vs Fiat C gcc 2.135x, vs Fiat C clang 1.068x (2 functions)",
		}, nil},
		{"a miss against the compilers", []benchRow{row("a", -1, 1.04, 1.2), row("a", -1, 1.0, 1.3)}, false,
			[]string{"| a | 2 | 1.02x | 1.00x | 1.02x | 1.25x |", "median below 1.05x the faster compiler: 1 (a)"},
			[]string{"Fiat C:"}},
		{"a function without Fiat", []benchRow{row("p", -1, 1.5, 1.5), row("p", -1, 1.5, 1.5)}, true,
			[]string{"| p | 2 | 1.50x | 1.50x | 1.50x | 1.50x | — | — | — | — |", "the faster Fiat C: none"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			printPerFunction(&buf, tc.rows, compilers, tc.withFiat)
			for _, w := range tc.want {
				require.Contains(t, buf.String(), w)
			}
			for _, a := range tc.absent {
				require.NotContains(t, buf.String(), a)
			}
		})
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{3, 1}, 2}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		xs := append([]float64(nil), tc.xs...)
		require.Equal(t, tc.want, median(xs))
		require.Equal(t, tc.xs, xs, "median must not reorder its input")
	}
}

// TestNewFiatCells: per repeat, the speedup against the faster Fiat build is the faster
// build's cycles over ours, and against each build that build's cycles over ours.
func TestNewFiatCells(t *testing.T) {
	med := [][]float64{
		{10, 20, 10}, // ours
		{9, 99, 99},  // our C, one compiler: not Fiat's
		{30, 40, 15}, // Fiat's C, gcc
		{20, 60, 12}, // Fiat's C, clang
	}
	c := newFiatCells(&fiatBaseline{fn: &ir.Func{}, name: "f", file: "f.json"}, med, 2)
	require.True(t, c.ok)
	require.InDelta(t, 1.2, c.speedup.Lo, 1e-12)
	require.InDelta(t, 2, c.speedup.Med, 1e-12)
	require.Len(t, c.each, 2)
	require.InDelta(t, 2, c.each[0].Med, 1e-12) // gcc: 3, 2, 1.5
	require.InDelta(t, 2, c.each[1].Med, 1e-12) // clang: 2, 3, 1.2
	require.InDelta(t, 1.2, c.each[1].Lo, 1e-12)
	require.InDelta(t, 3, c.each[1].Hi, 1e-12)
}
