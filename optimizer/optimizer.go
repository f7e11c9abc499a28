package optimizer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Config is one optimization.
type Config struct {
	// Func is the function as given: candidates' outputs are checked against it and the
	// baseline is compiled from it. Plan is codegen.NewPlan(Func); genomes index its IR.
	Func    *ir.Func
	Plan    *codegen.Plan
	Codegen codegen.Options
	// The search's settings (Evals and Bets must be set); Seed also seeds the measurement's
	// inputs, so a run is reproducible wherever its scores are. Progress replaces Observe.
	search.Options
	Batches int // timing batches per comparison (the score is their median)
	// Baseline, when set, is timed beside every comparison (see CompileBaseline; the
	// caller closes it), and BaselineName names it in the report.
	Baseline     *measure.Native
	BaselineName string
	// OtherBaselines are further builds of the baseline (--baseline fastest: those
	// FasterBaseline did not pick; the caller closes them). The search never times them;
	// the final measurement times the winner beside Baseline and all of them and quotes
	// the faster there, so a pick a noisy moment got wrong is not the header's bar.
	OtherBaselines []NamedBaseline
	Objective      Objective // "" is Cycles
	MaxBytes       int       // with Cycles: the fastest code of at most this many bytes (0: no cap)
	CPU            uarch.Info
	// Progress, when set, is called after every evaluation with the time since the
	// search started, on the search's goroutine.
	Progress func(step search.Step, elapsed time.Duration)
	// Race is how many interleaved comparisons the final race of the search's finalists
	// (its best, start and latest records) and the baseline makes: 0 means RaceRepeats, a
	// negative value no race (the search's best alone is measured).
	Race int
	// SlowerRounds: while the final measurement finds the winner slower than the
	// baseline, search again up to this many times (each round the whole Evals and
	// TimeLimit again, the next seed, starting from the finalists).
	SlowerRounds int
}

// Result is the winner of a run.
type Result struct {
	search.Outcome               // the best genome, its cycles, the baseline's, evaluations
	Program        *x86.Program  // the winner's code, without header lines
	TextBytes      int           // encoded length of Program
	Elapsed        time.Duration // time spent searching
	Report         string        // "key: value" lines (the Bazel rule keeps them)
	Final          Final         // the closing race and measurement Cycles and Baseline come from
	Rounds         int           // searches run (more than 1 after SlowerRounds)
	// BaselineName names the baseline Baseline and Final.Ratio are quoted against: the
	// final measurement's faster (Final.Baseline), Config.BaselineName with one baseline.
	BaselineName string
}

// NamedBaseline is a compiled baseline and its name in reports.
type NamedBaseline struct {
	Native *measure.Native
	Name   string
}

// Run searches and generates the winner. A failed evaluation (a wrong output or a
// refused program: a code generation bug) is returned as a *search.EvalError naming the
// genome that reproduces it; a winner over MaxBytes as a *CapError.
func Run(ctx context.Context, cfg Config) (Result, error) {
	var res Result
	cfg.Objective = cmp.Or(cfg.Objective, Cycles)
	switch {
	case cfg.Func == nil || cfg.Plan == nil:
		return res, errors.New("optimizer: a function and its plan are required")
	case cfg.Objective != Cycles && cfg.Objective != Size || cfg.MaxBytes < 0 || cfg.Objective == Size && cfg.MaxBytes != 0:
		return res, fmt.Errorf("optimizer: objective %.20q with a cap of %d bytes: want cycles (cap ≥ 0) or size (no cap)", cfg.Objective, cfg.MaxBytes)
	case len(cfg.OtherBaselines) > 0 && cfg.Baseline == nil,
		slices.ContainsFunc(cfg.OtherBaselines, func(b NamedBaseline) bool { return b.Native == nil }):
		return res, errors.New("optimizer: other baselines need a baseline, and each its build")
	}
	cost, err := newCost(cfg)
	if err != nil {
		return res, err
	}
	defer cost.Close()
	detach, err := cost.runner.Attach() // this goroutine times: no hand-off per comparison
	if err != nil {
		return res, err
	}
	defer detach()
	start := time.Now()
	res.Outcome, res.Final, res.Rounds, err = rounds(ctx, cfg, cost)
	if res.Elapsed = time.Since(start); err != nil {
		return res, err
	}
	return res, res.finish(cfg)
}

// finalCost is a search.Cost that can also make the closing measurement of an outcome
// (*cost; tests fake it).
type finalCost interface {
	search.Cost
	final(out *search.Outcome, seed int64) (Final, error)
}

// rounds searches, then races the finalists and measures the winner (cost.final), and
// searches again while the winner is slower than the baseline and cfg.SlowerRounds allow.
// Evaluations add up over the rounds, and so do the steps' numbers Progress sees.
func rounds(ctx context.Context, cfg Config, cost finalCost) (search.Outcome, Final, int, error) {
	start, opts, done := time.Now(), cfg.Options, 0
	if cfg.Progress != nil {
		opts.Observe = func(s search.Step) {
			s.Eval += done
			cfg.Progress(s, time.Since(start))
		}
	}
	problem := search.Problem{Deps: cfg.Plan.Deps(), Options: cfg.Plan.Options(), Classes: cfg.Plan.Classes(), Appended: cfg.Plan.Appended()}
	for round := 1; ; round++ {
		out, err := search.Run(ctx, problem, cost, opts)
		done += out.Evals
		out.Evals = done
		if err != nil {
			return out, Final{}, round, err
		}
		fin, err := cost.final(&out, opts.Seed)
		if err != nil || !fin.Slower || round > cfg.SlowerRounds || ctx.Err() != nil {
			return out, fin, round, err
		}
		opts.Seed++
		opts.Start = append([]search.Genome{out.Best}, out.Finalists...)
		opts.Start = opts.Start[:min(len(opts.Start), opts.Runs())]
	}
}

