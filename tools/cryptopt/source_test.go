package main

import (
	"bytes"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// runCLI runs the CLI in-process and returns its exit status, stdout and stderr.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(&cliEnv{stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// fiatJSON is ../shared/fiat-json/<file> from the repository root, or a skip.
func fiatJSON(t *testing.T, file string) string {
	return fiatdata.Path(t, file)
}

func TestSourceLoad(t *testing.T) {
	for _, c := range []struct {
		flags                sourceFlags
		field, op, sym, name string
		catalogue            bool
	}{
		{sourceFlags{curve: "p256", op: "mul"}, "p256", "mul", "cryptopt_p256_mul", "p256_mul", true},
		{sourceFlags{curve: "curve25519", op: "carry"}, "curve25519", "carry", "cryptopt_curve25519_carry", "curve25519_carry", true},
		{sourceFlags{prime: "2^127-1", method: "solinas", limbs: 3, op: "square"}, "custom", "square", "cryptopt_custom_square", "custom_square", true},
		{sourceFlags{prime: "0xffffffff00000001", method: "montgomery", limbs: 1, op: "mul"}, "custom", "mul", "cryptopt_custom_mul", "custom_mul", true},
	} {
		s, err := c.flags.load()
		require.NoError(t, err, "%+v", c.flags)
		require.Equal(t, c.field, s.Field)
		require.Equal(t, c.op, s.Op)
		require.Equal(t, c.sym, s.Symbol)
		require.Equal(t, c.name, s.Func.Name)
		require.Equal(t, c.catalogue, s.Fields != nil)
		require.NoError(t, ir.Verify(s.Func))
	}
}

func TestSourceLoadFiat(t *testing.T) {
	for _, c := range []struct{ file, fn, field, op string }{
		{"p256_64.json", "fiat_p256_mul", "p256", "mul"},
		{"curve25519_64.json", "fiat_25519_carry_square", "curve25519", "square"},
		{"p448_solinas_64.json", "fiat_p448_carry", "p448_solinas", "carry"},
	} {
		s, err := (&sourceFlags{fiat: fiatJSON(t, c.file), fn: c.fn}).load()
		require.NoError(t, err)
		require.Equal(t, c.field, s.Field)
		require.Equal(t, c.op, s.Op)
		require.Equal(t, "cryptopt_"+c.field+"_"+c.op, s.Symbol)
		require.Nil(t, s.Fields)
		require.NoError(t, ir.Verify(s.Func))
	}
}

func TestSourceErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	malformed := write("bad.json", "{not json")
	truncated := write("trunc.json", `[{"operation": "fiat_x_mul", "arguments": [{"datatype": "u64[4]", "name": "arg1"`)
	unsupported := write("unsup.json", `[{"operation":"fiat_x_mul","arguments":[{"datatype":"u64","name":"arg1","lbound":"0x0","ubound":"0xff"}],`+
		`"returns":[{"datatype":"u64","name":"out1","lbound":"0x0","ubound":"0xff"}],"body":[{"datatype":"u64","name":["x1"],"operation":"dereference","arguments":["arg1"]}]}]`)
	for _, c := range []struct {
		flags sourceFlags
		want  string
	}{
		{sourceFlags{}, "no function given"},
		{sourceFlags{curve: "p256", fiat: "x.json", op: "mul"}, "only one of"},
		{sourceFlags{curve: "p256"}, "--op is required"},
		{sourceFlags{curve: "p257", op: "mul"}, `unknown field "p257"`},
		{sourceFlags{curve: "p256", op: "inv"}, `no op "inv"`},
		{sourceFlags{curve: "p256", op: "carry"}, `no op "carry"`},
		{sourceFlags{curve: "p256", op: "mul", fn: "f"}, "--func needs --fiat"},
		{sourceFlags{curve: "p256", op: "mul", limbs: 4}, "go with --prime"},
		{sourceFlags{fiat: filepath.Join(dir, "missing.json"), fn: "f"}, "no such file"},
		{sourceFlags{fiat: malformed}, "--fiat needs --func"},
		{sourceFlags{fiat: malformed, fn: "fiat_x_mul", op: "mul"}, "--op is not used with --fiat"},
		{sourceFlags{fiat: malformed, fn: "fiat_x_mul"}, "bad.json"},
		{sourceFlags{fiat: truncated, fn: "fiat_x_mul"}, "trunc.json"},
		{sourceFlags{fiat: unsupported, fn: "fiat_x_mul"}, "unsup.json"},
		{sourceFlags{prime: "2^127-1", op: "mul"}, "needs --method and --limbs"},
		{sourceFlags{prime: "2^^127", method: "solinas", limbs: 3, op: "mul"}, "want a number or an expression"},
		{sourceFlags{prime: "2^128+1", method: "montgomery", limbs: 3, op: "mul"}, "not prime"},
		{sourceFlags{prime: "2^255-19", method: "montgomery", limbs: 3, op: "mul"}, "does not fit"},
		{sourceFlags{prime: "2^255-19", method: "solinas", limbs: 4, op: "mul"}, "needs more than 4"},
		{sourceFlags{prime: "2^255-19", method: "karatsuba", limbs: 4, op: "mul"}, `unknown method "karatsuba"`},
	} {
		_, err := c.flags.load()
		require.Error(t, err, "%+v", c.flags)
		require.Contains(t, err.Error(), c.want, "%+v", c.flags)
		require.NotContains(t, err.Error(), "\n")
	}
}

