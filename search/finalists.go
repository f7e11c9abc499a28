package search

import (
	"slices"
)

// maxRecords is how many of a run's latest records are kept as finalists' candidates.
const maxRecords = 8

// records remembers, for the final race, a run's start and its latest records: genomes
// accepted with a ratio to the baseline below every earlier one. Accepting "not slower"
// under noise lets the walk drift away from good genomes, and a single noisy measurement
// made each of them a record, so they are only candidates: the caller's final race
// (Outcome.Finalists) re-measures them side by side at length.
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

// latest is the latest record (the lowest score), nil before the first.
func (rc *records) latest() *state {
	if rc.n == 0 {
		return nil
	}
	return rc.ring[(rc.next+maxRecords-1)%maxRecords]
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

// MaxFinalists bounds Outcome.Finalists: the winner and the latest distinct challengers
// of its run, for a caller's final race (the optimizer times them side by side with the
// baseline at length, which the search's short comparisons cannot afford per step).
const MaxFinalists = 4

// finalists is the current genome, the run's start, the caller's start (Options.Start[0])
// when another bet continued, then the latest records, at most MaxFinalists, all
// distinct. The starts always race: codegen's greedy genome or the user's is often near
// the floor already, and a 2-minute run makes more records than there are places (p521
// mul on znver5: the greedy start was faster than three of five searched seeds, side by
// side, when only the latest records raced; docs/search.md).
func (r *runner) finalists() []Genome {
	out := []Genome{r.cur.g.Clone()}
	if r.rec == nil {
		return out
	}
	ch := r.rec.challengers(r.cur)
	if len(ch) > 0 && ch[0] == r.rec.start {
		out, ch = append(out, ch[0].g.Clone()), ch[1:]
	}
	// The caller's start races too when a random-start bet continued: the bet race
	// compares where the bets ended, and a walk can drift away from a good start
	// (secp256k1_dettman mul on znver4 from a znver5 genome, docs/search.md).
	if g := r.given; g != nil && !slices.ContainsFunc(out, func(o Genome) bool { return sameGenome(o, *g) }) {
		out = append(out, g.Clone())
		ch = slices.DeleteFunc(slices.Clone(ch), func(s *state) bool { return sameGenome(s.g, *g) })
	}
	for i := len(ch) - 1; i >= 0 && len(out) < MaxFinalists; i-- {
		out = append(out, ch[i].g.Clone())
	}
	return out
}
