package search

import (
	"fmt"
	"math"
	"time"
)

// Options configure a search. The zero value is not valid: Evals and Bets must be set.
type Options struct {
	Evals    int     // total evaluations (calls to Cost.Compare), ≥ 1
	Bets     int     // independent runs of the first phase; 1 is plain local search
	BetRatio float64 // share of Evals (and of TimeLimit) spent on the bets, in [0, 1)
	Seed     int64   // seeds every random choice: same seed + same scores = same search
	// TimeLimit, when positive, ends the search with the best so far; the bets get the
	// same share of it as of the evaluations.
	TimeLimit time.Duration
	// Start, when set, gives the starting genomes of the first runs (bet i starts from
	// Start[i]; a single run from Start[0]); the other runs start from random genomes.
	// There are at most Runs() of them. Every started bet races for the continuation,
	// and Start[0] races at the end whichever bet continued.
	Start []Genome
	// Anchor, when positive, compares a run's current genome with the run's latest record
	// every Anchor steps (AnchorRepeats comparisons, counted as evaluations) and goes back
	// to the record when it is faster; 0 never does.
	Anchor int
	// Confirm, when set, accepts a candidate only when a second comparison with the
	// current genome agrees that it is not slower (counted as an evaluation; skipped when
	// the two generate the same code or no evaluation is left). Under noise a slightly
	// slower candidate passes one comparison often and two much less often, so the walk
	// drifts less from a good genome; neutral moves are accepted less often too.
	Confirm bool
	// Observe, when set, is called after every evaluation, on the search's goroutine.
	Observe func(Step)
}

// Step is one evaluation as the search saw it.
type Step struct {
	Eval       int      // 1-based index over the whole search
	Bet        int      // index of the bet run, -1 in the final run and the race before it
	Mutation   Mutation // what made the candidate
	Cand, Best float64  // the scores measured in this comparison
	Baseline   float64
	Accepted   bool    // the candidate became the current best
	Current    float64 // score of the current best after this step
}

// StopReason says why a search ended.
type StopReason uint8

const (
	StopBudget    StopReason = iota // all evaluations done
	StopTimeLimit                   // Options.TimeLimit reached
	StopCancelled                   // the context was cancelled (e.g. Ctrl-C)
)

func (s StopReason) String() string {
	return [...]string{"budget", "time limit", "cancelled"}[s]
}

// RunSummary is one bet of the first phase.
type RunSummary struct {
	Evals    int
	Cycles   float64 // last measured score of the run's best
	Baseline float64 // last measured baseline in the run
}

// Outcome is the result of a search.
type Outcome struct {
	Best     Genome
	Cycles   float64 // last measured score of Best
	Baseline float64 // last measured baseline (0 when the Cost measures none)
	Evals    int     // evaluations done
	Stop     StopReason
	Bets     []RunSummary // the first phase, empty for a single run
	Winner   int          // index of the bet that continued, -1 for a single run
	// Raced is how many of the best-scored bets raced for the continuation (0: no race, the
	// best-scored bet continued); RaceEvals is the race's comparisons, counted in Evals
	// and taken from the final run's share.
	Raced, RaceEvals int
	// Finalists are Best then up to MaxFinalists-1 other genomes of its run (its start and
	// latest records), distinct, for a final race at length: the walk accepts "not
	// slower" under noise and so drifts away from good genomes it has seen.
	Finalists []Genome
}

// Ratio is Cycles/Baseline, or 0 without a baseline.
func (o Outcome) Ratio() float64 { return ratio(o.Cycles, o.Baseline) }

func ratio(cycles, baseline float64) float64 {
	if baseline <= 0 {
		return 0
	}
	return cycles / baseline
}

// Split returns the evaluations of each bet and of the final run for a budget: bets runs
// of ⌊evals·ratio/bets⌋ (at least 1) each, the final run gets the rest. With one bet or a
// zero ratio the search is a single run of evals (perBet is 0).
func Split(evals, bets int, betRatio float64) (perBet, final int, err error) {
	switch {
	case evals < 1:
		return 0, 0, fmt.Errorf("evaluations must be at least 1, got %d", evals)
	case bets < 1:
		return 0, 0, fmt.Errorf("bets must be at least 1, got %d", bets)
	case !(betRatio >= 0 && betRatio < 1):
		return 0, 0, fmt.Errorf("bet ratio must be in [0, 1), got %g", betRatio)
	}
	if bets == 1 || betRatio == 0 {
		return 0, evals, nil
	}
	if bets > evals {
		return 0, 0, fmt.Errorf("%d bets need at least as many evaluations, got %d", bets, evals)
	}
	// The epsilon keeps 0.29·100 = 28.999… from losing an evaluation.
	perBet = max(1, int(math.Floor(float64(evals)*betRatio/float64(bets)+1e-9)))
	return perBet, evals - bets*perBet, nil
}

// Runs is how many runs the search starts: Bets, or 1 when Split gives no bets (or
// refuses the numbers). It bounds Start.
func (o Options) Runs() int {
	if perBet, _, err := Split(o.Evals, o.Bets, o.BetRatio); err == nil && perBet > 0 {
		return o.Bets
	}
	return 1
}
