package search

import (
	"slices"
)

// maxRecords is how many of a run's latest records the final knockout considers.
const maxRecords = 8

// records remembers, for the final knockout, a run's start and its latest records:
// genomes accepted with a ratio to the baseline below every earlier one. A single noisy
// measurement made each of them a record, so they are only candidates: the knockout
// re-measures them side by side.
type records struct {
	start *state
	ring  []*state // maxRecords slots, allocated up front so offers never allocate
	n     int      // slots in use
	next  int      // slot to overwrite next
	best  float64  // lowest ratio (or cycles) seen
}

func newRecords(cur *state, score float64) *records {
	rc := &records{start: newState(cur.g), best: score, ring: make([]*state, maxRecords)}
	for i := range rc.ring {
		rc.ring[i] = newState(cur.g)
	}
	return rc
}

// offer records cur when score beats every earlier one.
func (rc *records) offer(cur *state, score float64) {
	if score >= rc.best {
		return
	}
	rc.best = score
	rc.ring[rc.next].copyFrom(cur)
	rc.next = (rc.next + 1) % maxRecords
	rc.n = min(rc.n+1, maxRecords)
}

// challengers lists the start and the records, oldest first, without genomes equal to
// cur or to one another.
func (rc *records) challengers(cur *state) []*state {
	all := []*state{rc.start}
	if rc.n == maxRecords {
		all = append(all, rc.ring[rc.next:]...)
	}
	all = append(all, rc.ring[:rc.next]...)
	var out []*state
	for _, s := range all {
		same := func(o *state) bool { return sameGenome(s.g, o.g) }
		if !same(cur) && !slices.ContainsFunc(out, same) {
			out = append(out, s)
		}
	}
	return out
}

func sameGenome(a, b Genome) bool {
	return slices.Equal(a.Order, b.Order) && slices.Equal(a.Decisions, b.Decisions)
}

// knockout spends total comparisons re-measuring the challengers against the current
// genome, one after the other, each challenger taking the current's place when its
// median ratio to it is below 1. The reported cycles become a median of the last duel.
// It ignores the time limit (it takes milliseconds) but not a cancellation.
func (r *runner) knockout(total int) (bool, error) {
	ch := r.rec.challengers(r.cur)
	if k := total / 3; len(ch) > k { // at least 3 comparisons per duel: keep the latest
		ch = ch[len(ch)-k:]
	}
	if len(ch) == 0 {
		_, err := r.duel(r.cur, total) // nothing to challenge: a robust final score
		return false, err
	}
	won := false
	for i, c := range ch {
		n := total / len(ch)
		if i == len(ch)-1 {
			n = total - (len(ch)-1)*n
		}
		w, err := r.duel(c, n)
		if err != nil {
			return won, err
		}
		won = won || w
	}
	return won, nil
}

// duel compares c with the current genome n times side by side; c becomes current when
// its median ratio to it is below 1.
func (r *runner) duel(c *state, n int) (bool, error) {
	ratios := make([]float64, 0, n)
	mine := make([]float64, 0, n)
	cur := make([]float64, 0, n)
	var base []float64
	for range n {
		if r.ctx.Err() != nil {
			break
		}
		r.eval++
		res, err := r.cost.Compare(c.g, r.cur.g)
		if err != nil {
			return false, &EvalError{Genome: c.g.Clone(), Eval: r.eval, Err: err}
		}
		ratios = append(ratios, res.Cand/res.Best)
		mine, cur = append(mine, res.Cand), append(cur, res.Best)
		if res.Baseline > 0 {
			base = append(base, res.Baseline)
		}
		r.emit(Duel, res, false)
	}
	if len(ratios) == 0 {
		return false, nil
	}
	won := c != r.cur && median(ratios) < 1
	if won {
		r.cur = c
		r.cycles = median(mine)
	} else {
		r.cycles = median(cur)
	}
	if len(base) > 0 {
		r.baseline = median(base)
	}
	return won, nil
}

// MaxFinalists bounds Outcome.Finalists: the winner and the latest distinct challengers
// of its run, for a caller's final race (the optimizer times them side by side with the
// baseline at length, which the search's short comparisons cannot afford per step).
const MaxFinalists = 4

// finalists is the current genome then up to MaxFinalists-1 of the run's start and
// records, latest first, all distinct.
func (r *runner) finalists() []Genome {
	out := []Genome{r.cur.g.Clone()}
	if r.rec == nil {
		return out
	}
	ch := r.rec.challengers(r.cur)
	for i := len(ch) - 1; i >= 0 && len(out) < MaxFinalists; i-- {
		out = append(out, ch[i].g.Clone())
	}
	return out
}

// median of xs (sorted in place).
func median(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}
