package main

import (
	"flag"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// objectiveFlags choose what optimize minimises: measured cycles (optionally under a
// code size cap) or the encoded size of the function.
type objectiveFlags struct {
	objective string
	maxBytes  int
}

// maxBytesLimit bounds --max-bytes (the largest catalogue function is ~20 KB).
const maxBytesLimit = 1 << 20

func (f *objectiveFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.objective, "objective", "cycles", "what to minimise: cycles (measured) or size (encoded .text bytes; ties keep moving)")
	fs.IntVar(&f.maxBytes, "max-bytes", 0, "with --objective cycles: fastest code of at most this many .text bytes (0: no cap)")
}

func (f *objectiveFlags) check() error {
	switch f.objective {
	case "cycles":
	case "size":
		if f.maxBytes != 0 {
			return fmt.Errorf("--max-bytes is for --objective cycles (size already minimises bytes)")
		}
	default:
		return fmt.Errorf("--objective %.20q: want cycles or size", f.objective)
	}
	if f.maxBytes < 0 || f.maxBytes > maxBytesLimit {
		return fmt.Errorf("--max-bytes %d: want 0..%d", f.maxBytes, maxBytesLimit)
	}
	return nil
}

// active says whether the plain timed cost needs wrapping.
func (f *objectiveFlags) active() bool { return f.objective == "size" || f.maxBytes > 0 }

// overCap is the score of code over --max-bytes: above any cycle count, and smaller for
// smaller code, so a search that starts over the cap walks down to it.
const overCap = 1e12

// sizedCost is the search.Cost of --objective size and --max-bytes: code size from the
// encoder, cycles from the timed cost only where they decide.
type sizedCost struct {
	timed    *timedCost
	obj      objectiveFlags
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
	if s.obj.objective == "size" {
		return search.Result{Cand: float64(cb), Best: float64(bb), Used: used}, nil
	}
	capped := func(n int) float64 { return overCap + float64(n) }
	over := s.obj.maxBytes
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
	if r.Best < overCap {
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
	var used []int
	for d, v := range applied {
		if v == g.Decisions[d] {
			used = append(used, d)
		}
	}
	return len(code), used, nil
}

// measureWinner replaces the size score of a --objective size outcome by the winner's
// measured cycles (and the baseline's), so the report and header quote cycles.
func (s *sizedCost) measureWinner(out *search.Outcome) error {
	if s.obj.objective != "size" {
		return nil
	}
	r, err := s.timed.Compare(out.Best, out.Best)
	if err != nil {
		return fmt.Errorf("timing the smallest genome: %w", err)
	}
	out.Cycles, out.Baseline = r.Best, r.Baseline
	return nil
}

// textBytes is the length of the function's machine code (what the linked .text holds).
func textBytes(prog *x86.Program) (int, error) {
	code, err := encode.Encode(prog)
	if err != nil {
		return 0, fmt.Errorf("encoding: %w", err)
	}
	return len(code), nil
}

// codeFacts are the .S header lines that describe the code itself: its encoded size and
// whether it wipes its stack.
func codeFacts(prog *x86.Program, opts codegen.Options) ([]string, error) {
	n, err := textBytes(prog)
	if err != nil {
		return nil, err
	}
	lines := []string{fmt.Sprintf("text-bytes: %d", n)}
	if opts.WipeSpills {
		lines = append(lines, "wipe-spills: yes")
	}
	return lines, nil
}

// admit refuses a winner over --max-bytes (the search found nothing under the cap).
func (f *objectiveFlags) admit(prog *x86.Program) error {
	if f.maxBytes == 0 {
		return nil
	}
	n, err := textBytes(prog)
	if err != nil {
		return err
	}
	if n > f.maxBytes {
		return notProved(fmt.Errorf("no code of at most %d bytes found (smallest reached: %d bytes); raise --max-bytes or --evals", f.maxBytes, n))
	}
	return nil
}
