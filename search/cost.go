package search

import "fmt"

// Cost scores genomes. Compare measures a candidate and the current best side by side, in
// one interleaved run, so that both numbers share the machine's momentary noise (and,
// optionally, a fixed compiler baseline measured in the same run).
//
// A Cost is not safe for concurrent use by the search: it is called from one goroutine.
type Cost interface {
	Compare(cand, best Genome) (Result, error)
}

// Result is one comparison. Cycles are any positive score where lower is better.
type Result struct {
	Cand, Best float64 // scores of the candidate and of the current best
	Baseline   float64 // score of the compiler baseline, 0 when none was measured
	// Used lists the decisions the candidate's code generation consulted; the decide
	// mutation only changes those. The search copies it, so a Cost may reuse the slice.
	Used []int
}

// CostFunc adapts a function to Cost.
type CostFunc func(cand, best Genome) (Result, error)

// Compare calls f.
func (f CostFunc) Compare(cand, best Genome) (Result, error) { return f(cand, best) }

// EvalError is a failed evaluation: the search stops and reports the genome that caused it
// (a wrong output is a code generation bug, and the genome reproduces it).
type EvalError struct {
	Genome Genome
	Eval   int // 1-based index of the failed evaluation
	Err    error
}

func (e *EvalError) Error() string {
	return fmt.Sprintf("evaluation %d: %v", e.Eval, e.Err)
}

func (e *EvalError) Unwrap() error { return e.Err }
