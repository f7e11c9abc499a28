package e2e

import (
	"errors"
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/stretchr/testify/require"
)

// ladderFuncs are the ladder ops (scmul by two constants, from_bytes, to_bytes, cswap,
// ladderstep) of
// every field that has them.
func ladderFuncs(t testing.TB) []*ir.Func {
	var fns []*ir.Func
	for _, F := range fields.All() {
		for _, op := range F.LadderOps {
			if op == fields.OpScmul {
				for _, k := range []uint64{121666, F.MaxScmulConstant()} {
					f, err := F.ScmulFunc(k)
					require.NoError(t, err)
					fns = append(fns, f)
				}
				continue
			}
			f, err := F.Func(op)
			require.NoError(t, err, "%s %s", F.Name, op)
			fns = append(fns, f)
		}
	}
	require.Len(t, fns, 11)
	return fns
}

// ladderModes are the option combinations f can be generated in: out1 == arg1 only when
// both have the same number of words (not from_bytes/to_bytes on 5×51).
func ladderModes(f *ir.Func) []codegen.Options {
	if len(f.Rets[0].Limbs) == len(f.Params[0].Limbs) {
		return modes
	}
	return modes[:2]
}

// TestLadderOpsMatchInterpreter runs random genomes of every ladder op, assembled and
// linked, against the interpreter on edge and random inputs.
func TestLadderOpsMatchInterpreter(t *testing.T) { opsMatchInterpreter(t, ladderFuncs(t), 44) }

// opsMatchInterpreter runs 12 random genomes of each of fns against the interpreter.
func opsMatchInterpreter(t *testing.T, fns []*ir.Func, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	var b batch
	for n, f := range fns {
		p, err := codegen.NewPlan(f)
		require.NoError(t, err, f.Name)
		set := b.addSet(t, p.Func(), rng, 500)
		ms := ladderModes(f)
		for k := range 12 {
			opts := ms[k%len(ms)]
			opts.Symbol = fmt.Sprintf("l%d_g%d", n, k)
			prog := compile(t, p, rng, opts)
			b.add(prog, set, opts.Aliasing == ir.AliasOut1Arg1, fmt.Sprintf("%s genome %d %+v", f.Name, k, opts))
		}
	}
	errs := b.run(t)
	require.Len(t, errs, len(fns)*12)
	for _, err := range errs {
		require.NoError(t, err)
	}
}

// TestLadderOpsProvedAndMutantsRejected: the checker proves random genomes of every ladder
// op and rejects every mutant that the interpreter shows wrong.
func TestLadderOpsProvedAndMutantsRejected(t *testing.T) {
	opsProvedAndMutantsRejected(t, ladderFuncs(t), 45)
}

// opsProvedAndMutantsRejected: the checker proves 6 random genomes of each of fns and
// rejects every mutant that random testing shows wrong: 20 mutants per genome, 8 of a
// composite (1,300–2,600 instructions: a refusal tries every rule set in turn, ~1 s each,
// and the suite must stay within the tests' timeouts on a loaded 2-core machine).
func opsProvedAndMutantsRejected(t *testing.T, fns []*ir.Func, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	for _, f := range fns {
		t.Run(f.Name, func(t *testing.T) {
			p, err := codegen.NewPlan(f)
			require.NoError(t, err)
			ms := ladderModes(f)
			mutants := 20
			if composite(f) {
				mutants = 8
			}
			rejected, unproved := 0, 0
			for i := range 6 {
				opts := ms[i%len(ms)]
				opts.Symbol = f.Name
				prog := compile(t, p, rng, opts)
				copts := checker.Options{Aliasing: opts.Aliasing, RandomTrials: 64, Seed: uint64(i)}
				rep, err := checker.Check(f, x86.PrintGNU(prog), copts)
				require.NoError(t, err)
				if !rep.Proved && composite(f) {
					// The checker's rules are not confluent (docs/checker.md): about 1 in 80
					// random schedules of a P-256 composite is not proved. Such a genome must
					// still agree with the interpreter everywhere testing looks (CheckerBug:
					// no counterexample), and it stays the exception.
					require.Nil(t, rep.Counterexample, "%s genome %d: a wrong program", f.Name, i)
					require.True(t, rep.CheckerBug, "%s genome %d: %s", f.Name, i, rep.Note)
					t.Logf("%s genome %d %+v: not proved, no counterexample (checker incompleteness)", f.Name, i, opts)
					unproved++
					continue
				}
				require.True(t, rep.Proved, "%s genome %d %+v: %+v", f.Name, i, opts, rep)
				for range mutants {
					bad, what, ok := mutate(prog, rng)
					if !ok {
						continue
					}
					rep, err := checker.Check(f, x86.PrintGNU(bad), copts)
					if errors.Is(err, checker.ErrShape) { // refused as not the function's shape
						rejected++
						continue
					}
					require.NoError(t, err, what)
					if rep.Counterexample != nil {
						// Shown wrong by random testing: the proof must not have accepted it.
						require.False(t, rep.CheckerBug, "%s: %s — the proof accepted a wrong mutant", f.Name, what)
						require.False(t, rep.Proved, what)
						rejected++
					}
				}
			}
			require.Positive(t, rejected, "no mutant of %s was rejected", f.Name)
			require.LessOrEqual(t, unproved, 1, "%s: random genomes not proved", f.Name)
		})
	}
}

// composite reports whether f is one of the composite ops (fields.CompositeOps).
func composite(f *ir.Func) bool {
	for _, op := range fields.CompositeOps {
		if strings.HasSuffix(f.Name, "_"+op) {
			return true
		}
	}
	return false
}

// TestLadderOpsEmitC: emit-c's C of every ladder op, compiled by the default compiler,
// agrees with the interpreter on edge and random inputs (it is the benchmark's baseline).
func TestLadderOpsEmitC(t *testing.T) { opsEmitC(t, ladderFuncs(t), 46) }

// opsEmitC compiles emit-c's C of each of fns and runs it against the interpreter.
func opsEmitC(t *testing.T, fns []*ir.Func, seed int64) {
	if _, err := exec.LookPath(measure.DefaultCompiler()); err != nil {
		t.Skipf("no C compiler (%v): cannot compile emit-c's output", err)
	}
	r, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		t.Skipf("measure runner unavailable: %v", err)
	}
	defer r.Close()
	rng := rand.New(rand.NewSource(seed))
	for _, f := range fns {
		src, err := cemit.Emit(f, "c_"+f.Name)
		require.NoError(t, err)
		nat, err := measure.CompileC(src, "c_"+f.Name, "", nil)
		require.NoError(t, err, f.Name)
		m, err := interp.New(f)
		require.NoError(t, err)
		want := m.NewOutputs()
		inputs := interp.EdgeInputs(f)
		for range 300 {
			inputs = append(inputs, interp.RandomInputs(f, rng))
		}
		for _, args := range inputs {
			require.NoError(t, m.Eval(args, want))
			got := make([]uint64, len(f.Rets[0].Limbs))
			var arg2 []uint64
			if len(args) > 1 {
				arg2 = args[1]
			}
			require.NoError(t, r.Call(nat.Fn(), got, args[0], arg2))
			require.Equal(t, want[0], got, "%s inputs %#x", f.Name, args)
		}
		require.NoError(t, nat.Close())
	}
}
