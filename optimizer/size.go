package optimizer

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Objective is what the search minimises.
type Objective string

const (
	// Cycles minimises measured cycles (under Config.MaxBytes when it is set).
	Cycles Objective = "cycles"
	// Size minimises the encoded .text bytes (ties keep moving); the winner is timed at
	// the end, so the result still quotes cycles.
	Size Objective = "size"
)

// OverCap is the score of code over MaxBytes: above any cycle count, and smaller for
// smaller code, so a search that starts over the cap walks down to it.
const OverCap = 1e12

// CapError is a search that found no code of at most Max (Config.MaxBytes) bytes.
type CapError struct{ Max, Smallest int }

func (e *CapError) Error() string {
	return fmt.Sprintf("no code of at most %d bytes found (smallest reached: %d bytes)", e.Max, e.Smallest)
}

// sizedCost is the search.Cost of the size objective and of a byte cap: code size from
// the encoder, cycles from the timed cost only where they decide.
type sizedCost struct {
	timed    *timedCost
	obj      Objective
	maxBytes int
	lastBest float64 // the best's last measured score, 0 before any timing
	lastBase float64
}

// Compare implements search.Cost.
func (s *sizedCost) Compare(cand, best search.Genome) (search.Result, error) {
	cb, used, err := s.size(cand)
	if err != nil {
		return search.Result{}, err
	}
	bb, _, err := s.size(best)
	if err != nil {
		return search.Result{}, err
	}
	if s.obj == Size {
		return search.Result{Cand: float64(cb), Best: float64(bb), Used: used}, nil
	}
	capped := func(n int) float64 { return OverCap + float64(n) }
	over := s.maxBytes
	switch {
	case cb > over && bb > over:
		return search.Result{Cand: capped(cb), Best: capped(bb), Used: used}, nil
	case cb > over && s.lastBest > 0:
		return search.Result{Cand: capped(cb), Best: s.lastBest, Baseline: s.lastBase, Used: used}, nil
	}
	r, err := s.timed.Compare(cand, best)
	if err != nil {
		return r, err
	}
	switch {
	case cb > over:
		r.Cand = capped(cb)
	case bb > over:
		r.Best = capped(bb)
	}
	if r.Best < OverCap {
		s.lastBest, s.lastBase = r.Best, r.Baseline
	}
	return r, nil
}

// size is the encoded length of g's code and the decisions codegen applied.
func (s *sizedCost) size(g search.Genome) (int, []int, error) {
	prog, applied, err := s.timed.plan.Generate(g.Order, g.Decisions, s.timed.gopts)
	if err != nil {
		return 0, nil, err
	}
	code, err := s.timed.enc.Encode(prog)
	if err != nil {
		return 0, nil, err
	}
	return len(code), usedDecisions(nil, applied, g), nil
}

// measureWinner replaces the size score of a size-objective outcome by the winner's
// measured cycles (and the baseline's), so the report and header quote cycles.
func (s *sizedCost) measureWinner(out *search.Outcome) error {
	if s.obj != Size {
		return nil
	}
	r, err := s.timed.Compare(out.Best, out.Best)
	if err != nil {
		return fmt.Errorf("timing the smallest genome: %w", err)
	}
	out.Cycles, out.Baseline = r.Best, r.Baseline
	return nil
}

// TextBytes is the length of the function's machine code (what the linked .text holds).
func TextBytes(prog *x86.Program) (int, error) {
	code, err := x86.Encode(prog)
	if err != nil {
		return 0, fmt.Errorf("encoding: %w", err)
	}
	return len(code), nil
}
