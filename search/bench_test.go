package search

import (
	"context"
	"math/rand"
	"testing"
)

// BenchmarkSearchStep measures the search's own cost per evaluation (mutation and
// bookkeeping) with a free Cost: it must stay negligible next to a measurement (~1 ms).
func BenchmarkSearchStep(b *testing.B) {
	p := randomProblem(rand.New(rand.NewSource(1)), 200, 40)
	cost := CostFunc(func(cand, best Genome) (Result, error) {
		return Result{Cand: 1, Best: 1, Used: nil}, nil
	})
	b.ReportAllocs()
	b.ResetTimer()
	_, err := Run(context.Background(), p, cost, Options{Evals: b.N, Bets: 1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
}
