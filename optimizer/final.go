package optimizer

import (
	"fmt"
	"math/rand"
	"strings"

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
	// Baseline is the baseline Ratio is quoted against: 0 is Config.Baseline (the search's),
	// k > 0 is Config.OtherBaselines[k-1]. All are timed beside the winner in the same
	// comparisons and the faster there is quoted (pickFaster's rule), as bench would.
	Baseline int
	// BaselineRel is each baseline's median ratio to the quoted one in the final
	// measurement (1 for it), in Baseline's numbering; nil with one baseline.
	BaselineRel []float64
	Timed       int // batches timed by the run (search and final)
	Redone      int // outlier batches re-run among them
	Untimed     int // comparisons not timed: the candidate's code was the best's
	// Slower: under the cycles objective, the final measurement found the winner slower
	// than the quoted baseline (Ratio > 1). The size objective trades speed away by request.
	Slower bool
}

// final races the finalists (under the cycles objective without a cap, unless the race
// is off), then measures the winner against every baseline FinalRepeats times, and puts
// the winner, its final cycles and the quoted baseline's into out.
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
	fns := append(c.withBaseline(b.fn), c.others...)
	med, err := c.timer.Repeat(fns, c.ref, rng, FinalRepeats, nil)
	if err != nil {
		return fin, fmt.Errorf("final measurement: %w", err)
	}
	out.Cycles, out.Baseline = fin.quote(med, c.obj)
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

// quote sets the ratio, the quoted baseline and the verdict from the final measurement's
// medians med[k][rep] (row 0 the winner, then the baselines in Final.Baseline's
// numbering), and returns the winner's and the quoted baseline's median cycles (0
// without a baseline). The quoted baseline is the faster in this measurement, chosen as
// FasterBaseline chose before the search (ties keep the search's): the bar is the
// faster compiler, and bench, which times them all, must reproduce the ratio.
func (fin *Final) quote(med [][]float64, obj Objective) (cycles, base float64) {
	cycles = measure.SpreadOf(med[0]).Med
	if len(med) < 2 {
		return cycles, 0
	}
	ch := pickFaster(med[1:])
	fin.Baseline = ch.Index
	if len(ch.Rel) > 1 {
		fin.BaselineRel = ch.Rel
	}
	fin.Ratio = measure.SpreadOf(measure.Ratios(med, 0, 1+ch.Index)).Med
	fin.Slower = obj == Cycles && fin.Ratio > 1
	return cycles, measure.SpreadOf(med[1+ch.Index]).Med
}

// finalChoiceLine is the report's account of the final measurement's choice among
// several baselines ("" with one): the quoted one, whether it is the search's, and the
// others' time relative to it.
func finalChoiceLine(names []string, fin Final) string {
	if len(fin.BaselineRel) < 2 {
		return ""
	}
	var others []string
	for k, n := range names {
		switch {
		case k == fin.Baseline:
		case k == 0:
			others = append(others, fmt.Sprintf("%s, picked before the search, was %.3fx its time", n, fin.BaselineRel[k]))
		default:
			others = append(others, fmt.Sprintf("%s %.3fx its time", n, fin.BaselineRel[k]))
		}
	}
	verb := "kept"
	if fin.Baseline != 0 {
		verb = "re-chosen"
	}
	return fmt.Sprintf("baseline %s in the final measurement: %s, the faster in %d side-by-side comparisons with the winner (%s)\n",
		verb, names[fin.Baseline], FinalRepeats, strings.Join(others, "; "))
}

// baselineNames names Config.Baseline and Config.OtherBaselines in Final.Baseline's
// numbering.
func baselineNames(cfg Config) []string {
	names := []string{cfg.BaselineName}
	for _, b := range cfg.OtherBaselines {
		names = append(names, b.Name)
	}
	return names
}
