package main

import (
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// walkWindowSize is how many comparisons walkWindow keeps: about a tenth of a second of
// search, enough for the median to settle, short enough to follow the walk.
const walkWindowSize = 256

// walkWindow keeps the current walk's last comparisons: the current genome's score and
// its ratio to the baseline in each. The progress line shows their medians. The lowest
// score ever seen, which it showed before, is a minimum over noisy samples: at the end of
// a 60 s search of p256 mul (znver5) it read 0.38 of the baseline where the final race
// measured the walk's genome at 0.71; the window's median read 0.70 (docs/search.md).
type walkWindow struct {
	bet            int
	scores, ratios []float64 // rings, filled up to walkWindowSize
	si, ri         int       // next slot of each ring once full
	scratch        []float64
}

func newWalkWindow() *walkWindow {
	return &walkWindow{bet: -2, scores: make([]float64, 0, walkWindowSize), ratios: make([]float64, 0, walkWindowSize)}
}

// add records step s (ratio when the step has a comparable baseline); a new bet is a new
// walk and starts the window afresh.
func (w *walkWindow) add(s search.Step, ratio float64, ok bool) {
	if s.Bet != w.bet {
		w.bet, w.scores, w.ratios, w.si, w.ri = s.Bet, w.scores[:0], w.ratios[:0], 0, 0
	}
	if s.Current <= 0 {
		return
	}
	w.scores, w.si = push(w.scores, w.si, s.Current)
	if ok {
		w.ratios, w.ri = push(w.ratios, w.ri, ratio)
	}
}

// push appends v to ring r (overwriting slot i once full) and returns the ring and the
// next slot.
func push(r []float64, i int, v float64) ([]float64, int) {
	if len(r) < walkWindowSize {
		return append(r, v), 0
	}
	r[i] = v
	return r, (i + 1) % walkWindowSize
}

// medians are the window's median score and ratio (0 when it has none).
func (w *walkWindow) medians() (score, ratio float64) {
	return w.median(w.scores), w.median(w.ratios)
}

func (w *walkWindow) median(r []float64) float64 {
	if len(r) == 0 {
		return 0
	}
	w.scratch = append(w.scratch[:0], r...)
	slices.Sort(w.scratch)
	return w.scratch[len(w.scratch)/2]
}
