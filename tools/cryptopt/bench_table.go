package main

import (
	"fmt"
	"io"
	"math"
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
)

// spread is a median over repeats with the range the repeats covered.
type spread struct{ med, lo, hi float64 }

func spreadOf(xs []float64) spread {
	s := slices.Clone(xs)
	slices.Sort(s)
	mid := s[len(s)/2]
	if len(s)%2 == 0 {
		mid = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return spread{med: mid, lo: s[0], hi: s[len(s)-1]}
}

// benchRow is one function's result: our cycles, each compiler's, and the speedups
// (compiler cycles / our cycles, per repeat).
type benchRow struct {
	name     string
	ours     spread
	base     []spread
	speedups []spread
}

// benchOne times a .S file against each compiler's build of the project's C.
func benchOne(r *measure.Runner, j benchJob, compilers []string, b *benchFlags, progress func(rep int)) (benchRow, error) {
	shape, err := measure.ShapeOf(j.src.Func)
	if err != nil {
		return benchRow{}, err
	}
	fn, err := r.Load(j.prog, shape)
	if err != nil {
		return benchRow{}, err
	}
	fns := []measure.Fn{fn}
	for _, c := range compilers {
		n, _, err := optimizer.CompileBaseline(j.src.Func, c)
		if err != nil {
			return benchRow{}, err
		}
		defer n.Close()
		fns = append(fns, n.Fn())
	}
	timer, err := measure.NewTimer(r, measure.TimerOptions{Batches: b.batches, Seed: b.seed})
	if err != nil {
		return benchRow{}, err
	}
	rng := rand.New(rand.NewSource(b.seed))
	med := make([][]float64, len(fns)) // med[k][rep]
	for rep := range b.repeats {
		progress(rep)
		stats, err := timer.Compare(fns, j.src.Func, rng)
		if err != nil {
			return benchRow{}, err
		}
		for k, s := range stats {
			med[k] = append(med[k], s.Median)
		}
	}
	row := benchRow{name: j.src.Func.Name, ours: spreadOf(med[0])}
	for k := 1; k < len(fns); k++ {
		ratios := make([]float64, b.repeats)
		for i := range ratios {
			ratios[i] = med[k][i] / med[0][i]
		}
		row.base = append(row.base, spreadOf(med[k]))
		row.speedups = append(row.speedups, spreadOf(ratios))
	}
	return row, nil
}

// benchProgress prints a line now and then while bench runs (repeats can take minutes).
type benchProgress struct {
	w              io.Writer
	files, repeats int
	next           time.Time
}

func newBenchProgress(w io.Writer, files, repeats int) *benchProgress {
	return &benchProgress{w: w, files: files, repeats: repeats, next: time.Now().Add(2 * time.Second)}
}

// update reports repeat rep of file i, at most every 2 s.
func (p *benchProgress) update(i int, path string, rep int) {
	if now := time.Now(); now.After(p.next) {
		p.next = now.Add(2 * time.Second)
		fmt.Fprintf(p.w, "bench: file %d/%d (%s), repeat %d/%d\n", i+1, p.files, filepath.Base(path), rep+1, p.repeats)
	}
}

// printBenchTable prints the CPU it ran on, then a Markdown table: cycles per call and
// speedups, each as the median over repeats with the repeats' range, then the geometric
// mean speedups. The CPU is repeated under the table: a table pasted into BENCHMARKS.md
// must say which machine it came from (the machines change between runs).
func printBenchTable(w io.Writer, cpu uarch.Info, rows []benchRow, compilers []string, repeats, batches int) {
	fmt.Fprintf(w, "cpu: %s (%s)\n\n", safeHeaderValue(cpu.Model), safeHeaderValue(cpu.Tag))
	head := []string{"function", "cryptopt cycles"}
	for _, c := range compilers {
		head = append(head, c+" cycles")
	}
	for _, c := range compilers {
		head = append(head, "speedup vs "+c)
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, r := range rows {
		cells := []string{r.name, fmtCycles(r.ours)}
		for _, s := range r.base {
			cells = append(cells, fmtCycles(s))
		}
		for _, s := range r.speedups {
			cells = append(cells, fmt.Sprintf("%.2fx (%.2f–%.2f)", s.med, s.lo, s.hi))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	if len(rows) > 1 {
		cells := []string{"**geomean**", ""}
		cells = append(cells, make([]string, len(compilers))...)
		for k := range compilers {
			logSum, wins := 0.0, 0
			for _, r := range rows {
				logSum += math.Log(r.speedups[k].med)
				if r.speedups[k].med > 1 {
					wins++
				}
			}
			cells = append(cells, fmt.Sprintf("**%.3fx** (faster in %d/%d)", math.Exp(logSum/float64(len(rows))), wins, len(rows)))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	fmt.Fprintf(w, "\nmeasured on %s (tag `%s`); cycles: TSC ticks per call, median over %d repeats of the median of %d interleaved batches; "+
		"(lo–hi) is the range over the repeats; speedup = compiler cycles / cryptopt cycles per repeat.\n",
		safeHeaderValue(cpu.Model), safeHeaderValue(cpu.Tag), repeats, batches)
}

func fmtCycles(s spread) string {
	return fmt.Sprintf("%.1f (%.1f–%.1f)", s.med, s.lo, s.hi)
}
