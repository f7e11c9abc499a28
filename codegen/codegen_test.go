package codegen_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

var allModes = []codegen.Options{
	{FramePointer: codegen.FramePointerOmit, Aliasing: ir.AliasNone, Symbol: "f"},
	{FramePointer: codegen.FramePointerSave, Aliasing: ir.AliasNone, Symbol: "f"},
	{FramePointer: codegen.FramePointerOmit, Aliasing: ir.AliasOut1Arg1, Symbol: "f"},
	{FramePointer: codegen.FramePointerSave, Aliasing: ir.AliasOut1Arg1, Symbol: "f"},
	{Aliasing: ir.AliasNone, Symbol: "f", Target: codegen.TargetGo},
	{Aliasing: ir.AliasOut1Arg1, Symbol: "f", Target: codegen.TargetGo},
}

// checkOnEmu runs prog on inputs and compares with the interpreter.
func checkOnEmu(t *testing.T, f *ir.Func, prog *x86.Program, inputs [][][]uint64, alias bool) error {
	t.Helper()
	m, err := interp.New(f)
	require.NoError(t, err)
	want := m.NewOutputs()
	for _, in := range inputs {
		require.NoError(t, m.Eval(in, want))
		got, err := runEmu(prog, in, len(want[0]), alias)
		if err != nil {
			return err
		}
		for j := range got {
			if got[j] != want[0][j] {
				return fmt.Errorf("input %x: limb %d is %#x, want %#x", in, j, got[j], want[0][j])
			}
		}
	}
	return nil
}

func testInputs(f *ir.Func, rng *rand.Rand, n int, alias bool) [][][]uint64 {
	ins := interp.EdgeInputs(f)
	if len(ins) > n {
		ins = ins[:n]
	}
	for range n {
		ins = append(ins, interp.RandomInputs(f, rng))
	}
	if alias { // out1 == arg1: the emulator shares the memory, inputs stay as drawn
		return ins
	}
	return ins
}

func TestRandomFunctionsAllGenomes(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	funcs, genomes := 150, 8
	if testing.Short() {
		funcs = 30
	}
	for fi := range funcs {
		f := randomMachineFunc(rng, 2+rng.Intn(8), 10+rng.Intn(400), rng.Intn(3) == 0)
		p, err := codegen.NewPlan(f)
		require.NoError(t, err, "function %d", fi)
		for gi := range genomes {
			order := randomOrder(p.Deps(), rng)
			dec := randomDecisions(p.Options(), rng)
			opts := allModes[gi%len(allModes)]
			prog, _, err := p.Generate(order, dec, opts)
			require.NoError(t, err, "function %d genome %d", fi, gi)
			alias := opts.Aliasing == ir.AliasOut1Arg1
			if err := checkOnEmu(t, p.Func(), prog, testInputs(p.Func(), rng, 8, alias), alias); err != nil {
				t.Fatalf("function %d genome %d (%+v): %v\nfirst divergence: %s\n%s\n%s", fi, gi, opts, err,
					traceEmu(p.Func(), prog, interp.RandomInputs(p.Func(), rng)), dumpIR(p.Func()), x86.PrintGNU(prog))
			}
		}
	}
}

func dumpIR(f *ir.Func) string {
	s := ""
	for _, in := range f.Body {
		s += fmt.Sprintf("%v %v %v\n", in.Op, in.Results, in.Args)
	}
	return s
}

// TestDeterministic: the same genome gives a byte-identical .S, whatever was generated
// before with the same Plan (pooled state) or with a fresh one.
func TestDeterministic(t *testing.T) {
	f := fiatFunc(t, "fiat_p256_mul")
	p1, err := codegen.NewPlan(f)
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(9))
	order, dec := randomOrder(p1.Deps(), rng), randomDecisions(p1.Options(), rng)
	opts := codegen.Options{Symbol: "f", Aliasing: ir.AliasOut1Arg1}
	first, _, err := p1.Generate(order, dec, opts)
	require.NoError(t, err)
	want := x86.PrintGNU(first)
	for range 5 { // other candidates in between reuse the pooled state
		_, _, err := p1.Generate(randomOrder(p1.Deps(), rng), randomDecisions(p1.Options(), rng), opts)
		require.NoError(t, err)
	}
	again, _, err := p1.Generate(order, dec, opts)
	require.NoError(t, err)
	require.Equal(t, string(want), string(x86.PrintGNU(again)))
	require.Equal(t, string(want), string(x86.PrintGNU(first)), "a later candidate changed an earlier program")
	p2, err := codegen.NewPlan(f)
	require.NoError(t, err)
	fresh, _, err := p2.Generate(order, dec, opts)
	require.NoError(t, err)
	require.Equal(t, string(want), string(x86.PrintGNU(fresh)))
}

