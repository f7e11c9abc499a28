package e2e

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// fiatJSONDir is ../shared/fiat-json from the repository root.
func fiatJSONDir(t testing.TB) string {
	dir := fiatdata.Dir(t)
	return dir
}

// mulSquareFuncs are the 24 mul/square functions of the Fiat test data.
func mulSquareFuncs(t testing.TB) []*ir.Func {
	dir := fiatJSONDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	var fns []*ir.Func
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		all, err := ir.ReadFiat(data)
		require.NoError(t, err, file)
		for _, f := range all {
			if strings.HasSuffix(f.Name, "mul") || strings.HasSuffix(f.Name, "square") {
				fns = append(fns, f)
			}
		}
	}
	require.Len(t, fns, 24)
	return fns
}

func compile(t testing.TB, plan *codegen.Plan, rng *rand.Rand, opts codegen.Options) *x86.Program {
	g := search.Random(search.Problem{Deps: plan.Deps(), Options: plan.Options()}, rng)
	prog, _, err := plan.Generate(g.Order, g.Decisions, opts)
	require.NoError(t, err)
	return prog
}

// TestCheckerAcceptsCompiled: every compiled genome of every mul/square function, in
// every option combination, is proved.
func TestCheckerAcceptsCompiled(t *testing.T) {
	genomes := 20
	if testing.Short() {
		genomes = 3
	}
	rng := rand.New(rand.NewSource(1))
	for _, fn := range mulSquareFuncs(t) {
		t.Run(fn.Name, func(t *testing.T) {
			plan, err := codegen.NewPlan(fn)
			require.NoError(t, err, fn.Name)
			for i := range genomes {
				opts := codegen.Options{FramePointer: codegen.FramePointer(i % 2),
					Aliasing: ir.Aliasing(i / 2 % 2), Symbol: fn.Name}
				prog := compile(t, plan, rng, opts)
				text := x86.PrintGNU(prog)
				if i%3 == 2 {
					text = x86.PrintNASM(prog)
				}
				rep, err := checker.Check(fn, text, checker.Options{Aliasing: opts.Aliasing,
					RandomTrials: 16, Seed: uint64(i)})
				require.NoError(t, err)
				if !rep.Proved {
					os.WriteFile("/tmp/failed.S", text, 0o644)
				}
				require.True(t, rep.Proved, "%s genome %d %+v: %+v", fn.Name, i, opts, rep)
			}
		})
	}
}
