package e2e

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// namedFunc is one function under test and where it comes from.
type namedFunc struct {
	name string
	f    *ir.Func
}

// catalogueMulSquare is mul and square of every catalogue field.
func catalogueMulSquare(t testing.TB) []namedFunc {
	var out []namedFunc
	for _, F := range fields.All() {
		for _, op := range []string{"mul", "square"} {
			f, err := F.Func(op)
			require.NoError(t, err, "%s %s", F.Name, op)
			out = append(out, namedFunc{"cat_" + F.Name + "_" + op, f})
		}
	}
	return out
}

// fiatMulSquare is mul/square of every Fiat JSON file; nil (with a log line) when the
// shared test data is absent.
func fiatMulSquare(t testing.TB) []namedFunc {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "shared", "fiat-json")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		t.Logf("Fiat JSON test data not found in %s: Fiat functions not tested", dir)
		return nil
	}
	var out []namedFunc
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		fs, err := ir.ReadFiat(data)
		require.NoError(t, err, path)
		for _, f := range fs {
			if strings.HasSuffix(f.Name, "mul") || strings.HasSuffix(f.Name, "square") {
				out = append(out, namedFunc{f.Name, f})
			}
		}
	}
	return out
}
