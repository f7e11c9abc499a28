package optimizer

import (
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// BenchmarkEvaluation is one optimize evaluation of p256 mul (generate, encode, load, time
// candidate + best + clang/gcc baseline over 31 batches, check outputs): ns/op is the
// inverse of evaluations/s. The candidates are successive mutations, as in a search.
// "plain" hides the cost's Prepare, so code generation and timing alternate on one
// goroutine; "speculative" prepares the next candidates while one is timed. With
// -count N the two alternate, so both see the same stretch of the machine's load.
func BenchmarkEvaluation(b *testing.B) {
	if testing.Short() {
		b.Skip("measures real code")
	}
	f := catalogueFunc(b, "p256", "mul")
	plan, err := codegen.NewPlan(f)
	if err != nil {
		b.Fatal(err)
	}
	native, _, err := CompileBaseline(f, "auto")
	if err != nil {
		b.Skip(err)
	}
	defer native.Close()
	p := search.Problem{Deps: plan.Deps(), Options: plan.Options()}
	for _, mode := range []string{"plain", "speculative"} {
		b.Run(mode, func(b *testing.B) {
			c, err := newCost(Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"},
				Batches: 31, Options: search.Options{Seed: 1}, Baseline: native})
			if err != nil {
				b.Skip(err)
			}
			defer c.Close()
			var sc search.Cost = c
			if mode == "plain" {
				sc = search.CostFunc(c.Compare)
			}
			b.ResetTimer()
			if _, err := search.Run(b.Context(), p, sc, search.Options{Evals: b.N, Bets: 1, Seed: 1}); err != nil {
				b.Fatal(err)
			}
		})
	}
}