// TestDecisionsDescribed: every decision point has a description.
func TestDecisionsDescribed(t *testing.T) {
	p, err := codegen.NewPlan(fiatFunc(t, "fiat_p256_mul"))
	require.NoError(t, err)
	for d := range p.Options() {
		require.NotContains(t, p.DescribeDecision(d), "does not exist")
	}
	require.Contains(t, p.DescribeDecision(len(p.Options())), "does not exist")
}

// TestDecisionClasses: decisions of one class choose between the same alternatives (the
// same description and number of options); the spill decision, mulx's rdx operand and the
// carry chain's flag are each alone in class -1.
func TestDecisionClasses(t *testing.T) {
	for _, fn := range []string{"fiat_p256_mul", "fiat_secp256k1_dettman_mul"} {
		p, err := codegen.NewPlan(fiatFunc(t, fn))
		require.NoError(t, err)
		classes, opts := p.Classes(), p.Options()
		require.Len(t, classes, len(opts), fn)
		require.Equal(t, -1, classes[0], fn)
		first := map[int]int{}
		for d := 1; d < len(opts); d++ {
			placing := strings.Contains(p.DescribeDecision(d), "rdx") || strings.Contains(p.DescribeDecision(d), "carry chain")
			require.Equal(t, placing, classes[d] < 0, "%s: %s", fn, p.DescribeDecision(d))
			if placing {
				continue
			}
			if f, ok := first[classes[d]]; ok {
				require.Equal(t, choices(p.DescribeDecision(f)), choices(p.DescribeDecision(d)), "%s: decisions %d and %d", fn, f, d)
				require.Equal(t, opts[f], opts[d], "%s: decisions %d and %d", fn, f, d)
			} else {
				first[classes[d]] = d
			}
		}
		require.Greater(t, len(first), 1, "%s: one class only", fn)
	}
}

// choices is what a decision's description says it chooses between, without the operation.
func choices(desc string) string { return desc[strings.LastIndex(desc, "): ")+3:] }

// TestConcurrentGenerate: one Plan serves several goroutines (the search may evaluate
// candidates in parallel); every result matches a sequential run.
func TestConcurrentGenerate(t *testing.T) {
	p, err := codegen.NewPlan(fiatFunc(t, "fiat_p256_mul"))
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(4))
	type job struct{ order, dec []int }
	jobs := make([]job, 16)
	want := make([]string, len(jobs))
	opts := codegen.Options{Symbol: "f"}
	for i := range jobs {
		jobs[i] = job{randomOrder(p.Deps(), rng), randomDecisions(p.Options(), rng)}
		prog, _, err := p.Generate(jobs[i].order, jobs[i].dec, opts)
		require.NoError(t, err)
		want[i] = string(x86.PrintGNU(prog))
	}
	errs := make(chan error, len(jobs))
	for i := range jobs {
		go func() {
			prog, _, err := p.Generate(jobs[i].order, jobs[i].dec, opts)
			if err == nil && string(x86.PrintGNU(prog)) != want[i] {
				err = fmt.Errorf("job %d differs when run concurrently", i)
			}
			errs <- err
		}()
	}
	for range jobs {
		require.NoError(t, <-errs)
	}
}

// raceEnabled is set under the race detector (race_test.go).
var raceEnabled bool

// TestGenerateAllocations: without the verify pass, Generate allocates only what it
// returns (the program, its instructions and operands, the decisions as applied), for
// functions of every kind of operation, in every mode.
func TestGenerateAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop pooled state")
	}
	rng := rand.New(rand.NewSource(4))
	for i, name := range []string{"p256 mul", "curve25519 mul", "p521 square", "poly1305 mul",
		"secp256k1_dettman mul", "curve25519_solinas ladderstep", "p256 to_bytes"} {
		field, op, _ := strings.Cut(name, " ")
		p := cataloguePlan(t, field, op)
		order, dec := randomOrder(p.Deps(), rng), randomDecisions(p.Options(), rng)
		opts := allModes[i%len(allModes)]
		opts.DeferVerify, opts.WipeSpills = true, i%2 == 1
		allocs := testing.AllocsPerRun(50, func() {
			if _, _, err := p.Generate(order, dec, opts); err != nil {
				t.Fatal(err)
			}
		})
		require.Equal(t, 4.0, allocs, name)
	}
}
