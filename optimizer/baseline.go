package optimizer

import (
	"errors"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
)

// BaselineRepeats is how many interleaved comparisons FasterBaseline makes: as many as
// the final measurement, so the pick is as sure as the ratio the header will quote.
const BaselineRepeats = FinalRepeats

// Choice is FasterBaseline's pick.
type Choice struct {
	Index int // the faster baseline
	// Rel is each baseline's median ratio of its time to the pick's, over the
	// comparisons (1 for the pick itself): how much slower each of the others was.
	Rel []float64
}

// BaselineTiming is how FasterBaseline times: the search's own settings, so the pick is
// made the way the search will compare against it.
type BaselineTiming struct {
	Batches  int         // per comparison
	Repeats  int         // comparisons (0: BaselineRepeats)
	Seed     int64       // the inputs' generator
	Aliasing ir.Aliasing // ir.AliasOut1Arg1 when the search calls with out1 == arg1
}

// FasterBaseline times compiled baselines of f side by side (interleaved comparisons on
// a pinned runner, every output checked against f) and picks the faster: the one whose
// per-comparison ratios to the first baseline have the lowest median. Ratios measured
// within one comparison cancel the drift between comparisons, which a shared VM has.
// A search scored against the faster compiler is held to the issue's real bar ("faster
// than the faster of gcc and clang"), not to whichever compiler happened to be chosen.
func FasterBaseline(f *ir.Func, bs []*measure.Native, tm BaselineTiming) (Choice, error) {
	switch len(bs) {
	case 0:
		return Choice{}, errors.New("optimizer: no baseline to choose from")
	case 1:
		return Choice{Rel: []float64{1}}, nil
	}
	runner, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		return Choice{}, err
	}
	defer runner.Close()
	timer, err := measure.NewTimer(runner, measure.TimerOptions{Batches: tm.Batches, Aliasing: tm.Aliasing, Seed: tm.Seed})
	if err != nil {
		return Choice{}, err
	}
	fns := make([]measure.Fn, len(bs))
	for k, b := range bs {
		fns[k] = b.Fn()
	}
	repeats := tm.Repeats
	if repeats <= 0 {
		repeats = BaselineRepeats
	}
	med, err := timer.Repeat(fns, f, rand.New(rand.NewSource(tm.Seed)), repeats, nil)
	if err != nil {
		return Choice{}, err
	}
	return pickFaster(med), nil
}

// pickFaster chooses from med[k][rep] (each baseline's median per comparison) the
// baseline with the lowest median ratio to baseline 0, and expresses every baseline
// against it.
func pickFaster(med [][]float64) Choice {
	best, bestRel := 0, 1.0
	for k := 1; k < len(med); k++ {
		if r := measure.SpreadOf(measure.Ratios(med, k, 0)).Med; r < bestRel {
			best, bestRel = k, r
		}
	}
	c := Choice{Index: best, Rel: make([]float64, len(med))}
	for k := range med {
		c.Rel[k] = 1
		if k != best {
			c.Rel[k] = measure.SpreadOf(measure.Ratios(med, k, best)).Med
		}
	}
	return c
}
