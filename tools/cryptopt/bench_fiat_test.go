package main

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
)

// TestFiatTargetCatalogue: every catalogue field's mul and square map to Fiat's file and
// function (or, for p448_saturated, to none), and every mapped function is in the shared
// Fiat data with input bounds that meet the catalogue's.
func TestFiatTargetCatalogue(t *testing.T) {
	want := map[string]struct{ file, mul, square string }{
		"curve25519":           {"curve25519_64.json", "fiat_25519_carry_mul", "fiat_25519_carry_square"},
		"curve25519_solinas":   {"curve25519_solinas_64.json", "fiat_curve25519_solinas_mul", "fiat_curve25519_solinas_square"},
		"p224":                 {"p224_64.json", "fiat_p224_mul", "fiat_p224_square"},
		"p256":                 {"p256_64.json", "fiat_p256_mul", "fiat_p256_square"},
		"p384":                 {"p384_64.json", "fiat_p384_mul", "fiat_p384_square"},
		"p434":                 {"p434_64.json", "fiat_p434_mul", "fiat_p434_square"},
		"sm2":                  {"sm2_64.json", "fiat_sm2_mul", "fiat_sm2_square"},
		"secp256k1_montgomery": {"secp256k1_montgomery_64.json", "fiat_secp256k1_montgomery_mul", "fiat_secp256k1_montgomery_square"},
		"p448_solinas":         {"p448_solinas_64.json", "fiat_p448_carry_mul", "fiat_p448_carry_square"},
		"p448_saturated":       {},
		"p521":                 {"p521_64.json", "fiat_p521_carry_mul", "fiat_p521_carry_square"},
		"poly1305":             {"poly1305_64.json", "fiat_poly1305_carry_mul", "fiat_poly1305_carry_square"},
		"secp256k1_dettman":    {"secp256k1_dettman_64.json", "fiat_secp256k1_dettman_mul", "fiat_secp256k1_dettman_square"},
	}
	require.ElementsMatch(t, fields.Names(), keysOf(want), "the table covers the catalogue")
	set, err := newFiatSet(fiatdata.Dir(t))
	require.NoError(t, err)
	for _, F := range fields.All() {
		w := want[F.Name]
		for op, name := range map[string]string{"mul": w.mul, "square": w.square} {
			t.Run(F.Name+"_"+op, func(t *testing.T) {
				file, got, why := fiatTarget(F.Name, op)
				require.Equal(t, name, got)
				if name == "" {
					require.Equal(t, "no Fiat counterpart of p448_saturated", why)
					return
				}
				require.Equal(t, w.file, file)
				src, err := (&sourceFlags{curve: F.Name, op: op}).load()
				require.NoError(t, err)
				b, err := set.baseline(src)
				require.NoError(t, err)
				require.NotNil(t, b.fn, b.why)
				require.Equal(t, name, b.fn.Name)
			})
		}
	}
}

func keysOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestFiatTargetOtherOps: the other arithmetic ops map by Fiat's names; ops beyond field
// arithmetic and fields outside the catalogue have none, and a function the file lacks
// is a note, not an error.
func TestFiatTargetOtherOps(t *testing.T) {
	tests := []struct{ field, op, file, name, why string }{
		{"p256", "add", "p256_64.json", "fiat_p256_add", ""},
		{"curve25519", "carry", "curve25519_64.json", "fiat_25519_carry", ""},
		{"p521", "opp", "p521_64.json", "fiat_p521_opp", ""},
		{"p256", "jacdbl", "", "", "op jacdbl is not field arithmetic"},
		{"curve25519_solinas", "scmul_121666", "", "", "op scmul_121666 is not field arithmetic"},
		{"custom", "mul", "", "", "not a catalogue field"},
		{"p448_saturated", "add", "", "", "no Fiat counterpart of p448_saturated"},
	}
	for _, tc := range tests {
		file, name, why := fiatTarget(tc.field, tc.op)
		require.Equal(t, tc.file, file, tc.field+" "+tc.op)
		require.Equal(t, tc.name, name, tc.field+" "+tc.op)
		require.Contains(t, why, tc.why, tc.field+" "+tc.op)
	}
	b := baselineOf(t, "secp256k1_dettman", "add")
	require.Nil(t, b.fn)
	require.Equal(t, "secp256k1_dettman_64.json does not define fiat_secp256k1_dettman_add", b.why)
}

// baselineOf is Fiat's function for a catalogue field and op, from the shared data.
func baselineOf(t *testing.T, curve, op string) *fiatBaseline {
	t.Helper()
	set, err := newFiatSet(fiatdata.Dir(t))
	require.NoError(t, err)
	src, err := (&sourceFlags{curve: curve, op: op}).load()
	require.NoError(t, err)
	b, err := set.baseline(src)
	require.NoError(t, err)
	return b
}

