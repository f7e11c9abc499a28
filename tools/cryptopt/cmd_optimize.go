package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// optimizeFlags are the flags of optimize.
type optimizeFlags struct {
	src                                sourceFlags
	gen                                codegenFlags
	evals, bets, batches, duel, anchor int
	ifSlower                           string
	slowerRounds                       int
	betRatio                           float64
	confirm                            bool
	seed                               int64
	timeLimit                          time.Duration
	out, genomeOut, traceOut, plotOut  string
	reportOut                          string
	expectUarch, baseline, start       string
	obj                                objectiveFlags
	syntax                             string
}

func (o *optimizeFlags) register(fs *flag.FlagSet) {
	o.src.register(fs)
	o.gen.register(fs)
	o.obj.register(fs)
	fs.IntVar(&o.evals, "evals", 10000, "evaluations (timed comparisons) in total")
	fs.IntVar(&o.bets, "bets", 20, "independent starts of Bet-and-Run (1: plain local search)")
	fs.Float64Var(&o.betRatio, "bet-ratio", 0.2, "share of the evaluations (and time limit) spent on the bets, in [0, 1)")
	fs.Int64Var(&o.seed, "seed", 1, "seed of every random choice of the search and of the measurement inputs")
	fs.DurationVar(&o.timeLimit, "time-limit", 0, "stop with the best so far after this long, e.g. 10m (0: none)")
	fs.IntVar(&o.duel, "duel", optimizer.RaceRepeats, "interleaved comparisons of the final race of the search's best, its run's start and latest records, and the baseline (0: no race)")
	fs.StringVar(&o.ifSlower, "if-slower", "warn", "when the final measurement finds the winner slower than the baseline: warn (stderr line, 'slower-than-baseline: yes' in the header) or fail (exit 1, nothing written)")
	fs.IntVar(&o.slowerRounds, "slower-rounds", 0, "while the winner is slower than the baseline, search again (the whole --evals and --time-limit, the next seed, from the finalists) up to this many times")
	fs.BoolVar(&o.confirm, "confirm", false, "accept a candidate only when a second comparison with the current genome agrees it is not slower (counted in --evals): less drift under noise, fewer neutral moves")
	fs.IntVar(&o.anchor, "anchor", 300, "every this many steps, compare the search's current genome with its run's latest record (3 comparisons, counted as evaluations) and go back to the record when it is faster (0: never)")
	fs.IntVar(&o.batches, "batches", 31, "timing batches per comparison (the score is their median)")
	fs.StringVar(&o.out, "o", "", "output .S file (default: stdout, with the report on stderr)")
	fs.StringVar(&o.genomeOut, "genome-out", "", "write the winning genome (JSON) to this file")
	fs.StringVar(&o.reportOut, "report", "", "write the report to this file (with the other outputs, atomically) instead of stdout or stderr")
	fs.StringVar(&o.traceOut, "trace", "", "write the trajectory (one CSV row per evaluation) to this file")
	fs.StringVar(&o.plotOut, "plot", "", "write an SVG plot of the best cycles over evaluations to this file")
	fs.StringVar(&o.expectUarch, "expect-uarch", "", "refuse to run unless this CPU's tag (see 'cryptopt uarch') is this")
	fs.StringVar(&o.start, "start", "greedy", "the first bets' starting genomes, comma-separated, bet i from item i: greedy (codegen's static-cost order), fiat (the function's own order) or a genome file (e.g. tuned on another CPU: a warm start); or random alone. Each such bet races for the continuation; the first item races at the end too")
	fs.StringVar(&o.syntax, "syntax", "gnu", syntaxHelp)
	fs.StringVar(&o.baseline, "baseline", "auto", "compiler of the C baseline the search is scored against: auto (clang-19, clang, else gcc), fastest (gcc and clang-19 timed side by side before the search, the faster scores it; the final measurement times the winner beside both and quotes the faster there), a compiler name or a comma-separated list of them (likewise), or none")
}

// check rejects bad numbers before anything is loaded.
func (o *optimizeFlags) check() error {
	if _, _, err := search.Split(o.evals, o.bets, o.betRatio); err != nil {
		return fmt.Errorf("--evals/--bets/--bet-ratio: %w", err)
	}
	if err := o.checkStart(); err != nil {
		return err
	}
	if err := inRange("--evals", o.evals, 1, maxEvals); err != nil {
		return err
	}
	if err := inRange("--bets", o.bets, 1, maxBets); err != nil {
		return err
	}
	if err := inRange("--duel", o.duel, 0, maxDuel); err != nil {
		return err
	}
	if err := inRange("--anchor", o.anchor, 0, maxEvals); err != nil {
		return err
	}
	if err := inRange("--batches", o.batches, 1, maxBatches); err != nil {
		return err
	}
	if err := inRange("--slower-rounds", o.slowerRounds, 0, maxSlowerRound); err != nil {
		return err
	}
	if o.ifSlower != "warn" && o.ifSlower != "fail" {
		return fmt.Errorf("--if-slower %s: want warn or fail", outfile.Clip(o.ifSlower))
	}
	if err := headerValueError(o.baseline); err != nil || strings.ContainsAny(o.baseline, " \t") {
		return fmt.Errorf("--baseline %s is not a compiler name", outfile.Clip(o.baseline))
	}
	if _, err := baselineCompilers(o.baseline); err != nil {
		return err
	}
	if o.timeLimit < 0 {
		return fmt.Errorf("--time-limit must not be negative, got %s", o.timeLimit)
	}
	if err := o.obj.check(); err != nil {
		return err
	}
	return checkSyntax(o.syntax, &codegen.Options{})
}

