package optimizer

import (
	"fmt"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// FinalRepeats is how many comparisons of the winner and the baseline the final
// measurement makes: bench's default, so `cryptopt bench` on the written file repeats the
// measurement the header quotes (same Timer, same batches, same baseline build).
const FinalRepeats = 7

// RaceRepeats is how many comparisons the final race of the finalists and the baseline
// makes by default (Config.Race): at ~1 ms each, far longer than any single comparison
// of the search, whose "not slower" under noise lets the walk drift past good genomes.
const RaceRepeats = 15

// Final is the run's closing measurement, made after the search, in the same way bench
// times a file: the search's scores were each one comparison and the winner's was
// selected for being low, so it overstated the speedup.
type Final struct {
	Finalists int // genomes raced (1: no race)
	Winner    int // index of the race's winner in Outcome.Finalists (0: the search's best)
	Repeats   int // the race's interleaved comparisons (0: no race)
	// RaceRatios is each finalist's median ratio to the baseline in the race (to finalist
	// 0 without one), in Outcome.Finalists order: how far the search's best had
	// drifted from its run's earlier records.
	RaceRatios []float64
	Ratio      float64 // median over FinalRepeats of the winner's cycles / the baseline's (0: no baseline)
	Timed      int     // batches timed by the run (search and final)
	Redone     int     // outlier batches re-run among them
	Untimed    int     // comparisons not timed: the candidate's code was the best's
	// Slower: under the cycles objective, the final measurement found the winner slower
	// than the baseline (Ratio > 1). The size objective trades speed away by request.
	Slower bool
}

// final races the finalists (under the cycles objective without a cap, unless the race
// is off), then measures the winner against the baseline FinalRepeats times, and puts
// the winner and its final cycles into out.
func (c *cost) final(out *search.Outcome, seed int64) (Final, error) {
	fin := Final{Finalists: 1}
	rng := rand.New(rand.NewSource(seed))
	if c.obj == Cycles && c.maxBytes == 0 && c.raceRepeats > 0 && len(out.Finalists) > 1 {
		w, ratios, err := c.race(out.Finalists, rng)
		if err != nil {
			return fin, err
		}
		fin.Finalists, fin.Winner, fin.Repeats, fin.RaceRatios = len(out.Finalists), w, c.raceRepeats, ratios
		out.Best = out.Finalists[w].Clone()
	}
	b, err := c.loaded(out.Best)
	if err != nil {
		return fin, fmt.Errorf("final measurement: %w", err)
	}
	fns := c.withBaseline(b.fn)
	med, err := c.timer.Repeat(fns, c.ref, rng, FinalRepeats, nil)
	if err != nil {
		return fin, fmt.Errorf("final measurement: %w", err)
	}
	out.Cycles, out.Baseline = measure.SpreadOf(med[0]).Med, 0
	if len(med) > 1 {
		out.Baseline = measure.SpreadOf(med[1]).Med
		fin.Ratio = measure.SpreadOf(measure.Ratios(med, 0, 1)).Med
		fin.Slower = c.obj == Cycles && fin.Ratio > 1
	}
	fin.Timed, fin.Redone = c.timer.Outliers()
	fin.Untimed = c.untimed
	return fin, nil
}

// race times the finalists and the baseline side by side c.raceRepeats times and returns
// the index of the finalist with the lowest median ratio to the baseline (to finalist 0
// without one), and each finalist's median. Ties keep the earlier finalist, the search's
// best first.
func (c *cost) race(finalists []search.Genome, rng *rand.Rand) (int, []float64, error) {
	fns := make([]measure.Fn, len(finalists))
	for i, g := range finalists {
		l, err := c.loaded(g)
		if err != nil {
			return 0, nil, fmt.Errorf("final race, finalist %d: %w", i, err)
		}
		fns[i] = l.fn
	}
	fns = c.withBaseline(fns...)
	med, err := c.timer.Repeat(fns, c.ref, rng, c.raceRepeats, nil)
	if err != nil {
		return 0, nil, fmt.Errorf("final race: %w", err)
	}
	ref := 0
	if !c.baseline.IsZero() {
		ref = len(fns) - 1
	}
	best, scores := 0, make([]float64, len(finalists))
	for i := range finalists {
		scores[i] = measure.SpreadOf(measure.Ratios(med, i, ref)).Med
		if scores[i] < scores[best] {
			best = i
		}
	}
	return best, scores, nil
}

// withBaseline is fns followed by the baseline when there is one.
func (c *cost) withBaseline(fns ...measure.Fn) []measure.Fn {
	if !c.baseline.IsZero() {
		fns = append(fns, c.baseline)
	}
	return fns
}