// TestFiatCongruent: an output of Fiat's function is accepted when congruent mod p to the
// reference's and within Fiat's output bounds, and refused otherwise.
func TestFiatCongruent(t *testing.T) {
	b := baselineOf(t, "poly1305", "mul")
	check := congruent(b.field, b.fn)
	F := b.field
	// p = 2^130 - 5 in limbs of 44, 43 and 43 bits; Fiat's output bounds are 2^44, 2^43, 2^43.
	want := F.Limbs(big.NewInt(3))
	tests := []struct {
		name string
		got  []uint64
		err  string // "" accepted
	}{
		{"same limbs", want, ""},
		{"input beyond Fiat's bounds", want, "input arg1[1] = 0x80000000000000 outside Fiat's input bounds"},
		{"3 + p, within the bounds", []uint64{1<<44 - 2, 1<<43 - 1, 1<<43 - 1}, ""},
		{"off by one", []uint64{4, 0, 0}, "not congruent mod p to the IR's value"},
		{"off by p+1", []uint64{1<<44 - 1, 1<<43 - 1, 1<<43 - 1}, "not congruent"},
		{"3 + p, limb 0 above its bound", []uint64{1<<45 - 2, 1<<43 - 2, 1<<43 - 1}, "outside Fiat's output bounds"},
		{"3 + p, limb 1 above its bound", []uint64{1<<44 - 2, 1<<44 - 1, 1<<43 - 2}, "outside Fiat's output bounds"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := [][]uint64{{1, 2, 3}, {4, 5, 6}}
			if strings.HasPrefix(tc.name, "input") {
				args[0][1] = 1 << 55
			}
			err := check(args, tc.got, want)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.err)
		})
	}
}

// TestIntersectInputs: the reference keeps its own bounds where Fiat's hold them, is a
// narrowed copy where Fiat's are tighter, and ranges that do not meet are refused.
func TestIntersectInputs(t *testing.T) {
	src, err := (&sourceFlags{curve: "poly1305", op: "mul"}).load()
	require.NoError(t, err)
	f := src.Func
	same, err := intersectInputs(f, f.Clone())
	require.NoError(t, err)
	require.Same(t, f, same)

	tight := f.Clone()
	tight.Params[1].Lower[2], tight.Params[1].Upper[2] = 7, 9
	g, err := intersectInputs(f, tight)
	require.NoError(t, err)
	require.NotSame(t, f, g)
	require.Equal(t, []uint64{0, 0, 7}, g.Params[1].Lower)
	require.Equal(t, f.Params[1].Upper[:2], g.Params[1].Upper[:2])
	require.Equal(t, uint64(9), g.Params[1].Upper[2])
	require.Zero(t, f.Params[1].Lower[2], "f itself is not changed")

	apart := f.Clone()
	apart.Params[0].Lower[1], apart.Params[0].Upper[1] = f.Params[0].Upper[1]+1, ^uint64(0)
	_, err = intersectInputs(f, apart)
	require.ErrorContains(t, err, "input bounds of poly1305_mul and Fiat's poly1305_mul do not meet: arg1[1]")

	sq, err := (&sourceFlags{curve: "poly1305", op: "square"}).load()
	require.NoError(t, err)
	_, err = intersectInputs(f, sq.Func)
	require.ErrorContains(t, err, "takes 3+0 limbs")
}

// fiatDirWith is a copy of the shared Fiat data's poly1305_64.json, with edit applied to
// function name, in a fresh directory.
func fiatDirWith(t *testing.T, name string, edit func(fn map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(fiatdata.Path(t, "poly1305_64.json"))
	require.NoError(t, err)
	var fns []map[string]any
	require.NoError(t, json.Unmarshal(data, &fns))
	found := false
	for _, fn := range fns {
		if fn["operation"] == name {
			edit(fn)
			found = true
		}
	}
	require.True(t, found, name)
	data, err = json.Marshal(fns)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "poly1305_64.json"), data, 0o644))
	return dir
}

// replaceFirst edits fn's body as JSON text: the first old becomes new.
func replaceFirst(t *testing.T, old, new string) func(fn map[string]any) {
	return func(fn map[string]any) {
		body, err := json.Marshal(fn["body"])
		require.NoError(t, err)
		edited := strings.Replace(string(body), old, new, 1)
		require.NotEqual(t, string(body), edited, "%s not in the body", old)
		var v any
		require.NoError(t, json.Unmarshal([]byte(edited), &v))
		fn["body"] = v
	}
}

