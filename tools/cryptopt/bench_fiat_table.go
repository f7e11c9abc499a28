package main

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
)

// fiatTarget14 is issue 14's target: every function at least this much faster than the faster
// compiler's build of Fiat's C.
const fiatTarget14 = 1.05

// fiatCells are one row's Fiat columns: cycles of Fiat's C per compiler and the speedup
// against the faster of them; ok false when the function has no Fiat counterpart.
type fiatCells struct {
	ok      bool
	fn      string // Fiat's function and file, for the notes
	why     string // why there is no value
	cycles  []measure.Spread
	speedup measure.Spread
	// each is the speedup against each compiler's build of Fiat's C: issue 14 states its
	// geomean target against one compiler (clang-19) on Fiat's formulation.
	each []measure.Spread
}

// withFiat is the reference to time j against (j's IR, its inputs narrowed to Fiat's
// bounds too) and Fiat's builds to time with it, each checked mod p against the
// reference; j's IR and none without a Fiat function.
func withFiat(j benchJob, builds *cBuilds, compilers []string) (*ir.Func, []measure.Fn, error) {
	b := j.fiat
	if b == nil || b.fn == nil {
		return j.src.Func, nil, nil
	}
	ref, err := intersectInputs(j.src.Func, b.fn)
	if err != nil {
		return nil, nil, err
	}
	var fns []measure.Fn
	for _, c := range compilers {
		fn, err := builds.fn(b.fn, c)
		if err != nil {
			return nil, nil, err
		}
		fn = fn.Checked(congruent(b.field, b.fn))
		fn.Name = "Fiat's " + b.name + " (" + c + ")"
		fns = append(fns, fn)
	}
	return ref, fns, nil
}

// newFiatCells summarises med[first:] (Fiat's builds, one per compiler) against med[0]
// (ours): per repeat, the faster Fiat build's cycles over ours.
func newFiatCells(b *fiatBaseline, med [][]float64, first int) fiatCells {
	if b == nil {
		return fiatCells{}
	}
	if b.fn == nil {
		return fiatCells{why: b.why}
	}
	c := fiatCells{ok: true, fn: b.name + " (" + b.file + ")"}
	for k := first; k < len(med); k++ {
		c.cycles = append(c.cycles, measure.SpreadOf(med[k]))
		c.each = append(c.each, measure.SpreadOf(measure.Ratios(med, k, 0)))
	}
	ratios := make([]float64, len(med[0]))
	for rep := range ratios {
		fastest := math.Inf(1)
		for k := first; k < len(med); k++ {
			fastest = min(fastest, med[k][rep])
		}
		ratios[rep] = fastest / med[0][rep]
	}
	c.speedup = measure.SpreadOf(ratios)
	return c
}

// fiatHead names the Fiat columns.
func fiatHead(compilers []string) []string {
	var head []string
	for _, c := range compilers {
		head = append(head, "Fiat C "+c+" cycles")
	}
	return append(head, "speedup vs faster Fiat C")
}

// cells are the row's Fiat columns ("—" where there is no Fiat function).
func (c fiatCells) cells(compilers int) []string {
	if !c.ok {
		return slices.Repeat([]string{"—"}, compilers+1)
	}
	var out []string
	for _, s := range c.cycles {
		out = append(out, fmtCycles(s))
	}
	return append(out, fmtSpeedup(c.speedup))
}

// fiatGeomean are the Fiat columns of the geomean row: over the rows with a Fiat
// function, the geometric mean speedup, and how many meet issue 14's 1.05x.
func fiatGeomean(rows []benchRow, compilers int) []string {
	cells := make([]string, compilers, compilers+1)
	logSum, n, wins, met := 0.0, 0, 0, 0
	for _, r := range rows {
		if !r.fiat.ok {
			continue
		}
		s := r.fiat.speedup.Med
		logSum, n = logSum+math.Log(s), n+1
		if s > 1 {
			wins++
		}
		if s >= fiatTarget14 {
			met++
		}
	}
	if n == 0 {
		return append(cells, "—")
	}
	return append(cells, fmt.Sprintf("**%.3fx** (faster in %d/%d, ≥%.2fx in %d/%d)",
		math.Exp(logSum/float64(n)), wins, n, fiatTarget14, met, n))
}

// printFiatNotes says where the Fiat columns come from and why a row has none.
func printFiatNotes(w io.Writer, rows []benchRow, dir string) {
	fmt.Fprintf(w, "\nFiat C: Fiat Cryptography's function of the same field and op, from %s, compiled like the project's C; "+
		"inputs within both functions' bounds, every output checked mod p and against Fiat's output bounds; "+
		"speedup vs faster Fiat C = the faster Fiat C build's cycles / cryptopt cycles per repeat.\n",
		safeHeaderValue(filepath.Clean(dir)))
	for _, r := range rows {
		if !r.fiat.ok {
			fmt.Fprintf(w, "- %s: no Fiat C (%s)\n", r.name, r.fiat.why)
		}
	}
}
