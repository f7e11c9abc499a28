package optimizer

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// cost is the search.Cost of a run. It generates a genome's code and times it on this CPU
// side by side with the current best and the compiler baseline (one measure.Timer.Compare
// call, outputs checked against the reference interpreter); under the size objective or a
// byte cap, the encoded size decides first (see compareSized).
type cost struct {
	plan        *codegen.Plan
	gopts       codegen.Options
	runner      *measure.Runner
	timer       *measure.Timer
	cache       codeCache // generated code of recent genomes (see pipeline.go)
	ref         *ir.Func  // the reference the outputs are checked against
	shape       measure.Shape
	check       abi.Options  // what measure validates before a candidate runs (codegen's checks)
	baseline    measure.Fn   // zero Fn without a baseline
	others      []measure.Fn // Config.OtherBaselines: timed by the final measurement only
	fns         []measure.Fn
	obj         Objective
	maxBytes    int
	raceRepeats int     // comparisons of the final race (0: no race)
	lastBest    float64 // under a cap: the best's last measured score, 0 before any timing
	lastBase    float64 // the baseline's last measured score
	untimed     int     // comparisons skipped: the candidate's code was the best's
}

// newCost prepares the timing of cfg's candidates (with cfg.Baseline beside them).
func newCost(cfg Config) (*cost, error) {
	shape, err := measure.ShapeOf(cfg.Func)
	if err != nil {
		return nil, err
	}
	shape.Alias = cfg.Codegen.Aliasing == ir.AliasOut1Arg1
	runner, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		return nil, err
	}
	timer, err := measure.NewTimer(runner, measure.TimerOptions{Batches: cfg.Batches, Aliasing: cfg.Codegen.Aliasing, Seed: cfg.Seed})
	if err != nil {
		runner.Close()
		return nil, err
	}
	c := &cost{plan: cfg.Plan, gopts: cfg.Codegen, runner: runner, timer: timer,
		ref: cfg.Func, shape: shape, obj: cfg.Objective, maxBytes: cfg.MaxBytes, raceRepeats: max(cfg.Race, 0)}
	if c.obj != Size {
		// Every candidate is loaded, and measure validates it with codegen's own checks
		// before it runs: the verify pass would run the same validator a second time.
		c.gopts.DeferVerify = true
		c.check = codegen.VerifyOptions(cfg.Codegen)
	}
	if cfg.Race == 0 {
		c.raceRepeats = RaceRepeats
	}
	c.cache.encs = make(chan *encode.Encoder, 2)
	if cfg.Baseline != nil {
		c.baseline = cfg.Baseline.Fn()
	}
	for _, b := range cfg.OtherBaselines {
		c.others = append(c.others, b.Native.Fn())
	}
	return c, nil
}

func (c *cost) Close() error { return c.runner.Close() }

// Compare implements search.Cost.
func (c *cost) Compare(cand, best search.Genome) (search.Result, error) {
	if c.obj == Size || c.maxBytes > 0 {
		return c.compareSized(cand, best)
	}
	return c.compareTimed(cand, best)
}

// compareTimed times cand, best and the baseline side by side.
func (c *cost) compareTimed(cand, best search.Genome) (search.Result, error) {
	b, err := c.loaded(best)
	if err != nil {
		return search.Result{}, fmt.Errorf("current best: %w", err)
	}
	k, err := c.loaded(cand)
	if err != nil {
		return search.Result{}, err
	}
	if b.score > 0 && k.prog.SameCode(b.prog) {
		// A mutation that changes nothing codegen emits (14–25 % of them on small
		// functions) would only time the same bytes twice: it scores as the best.
		c.untimed++
		return search.Result{Cand: b.score, Best: b.score, Baseline: c.lastBase, Used: k.used}, nil
	}
	c.fns = append(append(c.fns[:0], k.fn, b.fn), c.withBaseline()...)
	var sp measure.Sparse
	if len(c.fns) > 2 {
		sp = measure.Sparse{Fn: 2, Every: BaselineEvery}
	}
	stats, err := c.timer.CompareSparse(c.fns, c.ref, nil, sp)
	if err != nil {
		return search.Result{}, err
	}
	r := search.Result{Cand: stats[0].Median, Best: stats[1].Median, Used: k.used}
	if len(stats) > 2 {
		r.Baseline = stats[2].Median
	}
	k.score, b.score, c.lastBase = r.Cand, r.Best, r.Baseline
	return r, nil
}

// BaselineEvery: in a search comparison the compiler baseline is timed in every
// BaselineEvery-th batch only (measure.Sparse). Accepting or rejecting compares candidate
// and best, timed in every batch as before; the baseline's median over 11 of 31 batches
// only turns scores into the ratios that rank records and bets, and skipping it in the
// others cuts a p256 mul comparison's ticks by about a third (the baseline, the slowest,
// took half of them). The final race and bench time it in every batch.
const BaselineEvery = 3

// usedDecisions appends to dst the decisions of g whose choice codegen applied. A
// decision codegen overrode did not shape the code: mutating it is a wasted evaluation,
// so only the applied ones are offered to the decide mutation.
func usedDecisions(dst, applied []int, g search.Genome) []int {
	for d, v := range applied {
		if v == g.Decisions[d] {
			dst = append(dst, d)
		}
	}
	return dst
}

// CompileBaseline compiles the project's C for f with compiler ("auto": clang-19, clang,
// else gcc) at -O3 -march=native, and names it for reports. The caller closes it.
func CompileBaseline(f *ir.Func, compiler string) (*measure.Native, string, error) {
	if compiler == "auto" {
		compiler = measure.DefaultCompiler()
	}
	if _, err := exec.LookPath(compiler); err != nil {
		return nil, "", fmt.Errorf("baseline compiler %q not found", compiler)
	}
	sym := "cryptopt_baseline_" + strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, f.Name)
	csrc, err := cemit.Emit(f, sym)
	if err != nil {
		return nil, "", err
	}
	n, err := measure.CompileC(csrc, sym, compiler, nil)
	if err != nil {
		return nil, "", err
	}
	return n, compiler + " " + strings.Join(measure.DefaultFlags, " "), nil
}