// TestBenchFiat: bench with --fiat-baselines times Fiat's C beside the other columns, in
// both modes, and notes a function without a Fiat counterpart.
func TestBenchFiat(t *testing.T) {
	needTimingCPU(t)
	testenv.Tool(t, "gcc")
	fiat := fiatdata.Dir(t)
	dir := t.TempDir()
	sq := compileTo(t, dir, "poly1305", "square")
	quick := []string{"--compilers", "gcc", "--repeats", "2", "--batches", "5", "--fiat-baselines", fiat}

	code, out, stderr := runCLI(append([]string{"bench", "--curve", "poly1305", "--op", "square", "--asm", sq}, quick...)...)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "| function | cryptopt cycles | gcc cycles | speedup vs gcc | Fiat C gcc cycles | speedup vs faster Fiat C |")
	cell := `[0-9.]+ \([0-9.]+–[0-9.]+\)`
	require.Regexp(t, regexp.MustCompile(`\| poly1305_square \| (`+cell+` \| ){2}[0-9.]+x \(.*\) \| `+cell+` \| [0-9.]+x \(`), out)
	require.Contains(t, out, "Fiat C: Fiat Cryptography's function of the same field and op, from "+fiat)

	compileTo(t, dir, "p448_saturated", "mul")
	code, out, stderr = runCLI(append([]string{"bench", "--all", "--dir", dir}, quick...)...)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "| p448_saturated_mul |")
	require.Regexp(t, `\| p448_saturated_mul \| .* \| — \| — \|\n`, out)
	require.Contains(t, out, "- p448_saturated_mul: no Fiat C (no Fiat counterpart of p448_saturated)")
	require.Regexp(t, `\*\*[0-9.]+x\*\* \(faster in [01]/1, ≥1.05x in [01]/1\) \|`, out, "the Fiat geomean is over the rows with Fiat C")

	// Fiat's bounds tighter than the IR's: every input is drawn within both (the check
	// refuses an input beyond Fiat's).
	tight := fiatDirWith(t, "fiat_poly1305_carry_square", func(f map[string]any) {
		f["arguments"].([]any)[0].(map[string]any)["ubound"] = []any{"0x300000000000", "0x180000000000", "0x10"}
	})
	code, out, stderr = runCLI("bench", "--curve", "poly1305", "--op", "square", "--asm", sq,
		"--compilers", "gcc", "--repeats", "2", "--batches", "5", "--fiat-baselines", tight)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "| poly1305_square |")

	code, out, _ = runCLI("bench", "--all", "--dir", dir, "--compilers", "gcc", "--repeats", "1", "--batches", "3")
	require.Equal(t, 0, code)
	require.NotContains(t, out, "Fiat", "no Fiat columns without the option")
}

// TestBenchFiatRefuses: a wrong Fiat output is an error, never timed; so are bounds that
// do not meet, and a bad --fiat-baselines: one line each, exit 2.
func TestBenchFiatRefuses(t *testing.T) {
	needTimingCPU(t)
	testenv.Tool(t, "gcc")
	dir := t.TempDir()
	sq := compileTo(t, dir, "poly1305", "square")
	const fn = "fiat_poly1305_carry_square"
	malformed := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(malformed, "poly1305_64.json"), []byte("[{\"operation\": \n"), 0o644))
	tests := []struct {
		name, fiat, want string
	}{
		{"planted wrong constant", fiatDirWith(t, fn, replaceFirst(t, `"0x5"`, `"0x7"`)),
			"WRONG OUTPUT from Fiat's " + fn + " (gcc)"},
		{"output bounds Fiat's code exceeds", fiatDirWith(t, fn, func(f map[string]any) {
			f["returns"].([]any)[0].(map[string]any)["ubound"] = []any{"0x100", "0x80000000000", "0x80000000000"}
		}), "outside Fiat's output bounds"},
		{"input bounds apart", fiatDirWith(t, fn, func(f map[string]any) {
			f["arguments"].([]any)[0].(map[string]any)["lbound"] = []any{"0x0", "0x0", "0x200000000000"}
			f["arguments"].([]any)[0].(map[string]any)["ubound"] = []any{"0x300000000000", "0x180000000000", "0x200000000000"}
		}), "do not meet: arg1[2]"},
		{"function defined twice", fiatDirWith(t, "fiat_poly1305_carry_mul", func(f map[string]any) {
			f["operation"] = fn
		}), "function " + fn + " is defined twice"},
		{"malformed JSON", malformed, "fiat json"},
		{"no such dir", filepath.Join(dir, "nope"), "is not a directory"},
		{"file missing", t.TempDir(), "poly1305_64.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCLI("bench", "--curve", "poly1305", "--op", "square", "--asm", sq,
				"--compilers", "gcc", "--repeats", "1", "--batches", "5", "--fiat-baselines", tc.fiat)
			require.Equal(t, 2, code, stderr)
			require.Empty(t, out)
			require.Contains(t, stderr, tc.want)
			require.Len(t, errorLines(stderr), 1, stderr)
		})
	}
}

// errorLines are the lines of stderr other than bench's progress lines (a loaded machine
// can take the 2 s after which bench prints one).
func errorLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if !strings.HasPrefix(l, "bench: file ") {
			out = append(out, l)
		}
	}
	return out
}
