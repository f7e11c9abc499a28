package optimizer

import (
	"syscall"
	"testing"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// BenchmarkEvaluation is one optimize evaluation of p256 mul (generate, encode, load, time
// candidate + best + clang/gcc baseline over 31 batches, check outputs): ns/op is the
// inverse of evaluations/s. The candidates are successive mutations, as in a search.
// b.N evaluations run in each of two modes, alternating in chunks so that both see the
// same stretch of the machine's load: "plain" hides the cost's Prepare (code generation
// and timing alternate on one goroutine), "spec" prepares the next candidates while one
// is timed. The metrics are each mode's evaluations/s and process CPU time per evaluation.
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
	var costs [2]*cost
	for i := range costs {
		if costs[i], err = newCost(Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"},
			Batches: 31, Options: search.Options{Seed: 1}, Baseline: native}); err != nil {
			b.Skip(err)
		}
		defer costs[i].Close()
	}
	var wall, cpu [2]time.Duration
	const chunk = 100
	b.ResetTimer()
	for done, seed := 0, int64(1); done < b.N; seed++ {
		n := min(chunk, b.N-done)
		for i, c := range costs {
			var sc search.Cost = c
			if i == 0 {
				sc = search.CostFunc(c.Compare) // plain: no Prepare
			}
			t0, c0 := time.Now(), cpuTime()
			detach, err := c.runner.Attach() // as Run does
			if err != nil {
				b.Fatal(err)
			}
			_, err = search.Run(b.Context(), p, sc, search.Options{Evals: n, Bets: 1, Seed: seed})
			detach()
			if err != nil {
				b.Fatal(err)
			}
			wall[i] += time.Since(t0)
			cpu[i] += cpuTime() - c0
		}
		done += n
	}
	for i, mode := range []string{"plain", "spec"} {
		b.ReportMetric(float64(b.N)/wall[i].Seconds(), mode+"-evals/s")
		b.ReportMetric(float64(cpu[i].Microseconds())/float64(b.N), mode+"-cpu-µs/eval")
	}
}

// cpuTime is the process's user + system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
