package measure

import (
	"math/rand"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Spread is a median over repeated comparisons with the range the repeats covered.
type Spread struct{ Med, Lo, Hi float64 }

// SpreadOf summarises xs (at least one value; xs is not changed).
func SpreadOf(xs []float64) Spread {
	s := slices.Clone(xs)
	slices.Sort(s)
	return Spread{Med: quantile(s, 0.5), Lo: s[0], Hi: s[len(s)-1]}
}

// Repeat makes repeats comparisons of fns (each a Compare with rng) and returns each
// function's median per comparison, med[k][rep]. It is how `cryptopt bench` and the
// optimizer's final measurement both time code, so that the ratio a .S header quotes is
// one bench reproduces. each, when set, is called before every comparison.
func (t *Timer) Repeat(fns []Fn, f *ir.Func, rng *rand.Rand, repeats int, each func(rep int)) ([][]float64, error) {
	med := make([][]float64, len(fns))
	for rep := range repeats {
		if each != nil {
			each(rep)
		}
		stats, err := t.Compare(fns, f, rng)
		if err != nil {
			return nil, err
		}
		for k, s := range stats {
			med[k] = append(med[k], s.Median)
		}
	}
	return med, nil
}

// Ratios is med[a][rep]/med[b][rep] for every repeat: a ratio measured side by side,
// which cancels the drift of the machine between repeats.
func Ratios(med [][]float64, a, b int) []float64 {
	out := make([]float64, len(med[a]))
	for i := range out {
		out[i] = med[a][i] / med[b][i]
	}
	return out
}
