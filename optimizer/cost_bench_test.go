package optimizer

import (
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// BenchmarkEvaluation is one optimize evaluation of p256 mul (generate, encode, load, time
// candidate + best + clang/gcc baseline over 31 batches, check outputs): ns/op is the
// inverse of evaluations/s. The candidates are successive mutations, as in a search.
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
	cost, err := newCost(Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"},
		Batches: 31, Options: search.Options{Seed: 1}, Baseline: native})
	if err != nil {
		b.Skip(err)
	}
	defer cost.Close()
	p := search.Problem{Deps: plan.Deps(), Options: plan.Options()}
	b.ResetTimer()
	_, err = search.Run(b.Context(), p, cost, search.Options{Evals: b.N, Bets: 1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
}
