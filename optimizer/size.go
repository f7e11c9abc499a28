package optimizer

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
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

// compareSized scores by encoded size under the size objective, and by cycles under a
// byte cap except where the cap decides.
func (c *cost) compareSized(cand, best search.Genome) (search.Result, error) {
	cb, used, err := c.size(cand)
	if err != nil {
		return search.Result{}, err
	}
	bb, _, err := c.size(best)
	if err != nil {
		return search.Result{}, err
	}
	if c.obj == Size {
		return search.Result{Cand: float64(cb), Best: float64(bb), Used: used}, nil
	}
	capped := func(n int) float64 { return OverCap + float64(n) }
	over := c.maxBytes
	switch {
	case cb > over && bb > over:
		return search.Result{Cand: capped(cb), Best: capped(bb), Used: used}, nil
	case cb > over && c.lastBest > 0:
		return search.Result{Cand: capped(cb), Best: c.lastBest, Baseline: c.lastBase, Used: used}, nil
	}
	r, err := c.compareTimed(cand, best)
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
		c.lastBest, c.lastBase = r.Best, r.Baseline
	}
	return r, nil
}

// size is the encoded length of g's code and the decisions codegen applied.
func (c *cost) size(g search.Genome) (int, []int, error) {
	e, err := c.entry(g)
	if err != nil {
		return 0, nil, err
	}
	return e.size, e.used, nil
}

// TextBytes is the length of the function's machine code (what the linked .text holds).
func TextBytes(prog *x86.Program) (int, error) {
	code, err := encode.Encode(prog)
	if err != nil {
		return 0, fmt.Errorf("encoding: %w", err)
	}
	return len(code), nil
}
