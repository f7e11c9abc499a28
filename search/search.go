package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"time"
)

// Run searches p for the genome with the lowest score: Bet-and-Run over random local
// search. Each run starts from its Options.Start genome or a random one, mutates its
// current best and keeps the candidate when it is not slower. The RaceBets best-scored
// bets (and those that had a start) then race side by side for the continuation,
// since the lowest of the bets' single scores is often a lucky one. On a time limit or
// cancellation it returns the best so far with a nil error; on a Cost error it returns
// an *EvalError and the best so far.
func Run(ctx context.Context, p Problem, cost Cost, opts Options) (Outcome, error) {
	return run(ctx, p, cost, opts, RaceBets)
}

// run is Run with raceBets in place of RaceBets (0: no race, the best-scored bet
// continues, the rule before the race; tests compare the two).
func run(ctx context.Context, p Problem, cost Cost, opts Options, raceBets int) (Outcome, error) {
	perBet, final, err := Split(opts.Evals, opts.Bets, opts.BetRatio)
	if err != nil {
		return Outcome{}, err
	}
	if err := p.check(); err != nil {
		return Outcome{}, err
	}
	if runs := opts.Runs(); len(opts.Start) > runs {
		return Outcome{}, fmt.Errorf("search: %d start genomes, at most %d (one per bet; one without bets)", len(opts.Start), runs)
	}
	starts := make([]Genome, len(opts.Start))
	for i, g := range opts.Start {
		if err := g.Validate(p); err != nil {
			return Outcome{}, fmt.Errorf("search: start genome %d: %w", i, err)
		}
		starts[i] = g.Complete(p) // a genome kept before the last decisions were added
	}
	opts.Start = starts
	r := &runner{
		ctx: ctx, cost: cost, observe: opts.Observe, mut: newMutator(p),
		tape: newTape(opts.Seed), start: time.Now(), limit: opts.TimeLimit, anchorEvery: opts.Anchor,
		confirm: opts.Confirm,
	}
	r.rng = rand.New(r.tape)
	out := Outcome{Winner: -1}
	if perBet == 0 {
		r.bet = -1
		out.Stop, err = r.run(r.startGenome(p, opts.Start, 0), final, r.deadline(1))
	} else {
		err = r.betAndRun(p, opts, perBet, final, raceBets, &out)
	}
	return r.outcome(out, err)
}

// betAndRun runs the bets, races the best-scored ones for the continuation (unless a bet
// stopped the search) and continues the winner with the rest of the final evaluations.
func (r *runner) betAndRun(p Problem, opts Options, perBet, final, raceBets int, out *Outcome) error {
	runs, sums, stop, err := r.bets(p, opts, perBet)
	out.Bets, out.Stop = sums, stop
	if len(runs) == 0 {
		return err
	}
	cs := contenders(runs, raceBets, len(opts.Start))
	r.bet = -1
	if err != nil || stop != StopBudget {
		r.adopt(cs[0])
		out.Winner = cs[0].i
		return err
	}
	out.Winner, out.Raced, out.RaceEvals, out.Stop, err = r.race(cs, final)
	if err == nil && out.Stop == StopBudget {
		out.Stop, err = r.steps(final-out.RaceEvals, r.deadline(1))
	}
	return err
}

// runner is the state of one search.
type runner struct {
	ctx     context.Context
	cost    Cost
	observe func(Step)
	mut     *mutator
	rng     *rand.Rand // draws from tape
	tape    *tape
	start   time.Time
	limit   time.Duration

	eval      int    // evaluations done
	bet       int    // current bet, -1 in the final run
	cur, cand *state // current best and scratch candidate
	cycles    float64
	baseline  float64

	rec   *records // the current run's start and records
	given *Genome  // Options.Start[0], bet 0's start: it races at the end whichever bet continued

	anchorEvery, sinceAnchor int  // Options.Anchor, and steps since the last comparison with a record
	confirm                  bool // Options.Confirm

	free       []*state // states of dropped speculative branches, for reuse
	acceptRate float64  // recent share of accepted candidates (decides what to prepare first)
}

