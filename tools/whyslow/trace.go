package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Point is the search's state at one moment of a trace.
type Point struct {
	Label    string
	Elapsed  float64 // seconds since the search started
	Ratio    float64 // median current_cycles/baseline_cycles of the window before it
	Accepted float64 // share of accepted candidates since the previous point (-1: none)
}

// traceRow is what the summary needs of one evaluation of an optimize --trace CSV.
type traceRow struct {
	bet      int
	ratio    float64
	accepted bool
	elapsed  float64
}

// ReadTrace parses an optimize --trace CSV (eval,bet,mutation,cand_cycles,best_cycles,
// baseline_cycles,accepted,current_cycles,elapsed_s).
func ReadTrace(r io.Reader) ([]traceRow, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("reading the trace: %w", err)
	}
	if len(recs) < 2 || len(recs[0]) != 9 || recs[0][0] != "eval" {
		return nil, fmt.Errorf("not an optimize --trace CSV (want the header eval,bet,...,elapsed_s and rows)")
	}
	rows := make([]traceRow, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		var v [4]float64
		for j, col := range []int{1, 5, 7, 8} {
			if v[j], err = strconv.ParseFloat(rec[col], 64); err != nil {
				return nil, fmt.Errorf("trace row %d: %w", i+2, err)
			}
		}
		if v[1] <= 0 {
			return nil, fmt.Errorf("trace row %d: no baseline cycles (run with a baseline)", i+2)
		}
		rows = append(rows, traceRow{bet: int(v[0]), ratio: v[2] / v[1], accepted: rec[6] == "true", elapsed: v[3]})
	}
	return rows, nil
}

// Trajectory is the current genome's ratio to the baseline at the start and end of bet
// 0 (the first start, codegen's greedy order unless --start says otherwise), at the end
// of the best of the other bets, and at each tenth of the final run's evaluations, each
// the median over the window evaluations before it (after it, for a start), so one
// noisy comparison does not make a point.
func Trajectory(rows []traceRow, window int) []Point {
	med := func(rs []traceRow) float64 {
		xs := make([]float64, len(rs))
		for i, r := range rs {
			xs[i] = r.ratio
		}
		slices.Sort(xs)
		return (xs[(len(xs)-1)/2] + xs[len(xs)/2]) / 2
	}
	head := func(rs []traceRow) []traceRow { return rs[:min(window, len(rs))] }
	tail := func(rs []traceRow) []traceRow { return rs[max(0, len(rs)-window):] }
	var out []Point
	f := slices.IndexFunc(rows, func(r traceRow) bool { return r.bet == -1 })
	if f < 0 {
		f = 0 // a single run: no bets
	}
	best := Point{Ratio: -1, Accepted: -1}
	for s := 0; s < f; {
		e := s + 1
		for e < f && rows[e].bet == rows[s].bet {
			e++
		}
		bet := rows[s:e]
		end := Point{Label: fmt.Sprintf("bet %d end", rows[s].bet), Elapsed: bet[len(bet)-1].elapsed, Ratio: med(tail(bet)), Accepted: -1}
		if rows[s].bet == 0 {
			out = append(out, Point{Label: "bet 0 start", Elapsed: bet[0].elapsed, Ratio: med(head(bet)), Accepted: -1}, end)
		} else if best.Ratio < 0 || end.Ratio < best.Ratio {
			best = end
		}
		s = e
	}
	if best.Ratio >= 0 {
		best.Label = "best other bet: " + best.Label
		out = append(out, best)
	}
	n := len(rows) - f
	for k := 1; k <= 10 && n > 0; k++ {
		s, e := f+n*(k-1)/10, f+n*k/10-1
		if e < s {
			continue
		}
		acc := 0
		for _, r := range rows[s : e+1] {
			acc += boolInt(r.accepted)
		}
		out = append(out, Point{Label: fmt.Sprintf("%d/10", k), Elapsed: rows[e].elapsed, Ratio: med(tail(rows[f : e+1])),
			Accepted: float64(acc) / float64(e-s+1)})
	}
	return out
}
