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
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// optimizeJob is one optimize run after its inputs were checked.
type optimizeJob struct {
	ctx   context.Context // cancelled by Ctrl-C
	env   *cliEnv
	o     *optimizeFlags
	cpu   uarch.Info
	src   *source
	plan  *codegen.Plan
	gopts codegen.Options
	files optFiles
}

// startGenomes resolves --start: random alone (no start genome), or a comma-separated
// list whose item i is bet i's start: greedy (codegen's static-cost order), fiat (the
// function's own order; both take codegen's default decisions) or a genome file of this
// function.
func (j *optimizeJob) startGenomes() ([]search.Genome, error) {
	if j.o.start == "random" {
		return nil, nil
	}
	var out []search.Genome
	for _, item := range strings.Split(j.o.start, ",") {
		g, err := j.startGenome(item)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// startGenome is one item of --start's list.
func (j *optimizeJob) startGenome(item string) (search.Genome, error) {
	dec := j.plan.DefaultDecisions()
	switch item {
	case "greedy":
		return search.Genome{Order: j.plan.GreedyOrder(), Decisions: dec}, nil
	case "fiat":
		return search.Genome{Order: identityOrder(len(j.plan.Deps())), Decisions: dec}, nil
	case "random":
		return search.Genome{}, fmt.Errorf("--start %s: random is a start only on its own (bets without an item start from random genomes)", outfile.Clip(j.o.start))
	case "":
		return search.Genome{}, fmt.Errorf("--start %s: an empty item", outfile.Clip(j.o.start))
	}
	gf, err := readGenome(item, "--start", j.plan)
	return gf.Genome, err
}

// run searches and writes the outputs into the staged files. It returns the printing of
// the report, to run once the files are committed.
func (j *optimizeJob) run() (func() error, error) {
	start, err := j.startGenomes()
	if err != nil {
		return nil, err
	}
	var traceW io.Writer
	if j.files.trace != nil { // not a nil *Output in an io.Writer
		traceW = j.files.trace
	}
	tr := newTrace(traceW, j.o.evals)
	bases, err := j.baselines()
	defer bases.close() // after Run: its final measurement times every build
	if err != nil {
		return nil, err
	}
	prog := newProgress(j.env.stderr, j.o.evals, j.o.timeLimit, bases.name())
	prog.bySize = j.o.obj.objective == "size"
	cfg := optimizer.Config{Func: j.src.Func, Plan: j.plan, Codegen: j.gopts,
		Options: search.Options{Evals: j.o.evals, Bets: j.o.bets, BetRatio: j.o.betRatio,
			Seed: j.o.seed, TimeLimit: j.o.timeLimit, Start: start, Anchor: j.o.anchor, Confirm: j.o.confirm},
		Race:    raceRepeats(j.o.duel),
		Batches: j.o.batches, Objective: optimizer.Objective(j.o.obj.objective), MaxBytes: j.o.obj.maxBytes,
		CPU: j.cpu, SlowerRounds: j.o.slowerRounds,
		Progress: func(s search.Step, elapsed time.Duration) {
			tr.add(s, elapsed)
			prog.update(s)
		},
	}
	bases.configure(&cfg)
	res, err := optimizer.Run(j.ctx, cfg)
	if err != nil {
		return nil, j.failure(err)
	}
	prog.baseline = res.BaselineName // the final measurement's: out.Baseline holds its cycles
	prog.finish(res.Outcome, res.Final.Ratio)
	if err := slowerVerdict(j.o.ifSlower, res, j.env.stderr); err != nil {
		return nil, err
	}
	res.Report = bases.choice + res.Report
	return j.write(res, tr)
}

// raceRepeats is optimizer.Config.Race for --duel n: n comparisons, or none for 0.
func raceRepeats(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// slowerVerdict applies --if-slower to a winner the final measurement found slower than
// the baseline it quotes (of several, the faster in that measurement): a warning line on
// w naming it (the header says it too), or an exit-1 error before anything is written.
func slowerVerdict(policy string, res optimizer.Result, w io.Writer) error {
	if !res.Final.Slower {
		return nil
	}
	msg := fmt.Sprintf("the winner is slower than the baseline %s: ratio %.3f (median of %d side-by-side comparisons) after %d search round(s)",
		res.BaselineName, res.Final.Ratio, optimizer.FinalRepeats, res.Rounds)
	if policy == "fail" {
		return notProved(fmt.Errorf("%s; nothing written (--if-slower fail; try --slower-rounds, --evals or --time-limit)", msg))
	}
	fmt.Fprintf(w, "cryptopt optimize: warning: %s\n", msg) // a lost warning must not lose the files
	return nil
}

// failure turns a failed evaluation into a one-line error naming a saved genome that
// reproduces it (a wrong output or a refused program is a code generation bug), and a
// missed --max-bytes into a refusal.
func (j *optimizeJob) failure(err error) error {
	var ce *optimizer.CapError
	if errors.As(err, &ce) {
		return notProved(fmt.Errorf("%w; raise --max-bytes or --evals", err))
	}
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
func (j *optimizeJob) write(res optimizer.Result, tr *trace) (func() error, error) {
	out, prog := res.Outcome, res.Program
	// The IR the genome indexes is the plan's (machine form): compile and emit check it.
	gf := search.File{Func: j.plan.Func().Name, IRHash: j.plan.Func().Hash(), Genome: out.Best,
		Uarch: j.cpu.Tag, CPU: j.cpu.Model, Seed: j.o.seed, Evals: out.Evals, Cycles: measuredCycles(out.Cycles),
		Baseline: res.BaselineName, BaseCycles: measuredCycles(out.Baseline), Ratio: measuredCycles(res.Final.Ratio)}
	facts, err := codeFacts(prog, j.gopts)
	if err != nil {
		return nil, err
	}
	prog.Header = append(asmHeader{Command: "optimize", Func: gf.Func, IRHash: gf.IRHash,
		GenomeHash: out.Best.Hash(), CPU: gf.CPU, Uarch: gf.Uarch, Seed: gf.Seed,
		Evals: gf.Evals, Cycles: gf.Cycles, Baseline: gf.Baseline, BaseCyc: gf.BaseCycles, Ratio: gf.Ratio}.lines(), facts...)
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
		if err := writePlot(p, title, tr.current, tr.baseline); err != nil {
			return nil, err
		}
	}
	w := j.files.reportTo(j.env)
	return func() error {
		_, err := io.WriteString(w, res.Report)
		return err
	}, nil
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