// checkStart rejects a --start list longer than the search's runs (each item starts its
// own bet; a search without bets is one run) before any file is read.
func (o *optimizeFlags) checkStart() error {
	if o.start == "random" {
		return nil
	}
	runs := search.Options{Evals: o.evals, Bets: o.bets, BetRatio: o.betRatio}.Runs()
	if n := strings.Count(o.start, ",") + 1; n > runs {
		return fmt.Errorf("--start lists %d genomes, at most %d: one per bet (--bets %d, --bet-ratio %g)", n, runs, o.bets, o.betRatio)
	}
	return nil
}

// cmdOptimize searches for fast code by timing candidates on this CPU.
func cmdOptimize(env *cliEnv, args []string) error {
	return runOptimize(env, args, uarch.Detect)
}

// runOptimize is cmdOptimize with the CPU detection injected (tests fake a CPU).
func runOptimize(env *cliEnv, args []string, detect func() uarch.Info) error {
	// Signals are caught from the start, so a Ctrl-C during set-up also ends cleanly.
	ctx, stop := signalContext()
	defer stop()
	var o optimizeFlags
	fs := newFlagSet(env, "optimize", "optimize (--curve C --op O | --fiat FILE --func NAME) [flags]")
	o.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	cpu, err := checkCPU(detect, o.expectUarch)
	if err != nil {
		return err
	}
	src, err := o.src.load()
	if err != nil {
		return err
	}
	gopts, err := o.gen.options(src.Symbol)
	if err != nil {
		return err
	}
	if err := checkSyntax(o.syntax, &gopts); err != nil {
		return err
	}
	plan, err := codegen.NewPlan(src.Func)
	if err != nil {
		return err
	}
	outs := outfile.NewSet(env.stdout)
	defer outs.Abort()
	files, err := o.openOutputs(outs)
	if err != nil {
		return err
	}
	job := &optimizeJob{ctx: ctx, env: env, o: &o, cpu: cpu, src: src, plan: plan, gopts: gopts, files: files}
	rep, err := job.run()
	if err != nil {
		return err
	}
	if files.report != nil { // a file like the others: all or none
		if err := rep(); err != nil {
			return err
		}
		return outs.Commit()
	}
	// The files are committed even when the report cannot be printed (stdout gone).
	if err := outs.Commit(); err != nil {
		return err
	}
	return rep()
}

// checkCPU refuses a CPU the generated code cannot run on, or another than the build
// expects (a cached .S must say where it was tuned).
func checkCPU(detect func() uarch.Info, expect string) (uarch.Info, error) {
	info := detect()
	if err := uarch.Supported(info); err != nil {
		return info, err
	}
	if expect != "" && expect != info.Tag {
		return info, fmt.Errorf("this CPU is %s but the build asked for %s; run on a %s machine or pin a genome",
			info.Tag, expect, expect)
	}
	return info, nil
}

// optFiles are the staged outputs; nil ones were not requested.
type optFiles struct {
	asm, genome, trace, plot, report *outfile.Output
}

// openOutputs probes every output up front (-o defaults to standard output), so an
// unwritable one fails before the search rather than after it. The trace is spooled:
// it grows with the evaluations.
func (o *optimizeFlags) openOutputs(outs *outfile.Set) (optFiles, error) {
	var f optFiles
	var err error
	for _, x := range []struct {
		flag, dest string
		p          **outfile.Output
	}{{"-o", cmp.Or(o.out, "-"), &f.asm}, {"--genome-out", o.genomeOut, &f.genome},
		{"--trace", o.traceOut, &f.trace}, {"--plot", o.plotOut, &f.plot}, {"--report", o.reportOut, &f.report}} {
		if *x.p, err = outs.Add(x.flag, x.dest); err != nil {
			return f, err
		}
	}
	if f.trace != nil {
		err = f.trace.Spool()
	}
	return f, err
}

// reportTo is where the report goes: --report, else standard output unless an output
// file does.
func (f optFiles) reportTo(env *cliEnv) io.Writer {
	if f.report != nil {
		return f.report
	}
	for _, o := range []*outfile.Output{f.asm, f.genome, f.trace, f.plot} {
		if o.IsStdout() {
			return env.stderr
		}
	}
	return env.stdout
}

// signalContext is cancelled by Ctrl-C, SIGTERM, SIGHUP (terminal closed) or SIGPIPE
// (a reader of stdout or stderr gone, e.g. `| head`): the search then stops with its best
// and the outputs are committed. While SIGPIPE is caught, a write to a closed pipe
// returns EPIPE instead of killing the process.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
}
