package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// TestObjectiveFlagsRefused: bad objective flags are refused before anything runs.
func TestObjectiveFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.S")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown objective", []string{"--objective", "speed"}, "--objective \"speed\": want cycles or size"},
		{"negative cap", []string{"--max-bytes", "-1"}, "--max-bytes -1: want 0..1048576"},
		{"huge cap", []string{"--max-bytes", "99999999"}, "want 0..1048576"},
		{"size with cap", []string{"--objective", "size", "--max-bytes", "900"}, "--max-bytes is for --objective cycles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"optimize", "--curve", "poly1305", "--op", "mul", "-o", out}, tc.args...)
			code, _, stderr := runCLI(args...)
			require.Equal(t, 2, code, stderr)
			require.Contains(t, stderr, tc.want)
			require.NoFileExists(t, out)
		})
	}
}

// TestObjectiveSizeAndCap: --objective size finds code no larger than the greedy start,
// the header's text-bytes is the encoded length of the code as written, a cap between
// the smallest and the start is met, and an unreachable cap fails with nothing written.
func TestObjectiveSizeAndCap(t *testing.T) {
	info := needTimingCPU(t)
	dir := t.TempDir()
	common := []string{"--curve", "poly1305", "--op", "mul", "--batches", "3", "--seed", "2",
		"--baseline", "none", "--expect-uarch", info.Tag, "--bets", "2"}
	run := func(name string, extra ...string) (int, int, string) {
		out := filepath.Join(dir, name+".S")
		code, _, stderr := runCLI(append(append([]string{"optimize", "-o", out}, common...), extra...)...)
		if code != 0 {
			return code, 0, stderr
		}
		text, err := os.ReadFile(out)
		require.NoError(t, err)
		n, err := strconv.Atoi(parseAsmHeader(text)["text-bytes"])
		require.NoError(t, err)
		prog, err := x86.ParseGNU(text)
		require.NoError(t, err)
		code2, err := encode.Encode(prog)
		require.NoError(t, err)
		require.Len(t, code2, n, "text-bytes is not the encoded length")
		return code, n, stderr
	}
	code, greedy, stderr := run("greedy", "--evals", "2")
	require.Equal(t, 0, code, stderr)
	code, small, stderr := run("small", "--evals", "400", "--objective", "size")
	require.Equal(t, 0, code, stderr)
	require.LessOrEqual(t, small, greedy)
	capBytes := (small + greedy + 1) / 2
	code, capped, stderr := run("capped", "--evals", "200", "--max-bytes", strconv.Itoa(capBytes))
	require.Equal(t, 0, code, stderr)
	require.LessOrEqual(t, capped, capBytes)

	code, _, stderr = run("impossible", "--evals", "20", "--max-bytes", "40")
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "no code of at most 40 bytes found")
	require.NoFileExists(t, filepath.Join(dir, "impossible.S"))
	t.Logf("poly1305 mul: greedy %d bytes, size objective %d, cap %d gave %d", greedy, small, capBytes, capped)
}

// TestCompileWipeSpillsHeader: compile --wipe-spills says so in the header, the code is
// longer, and check --wipe-spills proves it (and refuses the unwiped code).
func TestCompileWipeSpillsHeader(t *testing.T) {
	dir := t.TempDir()
	plain, wiped := filepath.Join(dir, "plain.S"), filepath.Join(dir, "wiped.S")
	base := []string{"compile", "--curve", "p256", "--op", "mul", "--seed", "4"}
	code, _, stderr := runCLI(append(base, "-o", plain)...)
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(append(base, "--wipe-spills", "-o", wiped)...)
	require.Equal(t, 0, code, stderr)
	pt, err := os.ReadFile(plain)
	require.NoError(t, err)
	wt, err := os.ReadFile(wiped)
	require.NoError(t, err)
	ph, wh := parseAsmHeader(pt), parseAsmHeader(wt)
	require.Equal(t, "yes", wh["wipe-spills"])
	require.Empty(t, ph["wipe-spills"])
	pn, _ := strconv.Atoi(ph["text-bytes"])
	wn, _ := strconv.Atoi(wh["text-bytes"])
	require.Greater(t, wn, pn)

	chk := []string{"check", "--curve", "p256", "--op", "mul", "--trials", "8", "--wipe-spills", "--asm"}
	code, _, stderr = runCLI(append(chk, wiped)...)
	require.Equal(t, 0, code, stderr)
	code, stdout, _ := runCLI(append(chk, plain)...)
	require.Equal(t, 1, code)
	require.Contains(t, stdout, "stack[rsp-8] differs")
}
