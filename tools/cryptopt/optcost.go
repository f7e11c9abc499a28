package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// timedCost is the search.Cost of optimize: it generates a genome's code and times it on
// this CPU side by side with the current best and the compiler baseline (one
// measure.Timer.Compare call, outputs checked against the reference interpreter).
type timedCost struct {
	plan     *codegen.Plan
	gopts    codegen.Options
	runner   *measure.Runner
	timer    *measure.Timer
	enc      *encode.Encoder
	ref      *ir.Func // the reference the outputs are checked against
	shape    measure.Shape
	baseline measure.Fn // zero Fn without a baseline
	fns      []measure.Fn
	used     []int
	best     loaded // code of the genome last compared as the best
	cand     loaded // code of the last candidate
}

// loaded is a genome's generated and loaded code.
type loaded struct {
	order, dec []int
	fn         measure.Fn
}

func (l *loaded) is(g search.Genome) bool {
	return !l.fn.IsZero() && slices.Equal(l.order, g.Order) && slices.Equal(l.dec, g.Decisions)
}

// costConfig is what newTimedCost needs.
type costConfig struct {
	plan     *codegen.Plan
	gopts    codegen.Options
	ref      *ir.Func
	batches  int
	seed     int64
	baseline *measure.Native // nil: no baseline
}

func newTimedCost(cfg costConfig) (*timedCost, error) {
	shape, err := measure.ShapeOf(cfg.ref)
	if err != nil {
		return nil, err
	}
	shape.Alias = cfg.gopts.Aliasing == ir.AliasOut1Arg1
	runner, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		return nil, err
	}
	timer, err := measure.NewTimer(runner, measure.TimerOptions{Batches: cfg.batches, Aliasing: cfg.gopts.Aliasing, Seed: cfg.seed})
	if err != nil {
		runner.Close()
		return nil, err
	}
	c := &timedCost{plan: cfg.plan, gopts: cfg.gopts, runner: runner, timer: timer,
		enc: encode.NewEncoder(), ref: cfg.ref, shape: shape}
	if cfg.baseline != nil {
		c.baseline = cfg.baseline.Fn()
	}
	return c, nil
}

func (c *timedCost) Close() error { return c.runner.Close() }

// Compare implements search.Cost.
func (c *timedCost) Compare(cand, best search.Genome) (search.Result, error) {
	if !c.best.is(best) {
		if c.cand.is(best) { // the last candidate was accepted
			c.best, c.cand = c.cand, c.best
		} else if _, err := c.load(&c.best, best); err != nil {
			return search.Result{}, fmt.Errorf("current best: %w", err)
		}
	}
	applied, err := c.load(&c.cand, cand)
	if err != nil {
		return search.Result{}, err
	}
	c.fns = append(c.fns[:0], c.cand.fn, c.best.fn)
	if !c.baseline.IsZero() {
		c.fns = append(c.fns, c.baseline)
	}
	stats, err := c.timer.Compare(c.fns, c.ref, nil)
	if err != nil {
		return search.Result{}, err
	}
	// A decision whose choice codegen overrode did not shape the code: mutating it is a
	// wasted evaluation, so only the applied ones are offered to the decide mutation.
	c.used = c.used[:0]
	for d, v := range applied {
		if v == cand.Decisions[d] {
			c.used = append(c.used, d)
		}
	}
	r := search.Result{Cand: stats[0].Median, Best: stats[1].Median, Used: c.used}
	if len(stats) > 2 {
		r.Baseline = stats[2].Median
	}
	return r, nil
}

// load generates and loads g's code into l, returning the decisions codegen applied.
func (c *timedCost) load(l *loaded, g search.Genome) ([]int, error) {
	prog, applied, err := c.plan.Generate(g.Order, g.Decisions, c.gopts)
	if err != nil {
		return nil, err
	}
	fn, err := c.runner.LoadWith(c.enc, prog, c.shape)
	if err != nil {
		return nil, err
	}
	l.order = append(l.order[:0], g.Order...)
	l.dec = append(l.dec[:0], g.Decisions...)
	l.fn = fn
	return applied, nil
}

// compileBaseline compiles the project's C for f with compiler ("auto": clang-19, clang,
// else gcc) at -O3 -march=native, and names it for reports.
func compileBaseline(f *ir.Func, compiler string) (*measure.Native, string, error) {
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
