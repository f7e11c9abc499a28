package measure

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// TimerOptions configure a Timer; zero fields take the defaults.
type TimerOptions struct {
	Batches   int         // batches per comparison (default 31); the score is over batches
	CycleGoal float64     // ticks a batch of one function should take (default 10,000)
	MaxCalls  int         // cap on calls per batch (default 100,000)
	Aliasing  ir.Aliasing // ir.AliasOut1Arg1: call with out1 == arg1 (functions must be validated for it)
	Seed      int64       // seeds the Timer's generator, used when Compare is given none
	// A batch in which some function took more than OutlierFactor times its median batch
	// (preemption, a frequency change) is re-run, up to Remeasure rounds per comparison.
	// Defaults 2 and 2; a negative value disables re-running.
	OutlierFactor float64
	Remeasure     int
}

// Stats summarise one function's batches, in cycles (TSC ticks) per call with the
// empty-call overhead subtracted.
type Stats struct {
	Median, Min, Max, P25, P75 float64
	Batches                    int
	Calls                      int // calls per batch
	Remeasured                 int // outlier batch re-runs in this comparison (all functions)
}

// Timer compares functions side by side on the Runner's pinned CPU. It reuses its
// buffers from one comparison to the next and is not safe for concurrent use.
type Timer struct {
	r        *Runner
	opts     TimerOptions
	overhead float64
	rng      *rand.Rand

	// The reference for the last function compared, kept to avoid recompiling it.
	f      *ir.Func
	shape  Shape
	ref    *interp.Machine
	refOut [][]uint64
	args   [][]uint64
	job    timing
	per    []float64

	redo              timing   // the outlier batches being re-run
	out               outliers // finds them
	timed, remeasured int      // batches timed and re-run since the Timer was made
}

// NewTimer makes a Timer on r and measures the empty-call overhead.
func NewTimer(r *Runner, opts TimerOptions) (*Timer, error) {
	if opts.Batches == 0 {
		opts.Batches = 31
	}
	if opts.CycleGoal == 0 {
		opts.CycleGoal = 10000
	}
	if opts.MaxCalls == 0 {
		opts.MaxCalls = 100000
	}
	if opts.OutlierFactor == 0 {
		opts.OutlierFactor = defaultOutlierFactor
	}
	if opts.Remeasure == 0 {
		opts.Remeasure = defaultRemeasure
	}
	if opts.Batches < 1 || opts.CycleGoal < 1 || opts.MaxCalls < 1 || opts.OutlierFactor > 0 && opts.OutlierFactor < 1 {
		return nil, fmt.Errorf("measure: bad timer options %+v", opts)
	}
	t := &Timer{r: r, opts: opts, rng: rand.New(rand.NewSource(opts.Seed))}
	if err := t.measureOverhead(); err != nil {
		return nil, err
	}
	return t, nil
}

// Overhead is the cost in ticks of one call of an empty function in the timing loop
// (call, return, loop), measured when the Timer was made and subtracted from every Stats.
func (t *Timer) Overhead() float64 { return t.overhead }

// Outliers is how many batches all comparisons so far timed, and how many outlier batch
// re-runs they made (see TimerOptions.OutlierFactor).
func (t *Timer) Outliers() (timed, remeasured int) { return t.timed, t.remeasured }

func (t *Timer) measureOverhead() error {
	j := &t.job
	*j = timing{fns: []Fn{{Name: "empty", addr: emptyFnAddr()}}, shape: Shape{Out: 1, Arg1: 1},
		batches: max(t.opts.Batches, 31), goal: uint64(t.opts.CycleGoal), max: uint64(t.opts.MaxCalls)}
	j.in = grow(j.in, j.batches)
	j.order = grow(j.order, j.batches)
	clear(j.order)
	if err := t.r.time(j); err != nil {
		return err
	}
	// The fastest batch: load only ever inflates a batch, and a median of 31 batches under
	// a busy machine's load once came out 5x the quiet value, which made every score
	// negative (cycles −9.6 for poly1305 mul).
	t.overhead = t.stats(0, 1, 0).Min
	return nil
}

