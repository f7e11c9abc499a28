package fiatdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
)

// Dir is ../shared/fiat-json from the repository root. The data is read-only test input
// kept outside the project, so a test that needs it skips, saying why, when it is absent.
func Dir(tb testing.TB) string {
	tb.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "fiat-json")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(tb, "Fiat JSON test data not found at %s (../shared/fiat-json from the repository root)", dir)
	}
	return dir
}

// Path is the Fiat JSON file name inside Dir (skipping like Dir when it is absent).
func Path(tb testing.TB, name string) string {
	tb.Helper()
	return filepath.Join(Dir(tb), name)
}
