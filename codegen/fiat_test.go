package codegen_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// fiatMulSquare reads the mul/square functions of every Fiat JSON file, skipping the
// test when the shared test data is absent.
func fiatMulSquare(t testing.TB) []*ir.Func {
	dir := fiatdata.Dir(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		testenv.Missing(t, "Fiat JSON test data not found in %s", dir)
	}
	var out []*ir.Func
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		fs, err := ir.ReadFiat(data)
		require.NoError(t, err, path)
		for _, f := range fs {
			if strings.HasSuffix(f.Name, "mul") || strings.HasSuffix(f.Name, "square") {
				out = append(out, f)
			}
		}
	}
	return out
}

func TestFiatFunctionsOnEmulator(t *testing.T) {
	funcs := fiatMulSquare(t)
	require.Len(t, funcs, 24)
	rng := rand.New(rand.NewSource(2))
	genomes := 6
	if testing.Short() {
		genomes = 2
	}
	for _, f := range funcs {
		t.Run(f.Name, func(t *testing.T) {
			p, err := codegen.NewPlan(f)
			require.NoError(t, err)
			for gi := range genomes {
				opts := allModes[gi%len(allModes)]
				prog, _, err := p.Generate(randomOrder(p.Deps(), rng), randomDecisions(p.Options(), rng), opts)
				require.NoError(t, err)
				alias := opts.Aliasing == ir.AliasOut1Arg1
				require.NoError(t, checkOnEmu(t, p.Func(), prog, testInputs(p.Func(), rng, 6, alias), alias), "genome %d %+v", gi, opts)
			}
		})
	}
}
