package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// TestWipeSpillsCost measures what --wipe-spills costs for the 24 catalogue functions
// (codegen's greedy genome, the search's start): .text bytes, and cycles of the plain and
// the wiping code timed side by side (interleaved, outputs checked every batch). It runs
// only with CRYPTOPT_WIPE_COST=1 (a timing table, not a pass/fail test); docs/benchmarks.md
// quotes its output.
func TestWipeSpillsCost(t *testing.T) {
	if os.Getenv("CRYPTOPT_WIPE_COST") == "" {
		t.Skip("set CRYPTOPT_WIPE_COST=1 to measure the cost of --wipe-spills")
	}
	r, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		t.Skipf("measure runner unavailable: %v", err)
	}
	defer r.Close()
	timer, err := measure.NewTimer(r, measure.TimerOptions{Batches: 31, Seed: 1})
	require.NoError(t, err)
	var tab strings.Builder
	tab.WriteString("| function | stack words wiped | bytes | bytes wiped | +bytes | cycles | cycles wiped | ratio |\n|---|---|---|---|---|---|---|---|\n")
	for _, nf := range catalogueMulSquare(t) {
		p, err := codegen.NewPlan(nf.f)
		require.NoError(t, err)
		order, dec := p.GreedyOrder(), make([]int, len(p.Options()))
		var fns []measure.Fn
		var sizes []int
		var wiped int
		for _, wipe := range []bool{false, true} {
			prog, _, err := p.Generate(order, dec, codegen.Options{Symbol: "f", WipeSpills: wipe})
			require.NoError(t, err)
			code, err := encode.Encode(prog)
			require.NoError(t, err)
			sizes = append(sizes, len(code))
			if wipe {
				wiped = wipeStores(prog)
			}
			shape, err := measure.ShapeOf(p.Func())
			require.NoError(t, err)
			fn, err := r.Load(prog, shape)
			require.NoError(t, err)
			fns = append(fns, fn)
		}
		var med [2][]float64
		for range 5 {
			stats, err := timer.Compare(fns, p.Func(), nil)
			require.NoError(t, err)
			med[0], med[1] = append(med[0], stats[0].Median), append(med[1], stats[1].Median)
		}
		c0, c1 := median(med[0]), median(med[1])
		fmt.Fprintf(&tab, "| %s | %d | %d | %d | %+d | %.1f | %.1f | %.3f |\n", strings.TrimPrefix(nf.name, "cat_"),
			wiped, sizes[0], sizes[1], sizes[1]-sizes[0], c0, c1, c1/c0)
	}
	t.Log("\n" + tab.String())
}

// wipeStores counts the stores of rax (zero) to the stack after "mov rax, 0".
func wipeStores(p *x86.Program) int {
	n, on := 0, false
	for _, in := range p.Insts {
		on = on || in.Comment == "wipe spills"
		if on && in.Op == x86.MOV && in.Args[0].Kind == x86.KindMem && in.Args[0].Base == x86.RSP &&
			in.Args[1].Kind == x86.KindReg && in.Args[1].Reg == x86.RAX {
			n++
		}
	}
	return n
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