// deadline is the end of the given share of the time limit (zero time: none).
func (r *runner) deadline(share float64) time.Time {
	if r.limit <= 0 {
		return time.Time{}
	}
	return r.start.Add(time.Duration(float64(r.limit) * share))
}

// bets runs the first phase and returns its finished runs. A bet's time share ending
// moves on to the next bet; the whole limit or a cancellation stops.
func (r *runner) bets(p Problem, opts Options, perBet int) ([]betRun, []RunSummary, StopReason, error) {
	var runs []betRun
	var sums []RunSummary
	if len(opts.Start) > 0 {
		r.given = &opts.Start[0]
	}
	for i := range opts.Bets {
		r.bet = i
		before := r.eval
		share := opts.BetRatio * float64(i+1) / float64(opts.Bets)
		s, err := r.run(r.startGenome(p, opts.Start, i), perBet, r.deadline(share))
		if err == nil && r.cur != nil && r.eval > before {
			runs = append(runs, betRun{len(sums), r.cur, r.rec, r.cycles, r.baseline})
			sums = append(sums, RunSummary{Evals: r.eval - before, Cycles: r.cycles, Baseline: r.baseline})
		}
		r.cur, r.rec = nil, nil // the next run must not share a finished run's memory
		if err != nil || s == StopCancelled || (s == StopTimeLimit && r.pastLimit()) {
			return runs, sums, s, err
		}
	}
	return runs, sums, StopBudget, nil
}

// startGenome is run i's starting genome: start[i] when given, else a random one.
func (r *runner) startGenome(p Problem, start []Genome, i int) Genome {
	if i < len(start) {
		return start[i]
	}
	return Random(p, r.rng)
}

// ratioOrCycles ranks bets: by ratio to the baseline when there is one, since it cancels
// the machine's drift between runs measured at different times.
func ratioOrCycles(cycles, baseline float64) float64 {
	if baseline > 0 {
		return cycles / baseline
	}
	return cycles
}

func (r *runner) pastLimit() bool {
	return r.limit > 0 && time.Since(r.start) >= r.limit
}

// run starts a run from g (its first evaluation compares g with itself) and takes up to
// n-1 more steps before deadline.
func (r *runner) run(g Genome, n int, deadline time.Time) (StopReason, error) {
	// Only the whole limit prevents the first evaluation: a bet that starts after its
	// time share (an earlier one overran) still gets measured once.
	if s, stop := r.stopped(r.deadline(1)); stop {
		return s, nil
	}
	r.cur = newState(g)
	if r.cand == nil {
		r.cand = newState(g)
	}
	r.eval++
	res, err := r.cost.Compare(r.cur.g, r.cur.g)
	if err != nil {
		return StopBudget, &EvalError{Genome: r.cur.g.Clone(), Eval: r.eval, Err: err}
	}
	r.cur.setUsed(res.Used, r.mut.options)
	r.cycles, r.baseline = res.Cand, res.Baseline
	r.rec = newRecords(r.cur, ratioOrCycles(r.cycles, r.baseline))
	r.sinceAnchor = 0
	r.emit(Initial, res, true)
	return r.steps(n-1, deadline)
}

// steps takes up to n mutation steps from the current state (speculating when the Cost
// is a Preparer).
func (r *runner) steps(n int, deadline time.Time) (StopReason, error) {
	if p, ok := r.cost.(Preparer); ok {
		return r.speculate(p, n, deadline)
	}
	for i := 0; i < n; i++ {
		if s, stop := r.stopped(deadline); stop {
			return s, nil
		}
		if r.anchorDue(n - i) {
			_, k, err := r.reanchor()
			if err != nil {
				return StopBudget, err
			}
			i += k
		}
		r.cand.copyFrom(r.cur)
		m := r.mut.mutate(r.cand, r.rng)
		r.tape.forget(r.tape.pos) // nothing is speculated: keep the tape short
		r.eval++
		res, err := r.cost.Compare(r.cand.g, r.cur.g)
		if err != nil {
			return StopBudget, &EvalError{Genome: r.cand.g.Clone(), Eval: r.eval, Err: err}
		}
		old := r.cur
		accepted, k, err := r.judge(r.cand, m, res, n-i-1)
		if err != nil {
			return StopBudget, err
		}
		if accepted {
			r.cand = old
		}
		i += k
	}
	return StopBudget, nil
}

