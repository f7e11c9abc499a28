package search

import (
	"math/rand"
)

// randomProblem draws a DAG of n operations whose labels are shuffled (so that
// dependencies are not simply lower indices) and nd decisions of 1–4 options.
func randomProblem(rng *rand.Rand, n, nd int) Problem {
	label := rng.Perm(n)
	deps := make([][]int, n)
	for t := 1; t < n; t++ {
		for range rng.Intn(4) {
			deps[label[t]] = append(deps[label[t]], label[rng.Intn(t)])
		}
	}
	opts := make([]int, nd)
	for d := range opts {
		opts[d] = 1 + rng.Intn(4)
	}
	return Problem{Deps: deps, Options: opts}
}

// fakeCost is a deterministic cost: how far the order is from sorted plus the sum of the
// decisions, so lower is reachable by both mutations. It reports Used as given and
// counts calls.
type fakeCost struct {
	used   []int
	calls  int
	cands  []Genome // every candidate seen, when record is set
	record bool
}

func (f *fakeCost) score(g Genome) float64 {
	s := 100.0
	for k, op := range g.Order {
		s += float64(abs(op - k))
	}
	for _, c := range g.Decisions {
		s += float64(c)
	}
	return s
}

func (f *fakeCost) Compare(cand, best Genome) (Result, error) {
	f.calls++
	if f.record {
		f.cands = append(f.cands, cand.Clone())
	}
	return Result{Cand: f.score(cand), Best: f.score(best), Baseline: 200, Used: f.used}, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func allDecisions(n int) []int {
	u := make([]int, n)
	for i := range u {
		u[i] = i
	}
	return u
}
