package optimizer

import (
	"slices"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// BenchmarkPrepareP256Mul is the CPU work of preparing one search candidate of p256 mul,
// without timing it: Generate (DeferVerify), measure's validation with codegen's checks
// and encoding with a kept Encoder, as cost.build does. The candidates are a search's
// successive mutations, scored by their encoded size (a stand-in for cycles, so that the
// search walks as a real one does). Unlike BenchmarkEvaluation it runs nothing on the
// timing CPU, so it can be pinned (taskset -c 0) on a machine whose other CPU is busy.
// (cpuTime is process-wide: pinned, the GC's workers share the one CPU and count too.)
func BenchmarkPrepareP256Mul(b *testing.B) {
	f := catalogueFunc(b, "p256", "mul")
	plan, err := codegen.NewPlan(f)
	if err != nil {
		b.Fatal(err)
	}
	shape, err := measure.ShapeOf(f)
	if err != nil {
		b.Fatal(err)
	}
	gopts := codegen.Options{Symbol: "f", DeferVerify: true}
	check, enc := codegen.VerifyOptions(gopts), encode.NewEncoder()
	size := func(g search.Genome) (float64, []int, error) {
		prog, used, err := plan.Generate(g.Order, g.Decisions, gopts)
		if err != nil {
			return 0, nil, err
		}
		if err := abi.Validate(prog, abi.Shape(shape), check); err != nil {
			return 0, nil, err
		}
		code, err := enc.Encode(prog)
		return float64(len(code)), used, err
	}
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	sizeSearch(b, plan, size, b.N)
	// CPU time, not ns/op, is the figure to compare on a loaded machine (other processes
	// stretch the wall clock, not the process's CPU time).
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// sizeSearch runs a search of evals evaluations that scores genomes with size, each
// generated once: the best is the last best or the last candidate, which the real cost
// finds in its cache.
func sizeSearch(b *testing.B, plan *codegen.Plan, size func(search.Genome) (float64, []int, error), evals int) {
	var last [2]struct {
		g     search.Genome
		score float64
	}
	cost := search.CostFunc(func(cand, best search.Genome) (search.Result, error) {
		bs := -1.0
		for _, l := range last {
			if sameGenome(l.g, best) {
				bs = l.score
			}
		}
		c, used, err := size(cand)
		if err == nil && bs < 0 {
			bs, _, err = size(best)
		}
		last[0].g, last[0].score = best.Clone(), bs
		last[1].g, last[1].score = cand.Clone(), c
		return search.Result{Cand: c, Best: bs, Used: used}, err
	})
	p := search.Problem{Deps: plan.Deps(), Options: plan.Options(), Classes: plan.Classes()}
	if _, err := search.Run(b.Context(), p, cost, search.Options{Evals: evals, Bets: 1, Seed: 1}); err != nil {
		b.Fatal(err)
	}
}

func sameGenome(a, b search.Genome) bool {
	return slices.Equal(a.Order, b.Order) && slices.Equal(a.Decisions, b.Decisions)
}

// BenchmarkEncodeCandidatesP256Mul encodes, with one kept Encoder, the programs of the
// 2,000 successive candidates of BenchmarkPrepareP256Mul's search (ns/op is for all): the memo's hits on the
// instructions candidates share, and its misses on the ones a mutation changes.
func BenchmarkEncodeCandidatesP256Mul(b *testing.B) {
	f := catalogueFunc(b, "p256", "mul")
	plan, err := codegen.NewPlan(f)
	if err != nil {
		b.Fatal(err)
	}
	var progs []*x86.Program
	gopts, gen := codegen.Options{Symbol: "f", DeferVerify: true}, encode.NewEncoder()
	sizeSearch(b, plan, func(g search.Genome) (float64, []int, error) {
		prog, used, err := plan.Generate(g.Order, g.Decisions, gopts)
		if err != nil {
			return 0, nil, err
		}
		progs = append(progs, prog)
		code, err := gen.Encode(prog)
		return float64(len(code)), used, err
	}, 2000)
	enc := encode.NewEncoder()
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for b.Loop() {
		for _, prog := range progs {
			if _, err := enc.Encode(prog); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*len(progs)), "cpu-ns/program")
}
