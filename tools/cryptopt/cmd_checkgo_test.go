package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCheckGoOps: --ops proves several functions with one run of the assembler, each
// stamp byte for byte what that function's own --op run writes; a function whose bytes
// are not its model's fails the run, named, and no stamp is written, not even the proved
// functions'.
func TestCheckGoOps(t *testing.T) {
	s, models := gopkgWithModels(t, "p256", "mul,add,opp")
	dir := t.TempDir()
	stamps := filepath.Join(dir, "stamps")
	require.NoError(t, os.Mkdir(stamps, 0o755))
	code, out, stderr := runCLI("check-go", "--curve", "p256", "--ops", "mul,add,opp", "--s", s, "--models", models, "--stamps", stamps)
	require.Equal(t, 0, code, stderr)
	require.Empty(t, out, "stamped: proofs are quiet")
	for _, op := range []string{"mul", "add", "opp"} {
		alone := filepath.Join(dir, op+".alone.json")
		code, _, stderr := runCLI("check-go", "--curve", "p256", "--op", op, "--s", s, "--go-func", op, "--model", filepath.Join(models, op+".S"), "--stamp", alone)
		require.Equal(t, 0, code, stderr)
		want, err := os.ReadFile(alone)
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(stamps, op+".check.json"))
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), op)
	}

	// add's model replaced by opp's: the assembler's add bytes are not it.
	bad := filepath.Join(dir, "bad")
	require.NoError(t, os.Mkdir(bad, 0o755))
	for op, from := range map[string]string{"mul": "mul", "add": "opp", "opp": "opp"} {
		data, err := os.ReadFile(filepath.Join(models, from+".S"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(bad, op+".S"), data, 0o644))
	}
	badStamps := filepath.Join(dir, "bad-stamps")
	require.NoError(t, os.Mkdir(badStamps, 0o755))
	code, _, stderr = runCLI("check-go", "--curve", "p256", "--ops", "mul,add,opp", "--s", s, "--models", bad, "--stamps", badStamps)
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "1 of 3 functions not proved: add")
	require.Contains(t, stderr, "cryptopt check-go: add: ", "the failing function's own reason")
	entries, err := os.ReadDir(badStamps)
	require.NoError(t, err)
	require.Empty(t, entries, "stamps are written all or none")
}

// TestCheckGoFlags: --ops and the one-function flags do not mix; bad lists are refused.
func TestCheckGoFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--ops", "mul", "--op", "mul", "--s", "x.s", "--models", "m"}, "--ops replaces --op"},
		{[]string{"--ops", "mul", "--s", "x.s", "--models", "m", "--stamp", "x.json"}, "--ops replaces"},
		{[]string{"--ops", "mul", "--s", "x.s"}, "--ops needs --s and --models"},
		{[]string{"--ops", "mul,mul", "--s", "x.s", "--models", "m"}, "want distinct ops"},
		{[]string{"--ops", "mul,,add", "--s", "x.s", "--models", "m"}, "want distinct ops"},
		{[]string{"--ops", "../mul", "--s", "x.s", "--models", "m"}, "want distinct ops"},
		{[]string{"--op", "mul", "--s", "x.s", "--go-func", "mul", "--model", "m.S", "--models", "m"}, "--models and --stamps go with --ops"},
		{[]string{"--op", "mul", "--s", "x.s"}, "required"},
	} {
		code, _, stderr := runCLI(append([]string{"check-go", "--curve", "p256"}, tc.args...)...)
		require.Equal(t, 2, code, "%v: %s", tc.args, stderr)
		require.Contains(t, stderr, tc.want, "%v", tc.args)
	}
}
