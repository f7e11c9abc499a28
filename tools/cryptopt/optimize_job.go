package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// optimizeJob is one optimize run after its inputs were checked.
type optimizeJob struct {
	ctx      context.Context // cancelled by Ctrl-C
	env      *cliEnv
	o        *optimizeFlags
	cpu      uarch.Info
	src      *source
	plan     *codegen.Plan
	gopts    codegen.Options
	files    optFiles
	baseName string // the baseline as reports name it, "" without one
	startG   []search.Genome
}

// startGenomes resolves --start: codegen's greedy order (all decisions 0), nothing
// (random), or a genome file of this function.
func (j *optimizeJob) startGenomes() ([]search.Genome, error) {
	switch j.o.start {
	case "random":
		return nil, nil
	case "greedy":
		return []search.Genome{{Order: j.plan.GreedyOrder(), Decisions: make([]int, len(j.plan.Options()))}}, nil
	}
	gf, err := readGenome(j.o.start, "--start", j.plan)
	if err != nil {
		return nil, err
	}
	return []search.Genome{gf.Genome}, nil
}

// run compiles the baseline, searches, and writes the outputs into the staged files. It
// returns the printing of the report, to run once the files are committed.
func (j *optimizeJob) run() (func() error, error) {
	start, err := j.startGenomes()
	if err != nil {
		return nil, err
	}
	j.startG = start
	var native *measure.Native
	if j.o.baseline != "none" {
		if native, j.baseName, err = compileBaseline(j.src.Func, j.o.baseline); err != nil {
			return nil, oneLine(err)
		}
		defer native.Close()
	}
	cost, err := newTimedCost(costConfig{plan: j.plan, gopts: j.gopts, ref: j.src.Func,
		batches: j.o.batches, seed: j.o.seed, baseline: native})
	if err != nil {
		return nil, err
	}
	defer cost.Close()
	var objective search.Cost = cost
	sized := &sizedCost{timed: cost, obj: j.o.obj}
	if j.o.obj.active() {
		objective = sized
	}
	out, elapsed, tr, err := j.search(objective)
	if err != nil {
		return nil, j.failure(err)
	}
	if err := sized.measureWinner(&out); err != nil {
		return nil, err
	}
	return j.write(out, elapsed, tr)
}

// search runs the search with progress and trace recording, stopping cleanly on Ctrl-C.
func (j *optimizeJob) search(cost search.Cost) (search.Outcome, time.Duration, *trace, error) {
	var traceW io.Writer
	if j.files.trace != nil { // not a nil *Output in an io.Writer
		traceW = j.files.trace
	}
	tr := newTrace(traceW, j.o.evals)
	prog := newProgress(j.env.stderr, j.o.evals, j.o.timeLimit, j.baseName)
	prog.bySize = j.o.obj.objective == "size"
	start := time.Now()
	problem := search.Problem{Deps: j.plan.Deps(), Options: j.plan.Options()}
	out, err := search.Run(j.ctx, problem, cost, search.Options{
		Evals: j.o.evals, Bets: j.o.bets, BetRatio: j.o.betRatio, Seed: j.o.seed, TimeLimit: j.o.timeLimit,
		Duel: j.o.duel, Start: j.startG,
		Observe: func(s search.Step) {
			tr.add(s, time.Since(start))
			prog.update(s)
		},
	})
	elapsed := time.Since(start)
	if err == nil {
		prog.finish(out)
	}
	return out, elapsed, tr, err
}

// failure turns a failed evaluation into a one-line error naming a saved genome that
// reproduces it (a wrong output or a refused program is a code generation bug).
func (j *optimizeJob) failure(err error) error {
	var ee *search.EvalError
	if !errors.As(err, &ee) {
		return err
	}
	data, merr := search.File{Func: j.plan.Func().Name, IRHash: j.plan.Func().Hash(), Genome: ee.Genome}.Marshal()
	f, ferr := os.CreateTemp("", "cryptopt-bug-*.json")
	if merr != nil || ferr != nil {
		return fmt.Errorf("code generation bug: %w (genome could not be saved)", err)
	}
	defer f.Close()
	if _, werr := f.Write(data); werr != nil {
		return fmt.Errorf("code generation bug: %w (genome could not be saved)", err)
	}
	return fmt.Errorf("code generation bug: %w (genome saved to %s; reproduce with 'cryptopt compile --genome %s')",
		err, f.Name(), f.Name())
}

