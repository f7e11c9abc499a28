package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/stretchr/testify/require"
)

func TestFieldsCommand(t *testing.T) {
	code, out, errs := runCLI("fields")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1+len(fields.All()))
	for _, F := range fields.All() {
		require.Contains(t, out, F.Name+" ")
		require.Contains(t, out, F.Prime.Text(16))
	}
	require.Contains(t, out, "8×58+57")
	require.Contains(t, out, "44+2×43")
	require.Contains(t, out, "carry,scmul,from_bytes,to_bytes,cswap", "curve25519's ladder ops are listed")

	code, _, errs = runCLI("fields", "extra")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "unexpected argument")
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"fields", "ir", "emit-c"} {
		code, out, errs := runCLI(cmd, "-h")
		require.Equal(t, 0, code, cmd)
		require.Empty(t, out, cmd)
		require.Contains(t, errs, "usage: cryptopt "+cmd, cmd)
		require.Equal(t, 1, strings.Count(errs, "usage:"), "usage printed once")
		if cmd != "fields" {
			for _, flag := range []string{"-curve", "-op", "-fiat", "-func", "-prime", "-method", "-limbs", "-o"} {
				require.Contains(t, errs, flag, cmd)
			}
		}
	}
}

func TestIRCommand(t *testing.T) {
	// JSON (default) reads back as the same function.
	code, out, errs := runCLI("ir", "--curve", "p256", "--op", "mul")
	require.Equal(t, 0, code, errs)
	fns, err := ir.ReadFiat([]byte(out))
	require.NoError(t, err)
	require.Len(t, fns, 1)
	s, err := (&sourceFlags{curve: "p256", op: "mul"}).load()
	require.NoError(t, err)
	require.Equal(t, s.Func.Name, fns[0].Name)
	again, err := ir.Normalize(fns[0])
	require.NoError(t, err)
	require.Equal(t, s.Func.Hash(), again.Hash())

	code, out, errs = runCLI("ir", "--curve", "poly1305", "--op", "carry", "--format", "text")
	require.Equal(t, 0, code, errs)
	require.True(t, strings.HasPrefix(out, "func poly1305_carry\n"), out)

	code, out, errs = runCLI("ir", "--curve", "p256", "--op", "mul", "--lower", "--format", "text")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "mulx")

	code, out, errs = runCLI("ir", "--prime", "2^127-1", "--method", "solinas", "--limbs", "3", "--op", "mul", "--format", "text")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "func custom_mul")
}

func TestIRFromFiat(t *testing.T) {
	file := fiatJSON(t, "curve25519_64.json")
	code, out, errs := runCLI("ir", "--fiat", file, "--func", "fiat_25519_carry_mul", "--format", "text")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "func fiat_25519_carry_mul")
}

func TestIROutputFile(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "p521_mul.json")
	code, out, errs := runCLI("ir", "--curve", "p521", "--op", "mul", "-o", dest)
	require.Equal(t, 0, code, errs)
	require.Empty(t, out)
	data, err := os.ReadFile(dest)
	require.NoError(t, err)
	_, err = ir.ReadFiatFunc(data, "p521_mul")
	require.NoError(t, err)

	// On error nothing is written and no temporary file is left behind.
	bad := filepath.Join(dir, "bad.json")
	code, out, errs = runCLI("ir", "--curve", "p521", "--op", "frobnicate", "-o", bad)
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.NoFileExists(t, bad)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the first output")
	require.Equal(t, 1, strings.Count(errs, "\n"), "one-line error: %q", errs)
}

func TestIRErrors(t *testing.T) {
	dir := t.TempDir()
	malformed := filepath.Join(dir, "m.json")
	require.NoError(t, os.WriteFile(malformed, []byte(`[{"operation": "fiat_p256_mul", "arguments": [`), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ir"}, "no function given"},
		{[]string{"ir", "--curve", "p999", "--op", "mul"}, `unknown field "p999"`},
		{[]string{"ir", "--curve", "p256", "--op", "mul", "--format", "yaml"}, `unknown --format "yaml"`},
		{[]string{"ir", "--fiat", filepath.Join(dir, "none.json"), "--func", "f"}, "no such file"},
		{[]string{"ir", "--fiat", malformed, "--func", "fiat_p256_mul"}, "m.json"},
		{[]string{"ir", "--prime", "2^255-19", "--method", "montgomery", "--limbs", "2", "--op", "mul"}, "does not fit"},
		{[]string{"emit-c", "--curve", "p256"}, "--op is required"},
	} {
		code, out, errs := runCLI(c.args...)
		require.Equal(t, 2, code, c.args)
		require.Empty(t, out, c.args)
		require.Contains(t, errs, c.want, c.args)
		require.Equal(t, 1, strings.Count(errs, "\n"), "one-line error: %q", errs)
	}
}

// BenchmarkIRp521 times `cryptopt ir --curve p521 --op mul` in-process.
func BenchmarkIRp521(b *testing.B) {
	for b.Loop() {
		if code, _, errs := runCLI("ir", "--curve", "p521", "--op", "mul"); code != 0 {
			b.Fatal(errs)
		}
	}
}
