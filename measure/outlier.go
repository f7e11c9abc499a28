package measure

import "slices"

// Outlier batches: a batch during which the thread was preempted, or the clock changed
// speed, makes every function timed in it look slower by the same accident. The median
// over batches already resists a few of them, but a comparison of 31 batches with 5 hit
// moves its median; re-running the hit batches (same inputs, same order, same call count)
// keeps the score a measurement of the code rather than of the machine's worst moments.

// Defaults of TimerOptions.OutlierFactor and TimerOptions.Remeasure.
const (
	defaultOutlierFactor = 2.0
	defaultRemeasure     = 2
)

// outliers finds outlier batches, reusing its buffers from one comparison to the next
// (the search compares thousands of times a second).
type outliers struct {
	bad            []int
	limits, sorted []float64
}

// find returns the batches (of batches, nf functions each, ticks in cycles[b*nf+k]) in
// which some function took more than factor times its median over the batches.
func (o *outliers) find(cycles []uint64, nf, batches int, factor float64) []int {
	o.bad = o.bad[:0]
	if batches < 3 || factor <= 0 { // no median worth trusting
		return o.bad
	}
	o.limits = o.limits[:0]
	for k := range nf {
		o.sorted = o.sorted[:0]
		for b := range batches {
			if c := cycles[b*nf+k]; c > 0 { // 0: not run in this batch (Sparse)
				o.sorted = append(o.sorted, float64(c))
			}
		}
		slices.Sort(o.sorted)
		o.limits = append(o.limits, factor*quantile(o.sorted, 0.5))
	}
	for b := range batches {
		for k := range nf {
			if float64(cycles[b*nf+k]) > o.limits[k] {
				o.bad = append(o.bad, b)
				break
			}
		}
	}
	return o.bad
}

// remeasure re-runs the outlier batches of the last job, in up to Remeasure rounds (a
// re-run batch can be hit again), copying their new ticks and outputs over the old ones.
// It returns how many batch re-runs it made.
func (t *Timer) remeasure() (int, error) {
	j, s, nf := &t.job, t.job.shape, len(t.job.fns)
	stride := s.Arg1 + s.Arg2
	n := 0
	for range t.opts.Remeasure {
		bad := t.out.find(j.cycles, nf, j.batches, t.opts.OutlierFactor)
		if len(bad) == 0 {
			break
		}
		r := &t.redo
		*r = timing{fns: j.fns, shape: s, batches: len(bad), calls: j.calls, goal: j.goal, max: j.max,
			poison: j.poison, in: grow(r.in, len(bad)*stride), order: grow(r.order, len(bad)*nf),
			results: r.results, cycles: r.cycles}
		for i, b := range bad {
			copy(r.in[i*stride:(i+1)*stride], j.in[b*stride:])
			copy(r.order[i*nf:(i+1)*nf], j.order[b*nf:])
		}
		if err := t.r.time(r); err != nil {
			return n, err
		}
		for i, b := range bad {
			copy(j.cycles[b*nf:(b+1)*nf], r.cycles[i*nf:])
			copy(j.results[b*nf*s.Out:(b+1)*nf*s.Out], r.results[i*nf*s.Out:])
		}
		n += len(bad)
	}
	return n, nil
}