// ErrWrongOutput is what a WrongOutputError matches with errors.Is.
var ErrWrongOutput = errors.New("measure: wrong output")

// WrongOutputError reports a function whose output differs from the reference
// interpreter's: a code generation bug.
type WrongOutputError struct {
	Fn     string // the function's name
	Index  int    // its index in the compared set
	Inputs [][]uint64
	Got    []uint64
	Want   []uint64 // the reference's output
	Reason string   // from the function's OutputCheck; "" when Got must equal Want
}

func (e *WrongOutputError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("measure: WRONG OUTPUT from %s (function %d): inputs %#x: got %#x: %s (the reference gives %#x)",
			e.Fn, e.Index, e.Inputs, e.Got, e.Reason, e.Want)
	}
	return fmt.Sprintf("measure: WRONG OUTPUT from %s (function %d): inputs %#x: got %#x, want %#x",
		e.Fn, e.Index, e.Inputs, e.Got, e.Want)
}

func (e *WrongOutputError) Unwrap() error { return ErrWrongOutput }

// Sparse leaves one function of a comparison out of most batches: fns[Fn] is timed, and
// its output checked, only in batches 0, Every, 2·Every, ... (all of them when Every ≤ 1).
// The optimizer's compiler baseline is such a function: the search decides between the
// candidate and the best, timed in every batch, while the baseline only turns their
// scores into ratios, and being the slowest it took half of a comparison's ticks.
type Sparse struct {
	Fn, Every int
}

// Compare times fns (all computing f) side by side: each batch has fresh random in-bound
// inputs and calls the functions in a fresh random order, one cgo call for everything.
// Every function's output on every batch is checked against the interpreter; a mismatch
// is a *WrongOutputError. rng nil uses the Timer's own generator.
func (t *Timer) Compare(fns []Fn, f *ir.Func, rng *rand.Rand) ([]Stats, error) {
	return t.CompareSparse(fns, f, rng, Sparse{})
}

// CompareSparse is Compare with fns[sp.Fn] timed in fewer batches (see Sparse); its Stats
// count only the batches it ran in.
func (t *Timer) CompareSparse(fns []Fn, f *ir.Func, rng *rand.Rand, sp Sparse) ([]Stats, error) {
	if len(fns) == 0 {
		return nil, errors.New("measure: nothing to compare")
	}
	if rng == nil {
		rng = t.rng
	}
	if err := t.prepare(fns, f); err != nil {
		return nil, err
	}
	if sp.Fn < 0 || sp.Fn >= len(fns) {
		return nil, fmt.Errorf("measure: sparse function %d of %d", sp.Fn, len(fns))
	}
	t.fill(fns, f, rng, sp)
	if err := t.r.time(&t.job); err != nil {
		return nil, err
	}
	redone, err := t.remeasure()
	if err != nil {
		return nil, err
	}
	t.timed, t.remeasured = t.timed+t.job.batches, t.remeasured+redone
	if err := t.check(); err != nil {
		return nil, err
	}
	out := make([]Stats, len(fns))
	for k := range fns {
		out[k] = t.stats(k, len(fns), t.overhead)
		out[k].Remeasured = redone
	}
	return out, nil
}

// prepare checks the functions against f's shape and caches f's reference interpreter.
func (t *Timer) prepare(fns []Fn, f *ir.Func) error {
	if f != t.f {
		s, err := ShapeOf(f)
		if err != nil {
			return err
		}
		ref, err := interp.New(f)
		if err != nil {
			return fmt.Errorf("measure: reference for %s: %w", f.Name, err)
		}
		t.f, t.shape, t.ref, t.refOut = f, s, ref, ref.NewOutputs()
		t.args = make([][]uint64, len(f.Params))
	}
	for i, fn := range fns {
		if fn.code == nil {
			continue // native: trusted to follow the ABI
		}
		if !sameLimbs(fn.shape, t.shape) {
			return fmt.Errorf("measure: %s (function %d) was validated for %+v, %s needs %+v",
				fn.Name, i, fn.shape, f.Name, t.shape)
		}
		if t.opts.Aliasing == ir.AliasOut1Arg1 && !fn.shape.Alias {
			return fmt.Errorf("measure: %s (function %d) was not validated for out1 == arg1", fn.Name, i)
		}
	}
	return nil
}

