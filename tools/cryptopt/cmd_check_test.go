package main

import (
	"encoding/json"
	"os"
	"os/exec"
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

// TestCheckObject: --object proves the bytes; bad objects exit 2, refused ones exit 1,
// each with one line.
func TestCheckObject(t *testing.T) {
	dir := t.TempDir()
	asm := filepath.Join(dir, "p.S")
	code, _, errs := runCLI("compile", "--curve", "poly1305", "--op", "mul", "--seed", "3", "-o", asm)
	require.Equal(t, 0, code, errs)
	obj := filepath.Join(dir, "p.o")
	out, err := exec.Command("cc", "-c", "-o", obj, asm).CombinedOutput()
	require.NoError(t, err, string(out))
	src := []string{"check", "--curve", "poly1305", "--op", "mul"}
	code, stdout, errs := runCLI(append(src, "--object", obj)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, stdout, "proved:")
	code, _, errs = runCLI(append(src, "--object", obj, "--symbol", "cryptopt_poly1305_mul")...)
	require.Equal(t, 0, code, errs)

	// A ret byte before the end: refused with its offset.
	data, err := os.ReadFile(asm)
	require.NoError(t, err)
	bad := strings.Replace(string(data), "\tpop r15\n", "\t.byte 0xc3\n\tpop r15\n", 1)
	badAsm := filepath.Join(dir, "bad.S")
	require.NoError(t, os.WriteFile(badAsm, []byte(bad), 0o644))
	code, _, errs = runCLI(append(src, "--asm", badAsm)...)
	require.Equal(t, 1, code, errs)
	require.Contains(t, errs, "after ret")
	require.Equal(t, 1, strings.Count(strings.TrimSpace(errs), "\n")+1, errs)

	notELF := filepath.Join(dir, "x.o")
	require.NoError(t, os.WriteFile(notELF, []byte("text"), 0o644))
	for _, args := range [][]string{
		{"--object", notELF},
		{"--object", dir},
		{"--object", obj, "--symbol", "nope"},
		{"--object", obj, "--asm", asm},
		{"--asm", filepath.Join(dir, "p.txt")},
	} {
		code, _, errs := runCLI(append(src, args...)...)
		require.Equal(t, 2, code, "%v: %s", args, errs)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(errs), "\n")+1, errs)
	}
}
