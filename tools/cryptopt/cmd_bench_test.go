package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
)

// compileTo writes a random-genome .S of curve/op into dir (fast: no search).
func compileTo(t *testing.T, dir, curve, op string) string {
	t.Helper()
	out := filepath.Join(dir, curve+"_"+op+".S")
	code, _, stderr := runCLI("compile", "--curve", curve, "--op", op, "-o", out)
	require.Equal(t, 0, code, stderr)
	return out
}

func TestBench(t *testing.T) {
	needTimingCPU(t)
	dir := t.TempDir()
	p256 := compileTo(t, dir, "p256", "mul")
	compileTo(t, dir, "poly1305", "square")
	quick := []string{"--compilers", "gcc", "--repeats", "3", "--batches", "5"}

	code, out, stderr := runCLI(append([]string{"bench", "--curve", "p256", "--op", "mul", "--asm", p256}, quick...)...)
	require.Equal(t, 0, code, stderr)
	cpu := uarch.Detect()
	first, _, _ := strings.Cut(out, "\n")
	require.Equal(t, "cpu: "+cpu.Model+" ("+cpu.Tag+")", first, "the first line names the CPU")
	require.Contains(t, out, "measured on "+cpu.Model+" (tag `"+cpu.Tag+"`)", "and so does the table")
	require.Contains(t, out, "| function | cryptopt cycles | gcc cycles | speedup vs gcc |")
	require.Regexp(t, regexp.MustCompile(`\| p256_mul \| [0-9.]+ \([0-9.]+–[0-9.]+\) \| [0-9.]+ .* \| [0-9.]+x \(`), out)
	require.NotContains(t, out, "geomean", "one row has no mean")

	code, out, stderr = runCLI(append([]string{"bench", "--all", "--dir", dir}, quick...)...)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "| p256_mul |")
	require.Contains(t, out, "| poly1305_square |")
	require.Contains(t, out, "**geomean**")
	require.True(t, strings.HasPrefix(out, "cpu: "), "--all also starts with the CPU")
}

// TestBenchChecksOutputs: code for another function of the same shape is caught by the
// output comparison (the IR-hash guard is removed to get that far).
func TestBenchChecksOutputs(t *testing.T) {
	needTimingCPU(t)
	dir := t.TempDir()
	p256 := compileTo(t, dir, "p256", "mul")
	text, err := os.ReadFile(p256)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(p256, []byte(regexp.MustCompile(`(?m)^# ir-hash: .*\n`).ReplaceAllString(string(text), "")), 0o644))
	code, _, stderr := runCLI("bench", "--curve", "p224", "--op", "mul", "--asm", p256, "--compilers", "gcc", "--repeats", "1")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "WRONG OUTPUT")
	require.Len(t, errorLines(stderr), 1, stderr)
}

func TestBenchBadInput(t *testing.T) {
	needTimingCPU(t)
	dir := t.TempDir()
	p256 := compileTo(t, dir, "p256", "mul")
	empty := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"other IR", []string{"--curve", "p224", "--op", "mul", "--asm", p256}, "made for IR"},
		{"no asm", []string{"--curve", "p256", "--op", "mul"}, "--asm FILE is required"},
		{"missing file", []string{"--curve", "p256", "--op", "mul", "--asm", filepath.Join(dir, "nope.S")}, "no such file"},
		{"empty dir", []string{"--all", "--dir", empty}, "no .S or .asm files"},
		{"all without dir", []string{"--all"}, "--all needs --dir"},
		{"unknown compiler", []string{"--all", "--dir", dir, "--compilers", "tcc-9000"}, `compiler "tcc-9000" not found`},
		{"zero repeats", []string{"--all", "--dir", dir, "--repeats", "0"}, "--repeats 0 out of range 1..1000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCLI(append([]string{"bench"}, tc.args...)...)
			require.Equal(t, 2, code, stderr)
			require.Empty(t, out)
			require.Contains(t, stderr, tc.want)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
		})
	}
}

func TestBenchRowName(t *testing.T) {
	for _, tc := range []struct{ fn, path, want string }{
		{"p256_mul", "out/p256_mul.S", "p256_mul"},
		{"p256_mul", "p256_mul.asm", "p256_mul"},
		{"p256_mul", "runs/seed2.S", "p256_mul (seed2.S)"},
		{"p256_mul", "p256_mul_s1.S", "p256_mul (p256_mul_s1.S)"},
	} {
		require.Equal(t, tc.want, rowName(tc.fn, tc.path), tc.path)
	}
}