// fill draws the inputs and orders of every batch into the job, flagging the sparse
// function's entry in the batches it sits out.
func (t *Timer) fill(fns []Fn, f *ir.Func, rng *rand.Rand, sp Sparse) {
	j, s, nf := &t.job, t.shape, len(fns)
	s.Alias = t.opts.Aliasing == ir.AliasOut1Arg1
	stride := s.Arg1 + s.Arg2
	*j = timing{fns: fns, shape: s, batches: t.opts.Batches, goal: uint64(t.opts.CycleGoal),
		max: uint64(t.opts.MaxCalls), poison: rng.Uint64(),
		in: grow(j.in, t.opts.Batches*stride), order: grow(j.order, t.opts.Batches*nf),
		results: j.results, cycles: j.cycles}
	for b := range j.batches {
		in := interp.RandomInputs(f, rng)
		copy(j.in[b*stride:], in[0])
		if len(in) > 1 {
			copy(j.in[b*stride+s.Arg1:], in[1])
		}
		order := j.order[b*nf : (b+1)*nf]
		for k := range order {
			order[k] = uint64(k)
		}
		rng.Shuffle(nf, func(a, c int) { order[a], order[c] = order[c], order[a] })
		if sp.Every > 1 && b%sp.Every != 0 {
			order[slices.Index(order, uint64(sp.Fn))] |= skipFlag
		}
	}
}

// check compares every output of the job with the interpreter's (or hands it to the
// function's OutputCheck).
func (t *Timer) check() error {
	j, s, nf := &t.job, t.shape, len(t.job.fns)
	stride := s.Arg1 + s.Arg2
	for b := range j.batches {
		in := j.in[b*stride : (b+1)*stride]
		t.args[0] = in[:s.Arg1]
		if len(t.args) > 1 {
			t.args[1] = in[s.Arg1:]
		}
		if err := t.ref.Eval(t.args, t.refOut); err != nil {
			return fmt.Errorf("measure: reference %s: %w", t.f.Name, err)
		}
		want := t.refOut[0]
		for k := range nf {
			if j.cycles[b*nf+k] == 0 {
				continue // not run in this batch (Sparse): a timed batch takes ticks
			}
			got := j.results[(b*nf+k)*s.Out : (b*nf+k+1)*s.Out]
			if err := t.checkOne(j.fns[k], got, want); err != nil {
				err.Index = k
				return err
			}
		}
	}
	return nil
}

// checkOne checks fn's output got on t.args against the reference's want.
func (t *Timer) checkOne(fn Fn, got, want []uint64) *WrongOutputError {
	reason := ""
	if fn.check != nil {
		err := fn.check(t.args, got, want)
		if err == nil {
			return nil
		}
		reason = err.Error()
	} else if slices.Equal(got, want) {
		return nil
	}
	inputs := make([][]uint64, len(t.args))
	for i, a := range t.args {
		inputs[i] = slices.Clone(a)
	}
	return &WrongOutputError{Fn: fn.Name, Inputs: inputs, Got: slices.Clone(got), Want: slices.Clone(want), Reason: reason}
}

// stats summarises function k of nf in the last job.
func (t *Timer) stats(k, nf int, overhead float64) Stats {
	j := &t.job
	t.per = t.per[:0]
	for b := range j.batches {
		if c := j.cycles[b*nf+k]; c > 0 { // 0: not run in this batch (Sparse)
			t.per = append(t.per, float64(c)/float64(j.calls)-overhead)
		}
	}
	slices.Sort(t.per)
	return Stats{Median: quantile(t.per, 0.5), Min: t.per[0], Max: t.per[len(t.per)-1],
		P25: quantile(t.per, 0.25), P75: quantile(t.per, 0.75), Batches: len(t.per), Calls: int(j.calls)}
}

// quantile of sorted xs by linear interpolation between closest ranks.
func quantile(xs []float64, q float64) float64 {
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (pos-float64(i))*(xs[i+1]-xs[i])
}
