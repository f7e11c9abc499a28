package main

import (
	"fmt"
	"io"
	"math"
	"math/rand"
	"path/filepath"
	"strings"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
)

// benchRow is one function's result: our cycles, each compiler's, and the speedups
// (compiler cycles / our cycles, per repeat).
type benchRow struct {
	name     string // the function, and the file when not named after it
	fn       string // the function
	ours     measure.Spread
	base     []measure.Spread
	speedups []measure.Spread
	fiat     fiatCells // with --fiat-baselines
}

// rowName names a table row by its function, and by its file too when the file is not
// named after the function: bench --all over several searches of one function (other
// seeds, other binaries) must say which row is which file.
func rowName(fn, path string) string {
	base := filepath.Base(path)
	if strings.TrimSuffix(base, filepath.Ext(base)) == fn {
		return fn
	}
	return fmt.Sprintf("%s (%s)", fn, base)
}

// benchOne times a .S file against each compiler's build of the project's C, and of
// Fiat's C when the job has a Fiat function.
func benchOne(r *measure.Runner, j benchJob, compilers []string, b *benchFlags, builds *cBuilds, progress func(rep int)) (benchRow, error) {
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
		n, err := builds.fn(j.src.Func, c)
		if err != nil {
			return benchRow{}, err
		}
		fns = append(fns, n)
	}
	ref, fiatFns, err := withFiat(j, builds, compilers)
	if err != nil {
		return benchRow{}, err
	}
	fns = append(fns, fiatFns...)
	timer, err := measure.NewTimer(r, measure.TimerOptions{Batches: b.batches, Seed: b.seed})
	if err != nil {
		return benchRow{}, err
	}
	med, err := timer.Repeat(fns, ref, rand.New(rand.NewSource(b.seed)), b.repeats, progress)
	if err != nil {
		return benchRow{}, err
	}
	row := benchRow{name: rowName(j.src.Func.Name, j.path), fn: j.src.Func.Name, ours: measure.SpreadOf(med[0])}
	for k := 1; k <= len(compilers); k++ {
		row.base = append(row.base, measure.SpreadOf(med[k]))
		row.speedups = append(row.speedups, measure.SpreadOf(measure.Ratios(med, k, 0)))
	}
	row.fiat = newFiatCells(j.fiat, med, 1+len(compilers))
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
func printBenchTable(w io.Writer, cpu uarch.Info, rows []benchRow, compilers []string, b *benchFlags) {
	repeats, batches, withFiat := b.repeats, b.batches, b.fiatDir != ""
	fmt.Fprintf(w, "cpu: %s (%s)\n\n", safeHeaderValue(cpu.Model), safeHeaderValue(cpu.Tag))
	head := []string{"function", "cryptopt cycles"}
	for _, c := range compilers {
		head = append(head, c+" cycles")
	}
	for _, c := range compilers {
		head = append(head, "speedup vs "+c)
	}
	if withFiat {
		head = append(head, fiatHead(compilers)...)
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, r := range rows {
		cells := []string{r.name, fmtCycles(r.ours)}
		for _, s := range r.base {
			cells = append(cells, fmtCycles(s))
		}
		for _, s := range r.speedups {
			cells = append(cells, fmtSpeedup(s))
		}
		if withFiat {
			cells = append(cells, r.fiat.cells(len(compilers))...)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	if len(rows) > 1 {
		cells := []string{"**geomean**", ""}
		cells = append(cells, make([]string, len(compilers))...)
		for k := range compilers {
			logSum, wins := 0.0, 0
			for _, r := range rows {
				logSum += math.Log(r.speedups[k].Med)
				if r.speedups[k].Med > 1 {
					wins++
				}
			}
			cells = append(cells, fmt.Sprintf("**%.3fx** (faster in %d/%d)", math.Exp(logSum/float64(len(rows))), wins, len(rows)))
		}
		if withFiat {
			cells = append(cells, fiatGeomean(rows, len(compilers))...)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	if withFiat {
		printFiatNotes(w, rows, b.fiatDir)
	}
	printPerFunction(w, rows, compilers, withFiat)
	fmt.Fprintf(w, "\nmeasured on %s (tag `%s`); cycles: TSC ticks per call, median over %d repeats of the median of %d interleaved batches; "+
		"(lo–hi) is the range over the repeats; speedup = compiler cycles / cryptopt cycles per repeat.\n",
		safeHeaderValue(cpu.Model), safeHeaderValue(cpu.Tag), repeats, batches)
}

func fmtSpeedup(s measure.Spread) string {
	return fmt.Sprintf("%.2fx (%.2f–%.2f)", s.Med, s.Lo, s.Hi)
}

func fmtCycles(s measure.Spread) string {
	return fmt.Sprintf("%.1f (%.1f–%.1f)", s.Med, s.Lo, s.Hi)
}
