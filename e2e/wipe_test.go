package e2e

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestCheckerProvesWipedSpills: code generated with WipeSpills is proved with the
// checker's WipeSpills obligation; the same genome without it, and the wiped code with
// one wiping store dropped, are rejected naming a stack cell.
func TestCheckerProvesWipedSpills(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for fi, nf := range catalogueMulSquare(t) {
		t.Run(nf.name, func(t *testing.T) {
			plan, err := codegen.NewPlan(nf.f)
			require.NoError(t, err)
			opts := modes[fi%len(modes)]
			opts.Symbol = "f"
			opts.WipeSpills = true
			prog := compile(t, plan, rng, opts)
			copts := checker.Options{Aliasing: opts.Aliasing, RandomTrials: 8, WipeSpills: true}
			rep, err := checker.Check(nf.f, x86.PrintGNU(prog), copts)
			require.NoError(t, err)
			require.True(t, rep.Proved, "%+v", rep.Failures)

			last := lastWipe(prog)
			require.GreaterOrEqual(t, last, 0, "no wiping store in %s", x86.PrintGNU(prog))
			mutant := *prog
			mutant.Insts = append(append([]x86.Inst(nil), prog.Insts[:last]...), prog.Insts[last+1:]...)
			rep, err = checker.Check(nf.f, x86.PrintGNU(&mutant), copts)
			require.NoError(t, err)
			require.False(t, rep.Proved, "a wiping store was dropped, yet proved")
			require.True(t, strings.HasPrefix(rep.Failures[0].What, "stack[rsp"), "%+v", rep.Failures)

			// The default checker options do not ask for wiping: the mutant is still correct.
			copts.WipeSpills = false
			rep, err = checker.Check(nf.f, x86.PrintGNU(&mutant), copts)
			require.NoError(t, err)
			require.True(t, rep.Proved, "%+v", rep.Failures)
		})
	}
}

// lastWipe is the index of the last store of rax to the stack (a wiping store), -1 if none.
func lastWipe(p *x86.Program) int {
	for i := len(p.Insts) - 1; i >= 0; i-- {
		in := p.Insts[i]
		if in.Op == x86.MOV && len(in.Args) == 2 && in.Args[0].Kind == x86.KindMem &&
			in.Args[0].Base == x86.RSP && in.Args[1].Kind == x86.KindReg && in.Args[1].Reg == x86.RAX {
			return i
		}
	}
	return -1
}
