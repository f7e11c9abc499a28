package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/sys/unix"

	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
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
	baseline string      // what the ratio is against
	walk     *walkWindow // the current walk's last comparisons, shown as medians
	bySize   bool        // --objective size: scores are bytes, not cycles
}

// score renders a search score: cycles, bytes under --objective size, or code over
// --max-bytes (whose score is optimizer.OverCap plus its size).
func (p *progress) score(v float64) string {
	switch {
	case v >= optimizer.OverCap:
		return fmt.Sprintf("%.0f B over cap", v-optimizer.OverCap)
	case p.bySize:
		return fmt.Sprintf("%.0f bytes", v)
	}
	return fmt.Sprintf("%.1f cycles", v)
}

// ratioOK reports whether a score can be compared with the baseline's cycles.
func (p *progress) ratioOK(v, baseline float64) bool {
	return baseline > 0 && !p.bySize && v < optimizer.OverCap
}

// ttyColumns is the width the live line must fit: an 80-column terminal, minus one
// column so that the cursor never wraps.
const ttyColumns = 79

// barWidth and descWidth split the live line: "100% |<bar>| <desc>" (the library adds
// the percentage, two bars and three spaces).
const (
	barWidth  = 20
	descWidth = ttyColumns - barWidth - 8
)

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
	return newProgressOn(w, isTerminal(w), evals, limit, baseline)
}

// newProgressOn is newProgress with the terminal test done (tests render the live line
// into a buffer).
func newProgressOn(w io.Writer, tty bool, evals int, limit time.Duration, baseline string) *progress {
	p := &progress{w: w, start: time.Now(), evals: evals, limit: limit, every: 10 * time.Second, baseline: baseline,
		walk: newWalkWindow()}
	if tty {
		p.every = 200 * time.Millisecond
		p.bar = progressbar.NewOptions(evals,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetWidth(barWidth),
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
	p.walk.add(s, s.Current/s.Baseline, p.ratioOK(s.Current, s.Baseline))
	now := time.Now()
	if now.Before(p.next) {
		return
	}
	p.next = now.Add(p.every)
	cur, ratio := p.walk.medians()
	if p.bar != nil {
		p.bar.Describe(p.shortStatus(s.Eval, cur, ratio, now.Sub(p.start)))
		_ = p.bar.Set(s.Eval)
		return
	}
	fmt.Fprintf(p.w, "optimize: %d/%d evaluations, %s\n", s.Eval, p.evals, p.status(s.Eval, cur, ratio, now.Sub(p.start)))
}

// shortStatus is the live line's description, cut to descWidth: evaluations, the current
// walk's median score and ratio (0: none), and the time left.
func (p *progress) shortStatus(done int, cur, ratio float64, elapsed time.Duration) string {
	s := fmt.Sprintf("%d now %s", done, p.score(cur))
	if ratio > 0 {
		s += fmt.Sprintf(" r%.3f", ratio)
	}
	s += " ETA " + p.eta(done, elapsed).String()
	if r := []rune(s); len(r) > descWidth {
		s = string(r[:descWidth])
	}
	return s
}

// eta is the time left: by the rate so far, capped by the time limit.
func (p *progress) eta(done int, elapsed time.Duration) time.Duration {
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	eta := time.Duration(min(float64(p.evals-done)/max(rate, 1e-9), 1e6) * float64(time.Second))
	if p.limit > 0 {
		eta = min(eta, p.limit-elapsed)
	}
	return max(eta, 0).Round(time.Second)
}

// status is the one-line state of the search: the current walk's median score and
// ratio over its last comparisons (ratio 0: none).
func (p *progress) status(done int, cur, ratio float64, elapsed time.Duration) string {
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	s := fmt.Sprintf("%.0f evals/s, current %s", rate, p.score(cur))
	if ratio > 0 {
		s += fmt.Sprintf(" (ratio %.3f to %s)", ratio, p.baseline)
	}
	return s + fmt.Sprintf(" over the walk's last %d comparisons (medians), elapsed %s, ETA %s",
		len(p.walk.scores), elapsed.Round(time.Second), p.eta(done, elapsed))
}

// finish ends the bar and prints the outcome. The outcome's Cycles are measured cycles
// under every objective (the final measurement times the winner); ratio is that
// measurement's, 0 to use Cycles/Baseline.
func (p *progress) finish(out search.Outcome, ratio float64) {
	elapsed := time.Since(p.start)
	ratio = cmp.Or(ratio, out.Ratio())
	if p.bar != nil {
		shown := ratio
		if p.bySize {
			shown = 0 // the live line's unit is bytes
		}
		p.bar.Describe(p.shortStatus(out.Evals, out.Cycles, shown, elapsed))
		_ = p.bar.Set(out.Evals)
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "optimize: stopped (%s) after %d evaluations in %s (%.0f evals/s): best %.1f cycles",
		out.Stop, out.Evals, elapsed.Round(time.Millisecond), float64(out.Evals)/max(elapsed.Seconds(), 1e-9), out.Cycles)
	if out.Baseline > 0 {
		fmt.Fprintf(p.w, ", %s %.1f cycles, ratio %.3f (speedup %.2fx)", p.baseline, out.Baseline, ratio, 1/ratio)
	}
	fmt.Fprintln(p.w)
}
