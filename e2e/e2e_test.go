package e2e

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// genomesPerFunc and inputsPerFunc are the acceptance numbers: every mul/square of the
// catalogue and of the Fiat JSON files, 50 random genomes each over the four
// frame-pointer × aliasing modes, each run on ≥ 1000 edge + random inputs.
const (
	genomesPerFunc = 50
	inputsPerFunc  = 1000
)

func TestGeneratedAssemblyMatchesInterpreter(t *testing.T) {
	funcs := append(catalogueMulSquare(t), fiatMulSquare(t)...)
	require.GreaterOrEqual(t, len(funcs), 24)
	genomes, inputs := genomesPerFunc, inputsPerFunc
	if testing.Short() {
		genomes, inputs = 8, 200
	}
	rng := rand.New(rand.NewSource(42))
	var b batch
	start := time.Now()
	for fi, nf := range funcs {
		p, err := codegen.NewPlan(nf.f)
		require.NoError(t, err, nf.name)
		set := b.addSet(t, p.Func(), rng, inputs)
		problem := search.Problem{Deps: p.Deps(), Options: p.Options()}
		for k := range genomes {
			g := search.Random(problem, rng)
			opts := modes[k%len(modes)]
			opts.Symbol = fmt.Sprintf("f%d_g%d", fi, k)
			prog, _, err := p.Generate(g.Order, g.Decisions, opts)
			require.NoError(t, err, "%s genome %d", nf.name, k)
			b.add(prog, set, opts.Aliasing == ir.AliasOut1Arg1, fmt.Sprintf("%s genome %d %+v", nf.name, k, opts))
		}
	}
	t.Logf("%d functions × %d genomes generated in %v (%d MB of assembly)",
		len(funcs), genomes, time.Since(start), b.asmSize()>>20)
	start = time.Now()
	errs := b.run(t)
	t.Logf("assembled, linked and run in %v", time.Since(start))
	failed := 0
	for _, err := range errs {
		if err != nil {
			failed++
			if failed <= 5 {
				t.Error(err)
			}
		}
	}
	require.Zero(t, failed, "%d of %d generated functions disagree with the interpreter", failed, len(errs))
}

// TestWrongCandidateIsCaught drops one arithmetic instruction from correct programs: the
// comparison must notice.
func TestWrongCandidateIsCaught(t *testing.T) {
	funcs := catalogueMulSquare(t)
	rng := rand.New(rand.NewSource(5))
	var b batch
	for fi, nf := range funcs[:4] {
		p, err := codegen.NewPlan(nf.f)
		require.NoError(t, err)
		set := b.addSet(t, p.Func(), rng, 300)
		g := search.Random(search.Problem{Deps: p.Deps(), Options: p.Options()}, rng)
		opts := codegen.Options{Symbol: fmt.Sprintf("good%d", fi)}
		prog, _, err := p.Generate(g.Order, g.Decisions, opts)
		require.NoError(t, err)
		b.add(prog, set, false, nf.name+" intact")
		bad := *prog
		bad.Symbol = fmt.Sprintf("bad%d", fi)
		bad.Insts = nil
		dropped := false
		for _, in := range prog.Insts {
			if !dropped && strings.Contains(in.Comment, "addcarryx") {
				dropped = true
				continue
			}
			bad.Insts = append(bad.Insts, in)
		}
		require.True(t, dropped)
		b.add(&bad, set, false, nf.name+" with an addcarryx dropped")
	}
	errs := b.run(t)
	for k, err := range errs {
		if k%2 == 0 {
			require.NoError(t, err)
		} else {
			require.Error(t, err, b.entries[k].what)
		}
	}
}

// TestOtherOpsMatchInterpreter covers the remaining catalogue operations (add, sub, opp,
// carry): fewer genomes, same harness.
func TestOtherOpsMatchInterpreter(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	var b batch
	n := 0
	for _, F := range fields.All() {
		for _, op := range F.Ops {
			if op == "mul" || op == "square" {
				continue
			}
			f, err := F.Func(op)
			require.NoError(t, err, "%s %s", F.Name, op)
			p, err := codegen.NewPlan(f)
			require.NoError(t, err, "%s %s", F.Name, op)
			set := b.addSet(t, p.Func(), rng, 300)
			problem := search.Problem{Deps: p.Deps(), Options: p.Options()}
			for k := range 8 {
				g := search.Random(problem, rng)
				opts := modes[k%len(modes)]
				opts.Symbol = fmt.Sprintf("o%d_g%d", n, k)
				prog, _, err := p.Generate(g.Order, g.Decisions, opts)
				require.NoError(t, err, "%s %s genome %d", F.Name, op, k)
				b.add(prog, set, opts.Aliasing == ir.AliasOut1Arg1, fmt.Sprintf("%s %s genome %d %+v", F.Name, op, k, opts))
			}
			n++
		}
	}
	for _, err := range b.run(t) {
		require.NoError(t, err)
	}
}
