package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

const twoFuncs = `[
 {"operation":"fiat_p256_mul",
  "arguments":[{"datatype":"u64[4]","name":"arg1"},{"datatype":"u64[4]","name":"arg2"}],
  "returns":[{"datatype":"u64[4]","name":"out1"}],"body":[]},
 {"operation":"fiat_p256_square",
  "arguments":[{"datatype":"u64[4]","name":"arg1"}],
  "returns":[{"datatype":"u64[4]","name":"out1"}],"body":[]}]`

func TestHeader(t *testing.T) {
	tests := []struct {
		fn, symbol, want string
	}{
		{"fiat_p256_mul", "p256_mul", "void p256_mul(uint64_t out1[4], const uint64_t arg1[4], const uint64_t arg2[4]);"},
		{"fiat_p256_square", "sq", "void sq(uint64_t out1[4], const uint64_t arg1[4]);"},
	}
	for _, tc := range tests {
		sig, err := parseSignature([]byte(twoFuncs), tc.fn)
		require.NoError(t, err)
		h, err := header(sig, tc.symbol, "znver5")
		require.NoError(t, err)
		require.Contains(t, h, tc.want)
		require.Contains(t, h, `uarch "znver5"`)
	}
}

func TestParseSignatureErrors(t *testing.T) {
	tests := []struct {
		name, doc, fn, want string
	}{
		{"not json", `{`, "", "not Fiat JSON"},
		{"ambiguous", twoFuncs, "", "holds 2 functions"},
		{"missing", twoFuncs, "fiat_p256_add", `no function "fiat_p256_add"`},
		{"scalar", `[{"operation":"f","arguments":[{"datatype":"u1","name":"c"}],"returns":[{"datatype":"u64[2]","name":"out1"}]}]`, "", `type "u1"`},
		{"bad name", `[{"operation":"f","arguments":[],"returns":[{"datatype":"u64[2]","name":"o;ut"}]}]`, "", "not a C identifier"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseSignature([]byte(tc.doc), tc.fn)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestRunWritesHeader(t *testing.T) {
	dir := t.TempDir()
	ir := filepath.Join(dir, "ir.json")
	out := filepath.Join(dir, "f.h")
	require.NoError(t, os.WriteFile(ir, []byte(twoFuncs), 0o644))
	require.NoError(t, run([]string{"-ir", ir, "-func", "fiat_p256_square", "-symbol", "f", "-o", out}, os.Stderr))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(got), "#define F_LIMBS 4")
	require.Contains(t, string(got), "#ifndef CRYPTOPT_F_H_")
	require.ErrorContains(t, run([]string{"-ir", ir, "-func", "fiat_p256_mul", "-symbol", "1f", "-o", out}, os.Stderr), "not a C identifier")
}

func FuzzParseSignature(f *testing.F) {
	f.Add([]byte(twoFuncs), "fiat_p256_mul")
	f.Add([]byte(`[]`), "")
	f.Fuzz(func(t *testing.T, doc []byte, fn string) {
		sig, err := parseSignature(doc, fn)
		if err != nil {
			return
		}
		if _, err := header(sig, "f", "generic"); err != nil {
			t.Fatalf("parsed signature does not render: %v", err)
		}
	})
}