func TestSplitFuncName(t *testing.T) {
	for in, want := range map[string][2]string{
		"fiat_p256_mul":                 {"p256", "mul"},
		"fiat_25519_carry_mul":          {"curve25519", "mul"},
		"p256_mul":                      {"p256", "mul"},
		"secp256k1_dettman_square":      {"secp256k1_dettman", "square"},
		"custom_carry":                  {"custom", "carry"},
		"fiat_p256_from_montgomery":     {"p256_from_montgomery", ""},
		"fiat_25519_carry_scmul_121666": {"25519_carry_scmul_121666", ""},
	} {
		field, op := splitFuncName(in)
		require.Equal(t, want, [2]string{field, op}, in)
	}
}

// TestSourceRoundTrip: what 'cryptopt ir' writes loads back as the same function, field,
// op and symbol (the Bazel rule chains the commands this way).
func TestSourceRoundTrip(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "ir.json")
	code, _, errs := runCLI("ir", "--curve", "secp256k1_dettman", "--op", "square", "-o", dest)
	require.Equal(t, 0, code, errs)
	orig, err := (&sourceFlags{curve: "secp256k1_dettman", op: "square"}).load()
	require.NoError(t, err)
	back, err := (&sourceFlags{fiat: dest, fn: "secp256k1_dettman_square"}).load()
	require.NoError(t, err)
	require.Equal(t, orig.Field, back.Field)
	require.Equal(t, orig.Op, back.Op)
	require.Equal(t, orig.Symbol, back.Symbol)
	require.Equal(t, orig.Func.Hash(), back.Func.Hash())
}

func TestSourceFiatUnknownFunc(t *testing.T) {
	_, err := (&sourceFlags{fiat: fiatJSON(t, "p256_64.json"), fn: "fiat_p256_inv"}).load()
	require.ErrorContains(t, err, "fiat_p256_inv")
}

func TestParsePrime(t *testing.T) {
	for in, want := range map[string]string{
		"2^255-19":          "57896044618658097711785492504343953926634992332820282019728792003956564819949",
		"2^255 - 19":        "57896044618658097711785492504343953926634992332820282019728792003956564819949",
		"0x7fffffff":        "2147483647",
		"2147483647":        "2147483647",
		"2^216*3^137-1":     new(big.Int).Sub(new(big.Int).Mul(new(big.Int).Lsh(big.NewInt(1), 216), new(big.Int).Exp(big.NewInt(3), big.NewInt(137), nil)), big.NewInt(1)).String(),
		"2^224-2^96+1":      "26959946667150639794667015087019630673557916260026308143510066298881",
		"2^256-2^32-977":    "115792089237316195423570985008687907853269984665640564039457584007908834671663",
		"2^130 - 5 + 0 - 0": "1361129467683753853853498429727072845819",
	} {
		p, err := parsePrime(in, 64*maxLimbs)
		require.NoError(t, err, in)
		require.Equal(t, want, p.String(), in)
	}
	for _, bad := range []string{"", "-5", "2^", "^3", "2^x", "abc", "2^255-", "3-5", "2**8", "2^99999", "3^100000000", "2^1025"} {
		_, err := parsePrime(bad, 64*maxLimbs)
		require.Error(t, err, bad)
	}
}

func FuzzParsePrime(f *testing.F) {
	for _, s := range []string{"2^255-19", "0xff", "2^216*3^137-1", "1+2-3", "--"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		p, err := parsePrime(s, 64*4)
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Fatalf("parsePrime(%q) took %s", s, d)
		}
		if err == nil && (p.Sign() <= 0 || p.BitLen() > 64*4) {
			t.Fatalf("parsePrime(%q) = %v, not positive or over the bound", s, p)
		}
		if err != nil && (strings.Contains(err.Error(), "\n") || len(err.Error()) > 300) {
			t.Fatalf("multi-line or long error %q", err)
		}
	})
}
