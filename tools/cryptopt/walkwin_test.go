package main

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// TestWalkWindowMedians: under noise the window's medians stay at the walk's true score
// and ratio where the lowest reading (the old "best so far") falls well below them; the
// ring keeps only the last walkWindowSize comparisons, and a new bet starts afresh.
func TestWalkWindowMedians(t *testing.T) {
	w := newWalkWindow()
	rng := rand.New(rand.NewSource(1))
	lowest := 0.0
	for i := range 5000 {
		cur := 100 * (0.97 + 0.06*rng.Float64()) // true score 100, ±3% noise
		if i < 1000 {
			cur += 50 // the walk was slower long ago: out of the window by now
		}
		if lowest == 0 || cur < lowest {
			lowest = cur
		}
		w.add(search.Step{Bet: 3, Current: cur, Baseline: 125}, cur/125, true)
	}
	score, ratio := w.medians()
	require.InDelta(t, 100, score, 1)
	require.InDelta(t, 0.8, ratio, 0.01)
	require.Less(t, lowest, 97.5, "the lowest reading is optimistic by about the noise")
	require.Len(t, w.scores, walkWindowSize)

	w.add(search.Step{Bet: 4, Current: 80}, 0, false) // a new walk, no baseline yet
	score, ratio = w.medians()
	require.Equal(t, 80.0, score)
	require.Zero(t, ratio, "no comparable baseline in this walk yet")
	w.add(search.Step{Bet: 4, Current: 0}, 0, false) // unmeasured: ignored
	require.Len(t, w.scores, 1)
}