// judge applies the comparison res of cand (made by m) with the current best: cand
// becomes the current best when it is not slower and, with Options.Confirm, a second
// comparison agrees (when left, the run's evaluations after res, allows one). It reports
// whether it did and how many comparisons it added.
func (r *runner) judge(cand *state, m Mutation, res Result, left int) (bool, int, error) {
	accept, extra := res.Cand <= res.Best, 0
	if accept && r.confirm && res.Cand != res.Best && left > 0 {
		r.emit(m, res, false) // observed as not (yet) accepted; the confirmation decides
		var err error
		if res, err = r.compare(cand.g, r.cur.g); err != nil {
			return false, 1, err
		}
		m, accept, extra = Confirm, res.Cand <= res.Best, 1
	}
	if accept {
		r.cur = cand
		r.cur.setUsed(res.Used, r.mut.options)
		r.cycles = res.Cand
		r.rec.offer(r.cur, ratioOrCycles(res.Cand, res.Baseline))
		r.acceptRate += (1 - r.acceptRate) / 32
	} else {
		r.cycles = res.Best
		r.acceptRate -= r.acceptRate / 32
	}
	r.baseline = res.Baseline
	r.emit(m, res, accept)
	return accept, extra, nil
}

func (r *runner) stopped(deadline time.Time) (StopReason, bool) {
	if r.ctx.Err() != nil {
		return StopCancelled, true
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return StopTimeLimit, true
	}
	return StopBudget, false
}

func (r *runner) emit(m Mutation, res Result, accepted bool) {
	if r.observe == nil {
		return
	}
	r.observe(Step{
		Eval: r.eval, Bet: r.bet, Mutation: m, Cand: res.Cand, Best: res.Best,
		Baseline: res.Baseline, Accepted: accepted, Current: r.cycles,
	})
}

// outcome fills out with the current best; stopping before any evaluation is an error.
func (r *runner) outcome(out Outcome, err error) (Outcome, error) {
	out.Evals = r.eval
	if r.cur == nil {
		if err == nil {
			err = ErrNoEvaluation
		}
		return out, err
	}
	out.Best = r.cur.g.Clone()
	out.Finalists = r.finalists()
	out.Cycles, out.Baseline = r.cycles, r.baseline
	return out, err
}

// ErrNoEvaluation is returned when the search stopped before its first evaluation.
var ErrNoEvaluation = errors.New("search stopped before any evaluation")

// check rejects a malformed problem: dependencies out of range or cyclic, decisions
// without options.
func (p Problem) check() error {
	n := len(p.Deps)
	for op, deps := range p.Deps {
		for _, d := range deps {
			if d < 0 || d >= n || d == op {
				return fmt.Errorf("search: operation %d depends on %d (of %d operations)", op, d, n)
			}
		}
	}
	for d, k := range p.Options {
		if k < 1 {
			return fmt.Errorf("search: decision %d has %d options", d, k)
		}
	}
	if p.Appended < 0 || p.Appended > len(p.Options) {
		return fmt.Errorf("search: %d appended decisions of %d", p.Appended, len(p.Options))
	}
	if got := len(Random(p, rand.New(rand.NewSource(0))).Order); got != n {
		return fmt.Errorf("search: dependencies are cyclic (only %d of %d operations can be ordered)", got, n)
	}
	return nil
}
