package search

import (
	"context"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestClassMutation: class sets every used decision of one class to one value and touches
// nothing else; the spill-like class -1 and classes that cannot change are refused.
func TestClassMutation(t *testing.T) {
	p := Problem{Deps: make([][]int, 4), Options: []int{3, 2, 2, 2, 2, 2}, Classes: []int{-1, 7, 7, 9, 7, 9}}
	tests := []struct {
		name   string
		used   []int
		start  []int
		change bool // whether some draw may change anything
	}{
		{"mixed classes", []int{0, 1, 2, 3, 4, 5}, []int{0, 0, 1, 0, 1, 1}, true},
		{"an unused decision of the class stays", []int{1, 3}, []int{2, 1, 0, 1, 0, 0}, true},
		{"only class -1 used", []int{0}, []int{1, 0, 0, 0, 0, 0}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, rng := newMutator(p), rand.New(rand.NewSource(3))
			changed := false
			for range 200 {
				s := newState(Genome{Order: []int{0, 1, 2, 3}, Decisions: slices.Clone(tc.start)})
				s.setUsed(tc.used, p.Options)
				if !m.class(s, rng) {
					require.Equal(t, tc.start, s.g.Decisions, "refused, yet changed")
					continue
				}
				changed = true
				diff := diffIndices(tc.start, s.g.Decisions)
				require.NotEmpty(t, diff)
				c, v := p.Classes[diff[0]], s.g.Decisions[diff[0]]
				for _, d := range diff {
					require.Equal(t, c, p.Classes[d], "two classes changed")
					require.Contains(t, tc.used, d, "an unused decision changed")
				}
				for _, d := range tc.used {
					if p.Classes[d] == c {
						require.Equal(t, v, s.g.Decisions[d], "decision %d of the class not set", d)
					}
				}
			}
			require.Equal(t, tc.change, changed)
		})
	}
}

// classTrap scores a genome 100 plus the number of its class-5 decisions that are 1, and
// 50 once all of them are: each one alone makes it slower, all together much faster.
type classTrap struct{ fakeCost }

func (c *classTrap) score(g Genome) float64 {
	ones := 0
	for _, v := range g.Decisions {
		ones += v
	}
	if ones == len(g.Decisions) {
		return 50
	}
	return 100 + float64(ones)
}

func (c *classTrap) Compare(cand, best Genome) (Result, error) {
	return Result{Cand: c.score(cand), Best: c.score(best), Baseline: 200, Used: c.used}, nil
}

// TestClassEscapesWhatDecideCannot: with the decisions in one class the search reaches the
// faster genome; as separate decisions (no Classes) a single change is always slower and
// the walk never gets there.
func TestClassEscapesWhatDecideCannot(t *testing.T) {
	const n = 6
	deps := make([][]int, 5)
	for _, tc := range []struct {
		name    string
		classes []int
		want    float64
	}{
		{"one class", slices.Repeat([]int{5}, n), 50},
		{"no classes", nil, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Problem{Deps: deps, Options: slices.Repeat([]int{2}, n), Classes: tc.classes}
			cost := &classTrap{fakeCost{used: allDecisions(n)}}
			start := Genome{Order: []int{0, 1, 2, 3, 4}, Decisions: make([]int, n)}
			out, err := Run(context.Background(), p, cost, Options{Evals: 400, Bets: 1, Seed: 4, Start: []Genome{start}})
			require.NoError(t, err)
			require.Equal(t, tc.want, cost.score(out.Best))
		})
	}
}
