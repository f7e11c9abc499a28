package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/sys/unix"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// progress reports a running search: a live bar on a terminal, plain log lines otherwise
// (CI logs, Bazel actions). It is updated from the search goroutine on every evaluation
// and only renders at its own pace.
type progress struct {
	w        io.Writer
	bar      *progressbar.ProgressBar // nil when w is not a terminal
	start    time.Time
	evals    int           // evaluation budget
	limit    time.Duration // time limit, 0 for none
	every    time.Duration // rendering period
	next     time.Time
	baseline string // what the ratio is against
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

func newProgress(w io.Writer, evals int, limit time.Duration, baseline string) *progress {
	p := &progress{w: w, start: time.Now(), evals: evals, limit: limit, every: 10 * time.Second, baseline: baseline}
	if isTerminal(w) {
		p.every = 200 * time.Millisecond
		p.bar = progressbar.NewOptions(evals,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetWidth(24),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetElapsedTime(false),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	p.next = p.start.Add(p.every)
	return p
}

// update is called after each evaluation.
func (p *progress) update(s search.Step) {
	now := time.Now()
	if now.Before(p.next) {
		return
	}
	p.next = now.Add(p.every)
	status := p.status(s.Eval, s.Current, s.Baseline, now.Sub(p.start))
	if p.bar != nil {
		p.bar.Describe(status)
		_ = p.bar.Set(s.Eval)
		return
	}
	fmt.Fprintf(p.w, "optimize: %d/%d evaluations, %s\n", s.Eval, p.evals, status)
}

// status is the one-line state of the search.
func (p *progress) status(done int, cycles, baseline float64, elapsed time.Duration) string {
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	s := fmt.Sprintf("%.0f evals/s, best %.1f cycles", rate, cycles)
	if baseline > 0 {
		s += fmt.Sprintf(" (ratio %.3f to %s)", cycles/baseline, p.baseline)
	}
	eta := time.Duration(float64(p.evals-done) / max(rate, 1e-9) * float64(time.Second))
	if p.limit > 0 {
		eta = min(eta, p.limit-elapsed)
	}
	return s + fmt.Sprintf(", elapsed %s, ETA %s", elapsed.Round(time.Second), max(eta, 0).Round(time.Second))
}

// finish ends the bar and prints the outcome.
func (p *progress) finish(out search.Outcome) {
	elapsed := time.Since(p.start)
	if p.bar != nil {
		p.bar.Describe(p.status(out.Evals, out.Cycles, out.Baseline, elapsed))
		_ = p.bar.Set(out.Evals)
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "optimize: stopped (%s) after %d evaluations in %s (%.0f evals/s): best %.1f cycles",
		out.Stop, out.Evals, elapsed.Round(time.Millisecond), float64(out.Evals)/max(elapsed.Seconds(), 1e-9), out.Cycles)
	if out.Baseline > 0 {
		fmt.Fprintf(p.w, ", %s %.1f cycles, ratio %.3f (speedup %.2fx)", p.baseline, out.Baseline, out.Ratio(), 1/out.Ratio())
	}
	fmt.Fprintln(p.w)
}
