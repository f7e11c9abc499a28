package search

import (
	"cmp"
	"slices"
)

// RaceBets is how many of the best-scored bets race for the continuation of Bet-and-Run
// (the bets that started from Options.Start join them). A bet's score is one noisy
// comparison, and the lowest of 20 such scores is often a lucky one: on AMD znver5 a
// random-start bet continued in 17 of 95 two-minute searches and mostly ended slower than
// the greedy-started searches of the same function (docs/search.md).
const RaceBets = 4

// RaceRepeats is how many comparisons a challenger of the race takes with the champion;
// it replaces the champion when it wins their median. The race decides what most of the
// budget is spent on, once, so it affords more repeats than anchoring.
const RaceRepeats = 5

// betRun is a finished bet: the state its run would continue from, and its last scores.
type betRun struct {
	i                int // index in Outcome.Bets
	st               *state
	rec              *records
	cycles, baseline float64
}

// contenders ranks runs by score (ratio to the baseline, else cycles; ties: the earlier
// bet) and keeps the best k, plus every bet i < given (those started from the caller's
// genomes: a warm start is worth its race even when one noisy score ranked it low).
// k ≤ 0 keeps only the best: no race.
func contenders(runs []betRun, k int, given int) []betRun {
	ranked := slices.Clone(runs)
	slices.SortStableFunc(ranked, func(a, b betRun) int {
		return cmp.Compare(ratioOrCycles(a.cycles, a.baseline), ratioOrCycles(b.cycles, b.baseline))
	})
	if k <= 0 {
		return ranked[:1]
	}
	out := slices.Clip(ranked[:min(k, len(ranked))])
	for _, b := range runs {
		if b.i < given && !slices.ContainsFunc(out, func(c betRun) bool { return c.i == b.i }) {
			out = append(out, b)
		}
	}
	return out
}

// adopt makes b's run the current one.
func (r *runner) adopt(b betRun) {
	r.cur, r.rec, r.cycles, r.baseline = b.st, b.rec, b.cycles, b.baseline
}

// race adopts cs[0], the best-scored bet, as the champion, and lets each other contender
// challenge it in RaceRepeats comparisons of their current genomes (what the final run
// would continue from), within left evaluations (a step must remain) and the time limit.
// It returns the index in Outcome.Bets of the bet left current, how many bets raced (0:
// none) and the comparisons made.
func (r *runner) race(cs []betRun, left int) (winner, raced, compared int, stop StopReason, err error) {
	r.adopt(cs[0])
	winner, start := cs[0].i, r.eval
	for _, c := range cs[1:] {
		if left-(r.eval-start) <= RaceRepeats {
			break
		}
		if s, stopped := r.stopped(r.deadline(1)); stopped {
			stop = s
			break
		}
		raced = max(raced, 1) + 1
		var won bool
		won, stop, err = r.challenge(c)
		if won {
			winner = c.i
		}
		if err != nil || stop != StopBudget {
			break
		}
	}
	return winner, raced, r.eval - start, stop, err
}

// challenge compares c's current genome with the champion's RaceRepeats times, side by
// side, and adopts c when its median ratio to the champion is below 1. A stop before the
// last comparison leaves the champion.
func (r *runner) challenge(c betRun) (won bool, stop StopReason, err error) {
	var ratios [RaceRepeats]float64
	for i := range ratios {
		if s, stopped := r.stopped(r.deadline(1)); stopped {
			return false, s, nil
		}
		res, err := r.compare(c.st.g, r.cur.g)
		if err != nil {
			return false, StopBudget, err
		}
		ratios[i] = res.Cand / res.Best
		if won = i == len(ratios)-1 && median(ratios[:]) < 1; won {
			r.adopt(c)
		}
		r.settle(Race, res, won)
	}
	return won, StopBudget, nil
}

// median sorts xs (odd length) and returns its middle value.
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
