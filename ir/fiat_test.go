package ir_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// fiatDir is ../shared/fiat-json relative to the repository root.
func fiatDir(t testing.TB) string {
	dir := fiatdata.Dir(t)
	return dir
}

// fiatFiles reads every Fiat JSON file: file name → contents.
func fiatFiles(t testing.TB) map[string][]byte {
	dir := fiatDir(t)
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	files := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		files[filepath.Base(p)] = data
	}
	return files
}

// fiatFuncs reads every function of every Fiat file.
func fiatFuncs(t testing.TB) []*ir.Func {
	var all []*ir.Func
	for name, data := range fiatFiles(t) {
		fns, err := ir.ReadFiat(data)
		require.NoError(t, err, name)
		all = append(all, fns...)
	}
	return all
}

func TestReadFiatAllFiles(t *testing.T) {
	for name, data := range fiatFiles(t) {
		var raw []json.RawMessage
		require.NoError(t, json.Unmarshal(data, &raw))
		fns, err := ir.ReadFiat(data)
		require.NoError(t, err, name)
		require.Len(t, fns, len(raw), name)
		for _, f := range fns {
			require.NoError(t, ir.Verify(f))
			require.NotEmpty(t, f.Body)
		}
		g, err := ir.ReadFiatFunc(data, fns[1].Name)
		require.NoError(t, err)
		require.Equal(t, fns[1], g)
		_, err = ir.ReadFiatFunc(data, "nope")
		require.ErrorContains(t, err, `no function "nope"`)
	}
}
