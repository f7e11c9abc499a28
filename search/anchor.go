package search

// AnchorRepeats is how many comparisons a return to the latest record takes: a record was
// one lucky comparison, so the walk goes back to it only when it wins the median of
// several.
const AnchorRepeats = 3

// anchorDue reports whether the walk should be compared with its latest record now, with
// left evaluations left in the run (the comparisons come out of them, and a step must
// remain), and counts the step when it should not.
func (r *runner) anchorDue(left int) bool {
	if r.anchorEvery <= 0 || r.rec == nil || left <= AnchorRepeats {
		return false
	}
	if r.sinceAnchor < r.anchorEvery {
		r.sinceAnchor++
		return false
	}
	r.sinceAnchor = 0
	return true
}

// reanchor compares the run's latest record (the genome with its lowest score) with the
// current genome AnchorRepeats times and makes the record current when its median ratio
// to the current genome is below 1: accepting "not slower" under noise lets the walk
// drift away from good genomes, and a record left behind is otherwise only a finalist at
// the end. It reports whether the walk moved and how many comparisons it made (they count
// as evaluations): none when the current genome is the latest record.
func (r *runner) reanchor() (moved bool, compared int, err error) {
	rec := r.rec.latest()
	if rec == nil || sameGenome(rec.g, r.cur.g) {
		return false, 0, nil
	}
	var ratios [AnchorRepeats]float64
	var res Result
	for i := range ratios {
		if res, err = r.compare(rec.g, r.cur.g); err != nil {
			return false, i + 1, err
		}
		ratios[i] = res.Cand / res.Best
	}
	if moved = median(ratios[:]) < 1; moved {
		r.cur.copyFrom(rec)
	}
	r.settle(Anchor, res, moved)
	return moved, AnchorRepeats, nil
}

// settle records res, a comparison of a genome with the current one that moved the walk
// to it or not (the current genome is already the one it settled on), and observes it.
func (r *runner) settle(m Mutation, res Result, moved bool) {
	r.cycles = res.Best
	if moved {
		r.cycles = res.Cand
	}
	r.baseline = res.Baseline
	r.emit(m, res, moved)
}

// compare is one evaluation of cand against best; a failure is an *EvalError naming cand.
func (r *runner) compare(cand, best Genome) (Result, error) {
	r.eval++
	res, err := r.cost.Compare(cand, best)
	if err != nil {
		return res, &EvalError{Genome: cand.Clone(), Eval: r.eval, Err: err}
	}
	return res, nil
}