// write emits the winner and the requested files into their staged outputs, and returns
// the printing of the report.
func (j *optimizeJob) write(out search.Outcome, elapsed time.Duration, tr *trace) (func() error, error) {
	prog, _, err := j.plan.Generate(out.Best.Order, out.Best.Decisions, j.gopts)
	if err != nil {
		return nil, fmt.Errorf("generating the winner: %w", err)
	}
	// The IR the genome indexes is the plan's (machine form): compile and emit check it.
	gf := search.File{Func: j.plan.Func().Name, IRHash: j.plan.Func().Hash(), Genome: out.Best,
		Uarch: j.cpu.Tag, CPU: j.cpu.Model, Seed: j.o.seed, Evals: out.Evals, Cycles: measuredCycles(out.Cycles),
		Baseline: j.baseName, BaseCycles: measuredCycles(out.Baseline)}
	if err := j.o.obj.admit(prog); err != nil {
		return nil, err
	}
	facts, err := codeFacts(prog, j.gopts)
	if err != nil {
		return nil, err
	}
	prog.Header = append(asmHeader{Command: "optimize", Func: gf.Func, IRHash: gf.IRHash,
		GenomeHash: out.Best.Hash(), CPU: gf.CPU, Uarch: gf.Uarch, Seed: gf.Seed,
		Evals: gf.Evals, Cycles: gf.Cycles, Baseline: gf.Baseline, BaseCyc: gf.BaseCycles}.lines(), facts...)
	asm, err := printAsm(j.o.syntax, prog, len(j.plan.Func().Params))
	if err != nil {
		return nil, err
	}
	j.files.asm.Write(asm)
	if p := j.files.genome; p != nil {
		data, err := gf.Marshal()
		if err != nil {
			return nil, err
		}
		p.Write(data)
	}
	if err := tr.flush(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", outfile.Clip(j.o.traceOut), err)
	}
	if p := j.files.plot; p != nil {
		title := fmt.Sprintf("%s on %s (seed %d)", j.src.Func.Name, j.cpu.Tag, j.o.seed)
		if err := writePlot(p, title, tr.best, tr.baseline); err != nil {
			return nil, err
		}
	}
	w := j.files.reportTo(j.env)
	return func() error {
		if err := j.report(w, out, elapsed); err != nil {
			return err
		}
		_, err := fmt.Fprintf(w, "objective: %s\n%s\n", j.o.obj.objective, facts[0])
		return err
	}, nil
}

// report prints the outcome in "key: value" lines (the Bazel rule keeps them).
func (j *optimizeJob) report(w io.Writer, out search.Outcome, elapsed time.Duration) error {
	var b strings.Builder
	j.reportTo(&b, out, elapsed)
	_, err := io.WriteString(w, b.String())
	return err
}

// reportTo renders the report.
func (j *optimizeJob) reportTo(w io.Writer, out search.Outcome, elapsed time.Duration) {
	fmt.Fprintf(w, "function: %s\n", j.src.Func.Name)
	fmt.Fprintf(w, "cpu: %s (%s)\n", j.cpu.Model, j.cpu.Tag)
	fmt.Fprintf(w, "seed: %d\n", j.o.seed)
	fmt.Fprintf(w, "evaluations: %d in %s (%.0f/s), stopped by %s\n", out.Evals,
		elapsed.Round(time.Millisecond), float64(out.Evals)/max(elapsed.Seconds(), 1e-9), out.Stop)
	if len(out.Bets) > 0 {
		fmt.Fprintf(w, "bets: %d run, bet %d continued\n", len(out.Bets), out.Winner)
	}
	if j.o.duel > 0 {
		fmt.Fprintf(w, "final duel: %s\n", map[bool]string{true: "an earlier genome (start or record) beat the last one",
			false: "the last genome kept"}[out.EliteWon])
	}
	fmt.Fprintf(w, "cycles: %.1f\n", out.Cycles)
	if out.Baseline > 0 {
		fmt.Fprintf(w, "baseline: %s, %.1f cycles\n", j.baseName, out.Baseline)
		fmt.Fprintf(w, "ratio: %.3f (speedup %.2fx)\n", out.Ratio(), 1/out.Ratio())
	}
	fmt.Fprintf(w, "genome-hash: %s\n", out.Best.Hash())
}

// measuredCycles is a timing as a genome file records it. A function of a few moves
// (secp256k1_montgomery_from_bytes) can time below the subtracted loop overhead, and a
// negative figure made the saved genome one that emit and compile refuse; it is at most
// noise, so it is recorded as 0.
func measuredCycles(c float64) float64 {
	if c < 0 {
		return 0
	}
	return c
}
