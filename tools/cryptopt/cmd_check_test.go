package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/stretchr/testify/require"
)

func checkFixture(t *testing.T) (fiat, asm string) {
	fiat = filepath.Join("..", "..", "..", "shared", "fiat-json", "poly1305_64.json")
	if _, err := os.Stat(fiat); err != nil {
		testenv.Missing(t, "Fiat JSON test data not found at ../shared/fiat-json")
	}
	return fiat, filepath.Join("..", "..", "checker", "testdata", "fiat_poly1305_carry_mul.asm")
}

func TestCheckCommand(t *testing.T) {
	fiat, asm := checkFixture(t)
	code, out, errs := runCLI("check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", asm)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "proved:")

	code, out, errs = runCLI("check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", asm, "--json")
	require.Equal(t, 0, code, errs)
	var rep struct {
		Proved  bool `json:"proved"`
		Outputs int  `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.True(t, rep.Proved)
	require.Equal(t, 3, rep.Outputs)
}

func TestCheckCommandNotProved(t *testing.T) {
	fiat, asm := checkFixture(t)
	data, err := os.ReadFile(asm)
	require.NoError(t, err)
	i := strings.Index(string(data), "adc ")
	require.Positive(t, i)
	bad := string(data[:i]) + "add " + string(data[i+4:])
	path := filepath.Join(t.TempDir(), "bad.asm")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	code, out, _ := runCLI("check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", path)
	require.Equal(t, 1, code)
	require.Contains(t, out, "NOT proved")
	require.Contains(t, out, "counterexample")
}

func TestCheckCommandBadInput(t *testing.T) {
	fiat, asm := checkFixture(t)
	for _, args := range [][]string{
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul"},
		{"check", "--fiat", fiat, "--func", "nope", "--asm", asm},
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", "/nonexistent.S"},
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", asm, "--aliasing", "maybe"},
		// issue 9: an unbounded trial count, a truncated file, the wrong field's function.
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", asm, "--trials", "100000000000"},
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_mul", "--asm", truncated(t, asm)},
		{"check", "--fiat", fiat, "--func", "fiat_poly1305_carry_square", "--asm", asm},
	} {
		code, _, errs := runCLI(args...)
		require.Equal(t, 2, code, "%v: %s", args, errs)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(errs), "\n")+1, errs)
	}
}

// truncated writes the first half of asm's lines to a temporary file.
func truncated(t *testing.T, asm string) string {
	data, err := os.ReadFile(asm)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	path := filepath.Join(t.TempDir(), "truncated.asm")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines[:len(lines)/2], "\n")+"\n"), 0o644))
	return path
}
