package e2e

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ctgrind"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// ctGenomes random genomes per catalogue function (over the four option modes) and
// ctInputs inputs per genome keep the valgrind run to about a minute on 2 loaded cores.
const (
	ctGenomes = 4
	ctInputs  = 8
)

// ctProgram is one generated function for the constant-time harness.
type ctProgram struct {
	target ctgrind.Target
	asm    []byte
}

// runCT builds the harness for progs and runs it under valgrind. It skips when valgrind
// is absent, unless CRYPTOPT_REQUIRE_VALGRIND is set (CI sets it: there a skip would be a
// check presented as passing).
func runCT(t *testing.T, progs []ctProgram, rng *rand.Rand) ctgrind.Result {
	t.Helper()
	var targets []ctgrind.Target
	asm := map[string][]byte{}
	for i, p := range progs {
		targets = append(targets, p.target)
		asm[fmt.Sprintf("f%d.S", i)] = p.asm
	}
	h, err := ctgrind.Harness(targets, rng, ctInputs)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := ctgrind.Run(ctx, t.TempDir(), h, asm)
	if errors.Is(err, ctgrind.ErrNoValgrind) && os.Getenv("CRYPTOPT_REQUIRE_VALGRIND") == "" {
		t.Skip(err.Error() + "; constant-time evidence NOT collected")
	}
	require.NoError(t, err)
	return res
}

// TestConstantTimeCatalogue runs mul and square of every catalogue field (26 functions),
// each from several random genomes in all four frame-pointer × aliasing modes, under
// memcheck with the inputs undefined: no branch or address may depend on them.
func TestConstantTimeCatalogue(t *testing.T) {
	funcs := catalogueMulSquare(t)
	require.Len(t, funcs, 26)
	rng := rand.New(rand.NewSource(15))
	var progs []ctProgram
	for fi, nf := range funcs {
		p, err := codegen.NewPlan(nf.f)
		require.NoError(t, err, nf.name)
		problem := search.Problem{Deps: p.Deps(), Options: p.Options()}
		for k := range ctGenomes {
			g := search.Random(problem, rng)
			opts := modes[k%len(modes)]
			opts.Symbol = fmt.Sprintf("ct%d_g%d", fi, k)
			prog, _, err := p.Generate(g.Order, g.Decisions, opts)
			require.NoError(t, err, nf.name)
			progs = append(progs, ctProgram{
				target: ctgrind.Target{Symbol: opts.Symbol, Func: p.Func(), Aliasing: opts.Aliasing},
				asm:    x86.PrintGNU(prog),
			})
		}
	}
	res := runCT(t, progs, rng)
	require.True(t, res.Clean, "memcheck found a secret-dependent branch or address:\n%s", res.Output)
	t.Logf("%d programs (%d functions × %d genomes): %s", len(progs), len(funcs), ctGenomes, strings.TrimSpace(res.Output))
}

// TestConstantTimeExampleGenomes runs the pinned genomes of examples/ (what the example
// targets emit) under memcheck.
func TestConstantTimeExampleGenomes(t *testing.T) {
	progs := exampleGenomePrograms(t)
	require.NotEmpty(t, progs)
	res := runCT(t, progs, rand.New(rand.NewSource(16)))
	require.True(t, res.Clean, "memcheck found a secret-dependent branch or address:\n%s", res.Output)
}

// exampleGenomePrograms emits every examples/genomes/*.genome.json for the catalogue
// function it was made for, as the example targets do (default options).
func exampleGenomePrograms(t *testing.T) []ctProgram {
	_, file, _, _ := runtime.Caller(0)
	paths, err := filepath.Glob(filepath.Join(filepath.Dir(file), "..", "examples", "genomes", "*.genome.json"))
	require.NoError(t, err)
	if len(paths) == 0 && os.Getenv("CRYPTOPT_IN_BAZEL") != "" {
		t.Skip("examples/genomes is outside this test's sandbox; //examples:*_ct_test cover the examples under Bazel")
	}
	require.NotEmpty(t, paths, "examples/genomes not found")
	byName := map[string]*ir.Func{}
	for _, nf := range catalogueMulSquare(t) {
		byName[nf.f.Name] = nf.f
	}
	var progs []ctProgram
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		gf, err := search.ParseFile(data)
		require.NoError(t, err, path)
		f := byName[gf.Func]
		require.NotNil(t, f, "%s: function %s is not in the catalogue", path, gf.Func)
		p, err := codegen.NewPlan(f)
		require.NoError(t, err)
		sym := "cryptopt_" + strings.TrimSuffix(filepath.Base(path), ".genome.json")
		prog, _, err := p.Generate(gf.Order, gf.Decisions, codegen.Options{Symbol: sym})
		require.NoError(t, err, path)
		progs = append(progs, ctProgram{target: ctgrind.Target{Symbol: sym, Func: p.Func()}, asm: x86.PrintGNU(prog)})
	}
	return progs
}

// TestConstantTimeCatchesPlantedLeak plants a secret-dependent branch, then a
// secret-dependent memory index, into correct generated code (p256 mul, greedy genome):
// memcheck must report each.
func TestConstantTimeCatchesPlantedLeak(t *testing.T) {
	f := catalogueMulSquare(t)[6].f // p256 mul
	require.Equal(t, "p256_mul", f.Name)
	p, err := codegen.NewPlan(f)
	require.NoError(t, err)
	prog, _, err := p.Generate(p.GreedyOrder(), make([]int, len(p.Options())), codegen.Options{Symbol: "planted"})
	require.NoError(t, err)
	progs := []ctProgram{{target: ctgrind.Target{Symbol: "planted", Func: p.Func()}, asm: x86.PrintGNU(prog)}}
	for _, kind := range []string{ctgrind.PlantBranch, ctgrind.PlantIndex} {
		t.Run(kind, func(t *testing.T) {
			planted, err := ctgrind.Plant(string(progs[0].asm), progs[0].target.Symbol, kind)
			require.NoError(t, err)
			p := []ctProgram{{target: progs[0].target, asm: []byte(planted)}}
			res := runCT(t, p, rand.New(rand.NewSource(17)))
			require.False(t, res.Clean, "a planted %s was not reported:\n%s", kind, res.Output)
			require.Contains(t, res.Output, "memcheck reported a use of secret data")
		})
	}
}