// finish generates the winner, refuses it over the cap, and renders the report.
func (r *Result) finish(cfg Config) error {
	r.BaselineName = baselineNames(cfg)[r.Final.Baseline]
	var err error
	if r.Program, _, err = cfg.Plan.Generate(r.Best.Order, r.Best.Decisions, cfg.Codegen); err != nil {
		return fmt.Errorf("generating the winner: %w", err)
	}
	if r.TextBytes, err = TextBytes(r.Program); err != nil {
		return err
	}
	if cfg.MaxBytes > 0 && r.TextBytes > cfg.MaxBytes {
		return &CapError{Max: cfg.MaxBytes, Smallest: r.TextBytes}
	}
	r.Report = r.report(cfg)
	return nil
}

// formatRatios is " r0 r1 …" with three decimals.
func formatRatios(rs []float64) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, " %.3f", r)
	}
	return b.String()
}

// startLine names the given start genomes by the first 12 hex digits of their hashes
// (a genome file's report has the whole hash), bet 0's first; a run of the same genome
// is written once with its count ("319f50b3d7c0 ×20").
func startLine(gs []search.Genome) string {
	if len(gs) == 0 {
		return "start: random\n"
	}
	var hs []string
	for i := 0; i < len(gs); {
		h, n := gs[i].Hash(), 1
		for i+n < len(gs) && gs[i+n].Hash() == h {
			n++
		}
		if hs = append(hs, h[:12]); n > 1 {
			hs[len(hs)-1] += fmt.Sprintf(" ×%d", n)
		}
		i += n
	}
	if len(gs) == 1 {
		return fmt.Sprintf("start: genome %s (bet 0), the other bets random\n", hs[0])
	}
	return fmt.Sprintf("start: genomes %s (bets 0 to %d), the other bets random\n", strings.Join(hs, " "), len(gs)-1)
}

// report renders the outcome in "key: value" lines.
func (r *Result) report(cfg Config) string {
	var w strings.Builder
	out := r.Outcome
	fmt.Fprintf(&w, "function: %s\n", cfg.Func.Name)
	fmt.Fprintf(&w, "cpu: %s (%s)\n", cfg.CPU.Model, cfg.CPU.Tag)
	fmt.Fprintf(&w, "seed: %d\n", cfg.Seed)
	fmt.Fprintf(&w, "evaluations: %d in %s (%.0f/s), stopped by %s\n", out.Evals,
		r.Elapsed.Round(time.Millisecond), float64(out.Evals)/max(r.Elapsed.Seconds(), 1e-9), out.Stop)
	w.WriteString(startLine(cfg.Options.Start))
	if len(out.Bets) > 0 {
		fmt.Fprintf(&w, "bets: %d run, bet %d continued", len(out.Bets), out.Winner)
		if out.Raced > 0 {
			fmt.Fprintf(&w, ", chosen by a race of %d bets (%d comparisons)", out.Raced, out.RaceEvals)
		}
		w.WriteString("\n")
	}
	fin := r.Final
	if r.Rounds > 1 {
		fmt.Fprintf(&w, "rounds: %d (the earlier rounds' winners were slower than the baseline)\n", r.Rounds)
	}
	if fin.Finalists > 1 {
		fmt.Fprintf(&w, "final race: %d finalists side by side, %d interleaved comparisons, finalist %d won (0: the search's best); median ratios%s\n",
			fin.Finalists, fin.Repeats, fin.Winner, formatRatios(fin.RaceRatios))
	}
	fmt.Fprintf(&w, "cycles: %.1f (median of %d comparisons, as bench times them)\n", out.Cycles, FinalRepeats)
	if out.Baseline > 0 {
		fmt.Fprintf(&w, "baseline: %s, %.1f cycles\n", r.BaselineName, out.Baseline)
		w.WriteString(finalChoiceLine(baselineNames(cfg), fin))
		fmt.Fprintf(&w, "ratio: %.3f (speedup %.2fx)\n", fin.Ratio, 1/fin.Ratio)
	}
	if fin.Ratio > 1 { // as the header says it; fin.Slower (what --if-slower acts on) is for cycles only
		fmt.Fprintf(&w, "slower-than-baseline: yes\n")
	}
	fmt.Fprintf(&w, "outlier batches: %d re-run of %d timed\n", fin.Redone, fin.Timed)
	fmt.Fprintf(&w, "same code as the best, not timed: %d of %d evaluations\n", fin.Untimed, out.Evals)
	fmt.Fprintf(&w, "genome-hash: %s\n", out.Best.Hash())
	fmt.Fprintf(&w, "objective: %s\ntext-bytes: %d\n", cfg.Objective, r.TextBytes)
	return w.String()
}
