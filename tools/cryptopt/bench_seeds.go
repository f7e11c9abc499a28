package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// bench --all over several files of one function (searches with other seeds): issue 14
// states its targets per function, on the median and the worst of the seeds, so bench
// summarises the rows by function after the per-file table.

// perFunction is one function's rows: a speedup per file against the faster compiler,
// against each compiler, and against the faster Fiat C build (when there is one).
type perFunction struct {
	fn     string
	faster []float64   // per file: the smallest of its compilers' speedups
	each   [][]float64 // [compiler][file]
	fiat   []float64   // per file, when every file has a Fiat value
	// fiatEach is [compiler][file]: the speedup against that compiler's build of Fiat's C.
	fiatEach [][]float64
}

// groupRows collects the rows by function, in the order functions first appear; only
// when some function has more than one file is there anything to summarise.
func groupRows(rows []benchRow, compilers int) ([]*perFunction, bool) {
	var out []*perFunction
	byFn := map[string]*perFunction{}
	several := false
	for _, r := range rows {
		g := byFn[r.fn]
		if g == nil {
			g = &perFunction{fn: r.fn, each: make([][]float64, compilers), fiatEach: make([][]float64, compilers)}
			byFn[r.fn] = g
			out = append(out, g)
		}
		several = several || len(g.faster) > 0
		faster := math.Inf(1)
		for k, s := range r.speedups {
			faster = min(faster, s.Med)
			g.each[k] = append(g.each[k], s.Med)
		}
		g.faster = append(g.faster, faster)
		if r.fiat.ok {
			g.fiat = append(g.fiat, r.fiat.speedup.Med)
			for k, e := range r.fiat.each {
				g.fiatEach[k] = append(g.fiatEach[k], e.Med)
			}
		}
	}
	return out, several
}

// printPerFunction prints, per function, the median and the worst over its files of
// the speedup against the faster compiler (and the faster Fiat C build), then the
// geometric means of the medians and the functions that miss issue 14's 1.05x.
func printPerFunction(w io.Writer, rows []benchRow, compilers []string, withFiat bool) {
	groups, several := groupRows(rows, len(compilers))
	if !several {
		return
	}
	head := []string{"function", "files", "vs faster compiler: median", "worst"}
	for _, c := range compilers {
		head = append(head, "vs "+c+": median")
	}
	if withFiat {
		head = append(head, "vs faster Fiat C: median", "worst")
		for _, c := range compilers {
			head = append(head, "vs Fiat C "+c+": median")
		}
	}
	fmt.Fprintf(w, "\nPer function, over its files (each file's median speedup):\n\n| %s |\n|%s\n",
		strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	var missFaster, missFiat []string
	logs := make([]float64, len(compilers)+1) // per compiler, then Fiat
	fiatLogs := make([]float64, len(compilers))
	nFiat := 0
	for _, g := range groups {
		med, worst := median(g.faster), slices.Min(g.faster)
		cells := []string{g.fn, fmt.Sprint(len(g.faster)), fmt.Sprintf("%.2fx", med), fmt.Sprintf("%.2fx", worst)}
		for k := range compilers {
			m := median(g.each[k])
			logs[k] += math.Log(m)
			cells = append(cells, fmt.Sprintf("%.2fx", m))
		}
		if med < fiatTarget14 {
			missFaster = append(missFaster, g.fn)
		}
		if withFiat {
			cells = append(cells, fiatPerFunction(g, &logs[len(compilers)], fiatLogs, &nFiat, &missFiat)...)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	var sums []string
	for k, c := range compilers {
		sums = append(sums, fmt.Sprintf("vs %s %.3fx", c, math.Exp(logs[k]/float64(len(groups)))))
	}
	fmt.Fprintf(w, "\nfunctions: %d; geomean of the medians: %s", len(groups), strings.Join(sums, ", "))
	if withFiat && nFiat > 0 {
		fmt.Fprintf(w, ", vs faster Fiat C %.3fx", math.Exp(logs[len(compilers)]/float64(nFiat)))
		for k, c := range compilers {
			fmt.Fprintf(w, ", vs Fiat C %s %.3fx", c, math.Exp(fiatLogs[k]/float64(nFiat)))
		}
		fmt.Fprintf(w, " (%d functions)", nFiat)
	}
	fmt.Fprintf(w, "\nmedian below %.2fx the faster compiler: %s\n", fiatTarget14, listOrNone(missFaster))
	if withFiat {
		fmt.Fprintf(w, "median below %.2fx the faster Fiat C: %s\n", fiatTarget14, listOrNone(missFiat))
	}
}

// fiatPerFunction are a function's Fiat cells (its median and worst over files against
// the faster build, then its median against each compiler's build), or "—" when some
// file has no Fiat value; it adds to the geomeans (logSum, eachLogs) and the misses.
func fiatPerFunction(g *perFunction, logSum *float64, eachLogs []float64, n *int, miss *[]string) []string {
	complete := len(g.fiat) == len(g.faster)
	for _, xs := range g.fiatEach {
		complete = complete && len(xs) == len(g.fiat)
	}
	if !complete {
		return slices.Repeat([]string{"—"}, 2+len(eachLogs))
	}
	med := median(g.fiat)
	*logSum += math.Log(med)
	*n++
	if med < fiatTarget14 {
		*miss = append(*miss, g.fn)
	}
	cells := []string{fmt.Sprintf("%.2fx", med), fmt.Sprintf("%.2fx", slices.Min(g.fiat))}
	for k, xs := range g.fiatEach {
		m := median(xs)
		eachLogs[k] += math.Log(m)
		cells = append(cells, fmt.Sprintf("%.2fx", m))
	}
	return cells
}

// median of xs (not empty; xs is not changed): the mean of the middle two for an even
// count.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d (%s)", len(xs), strings.Join(xs, ", "))
}
