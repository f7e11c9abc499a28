package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/gopkg"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

// gopkgWithModels writes curve's Go package of ops and the models into a temporary
// directory: the .s file's path and the models' directory.
func gopkgWithModels(t *testing.T, curve, ops string) (string, string) {
	t.Helper()
	needGo(t)
	dir := t.TempDir()
	pkg, models := filepath.Join(dir, "pkg"), filepath.Join(dir, "models")
	code, _, stderr := runCLI("gopkg", "--curve", curve, "--ops", ops, "--package", "p", "--models", models, "-o", pkg)
	require.Equal(t, 0, code, stderr)
	return filepath.Join(pkg, curve+"_amd64.s"), models
}

func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH: gopkg cannot prove its output")
	}
}

// TestGopkgBadInput: one line, exit 2, nothing written.
func TestGopkgBadInput(t *testing.T) {
	needGo(t)
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	require.NoError(t, os.MkdirAll(full, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(full, "keep.txt"), []byte("x"), 0o644))
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"package not an identifier", []string{"--curve", "p256", "--ops", "mul", "--package", "1p", "-o", out}, "not a Go identifier"},
		{"package a keyword", []string{"--curve", "p256", "--ops", "mul", "--package", "func", "-o", out}, "not a Go identifier"},
		{"op the field lacks", []string{"--curve", "p256", "--ops", "mul,carry", "--package", "p", "-o", out}, `no op "carry"`},
		{"unknown field", []string{"--curve", "p999", "--ops", "mul", "--package", "p", "-o", out}, "p999"},
		{"non-empty output", []string{"--curve", "p256", "--ops", "mul", "--package", "p", "-o", full}, "not empty"},
		{"genome for another op", []string{"--curve", "p256", "--ops", "mul", "--package", "p", "-o", out, "--genome", "mul"}, "op=FILE"},
		{"no ops", []string{"--curve", "p256", "--package", "p", "-o", out}, "--ops"},
		{"bad go command", []string{"--curve", "p256", "--ops", "add", "--package", "p", "-o", out, "--go", "/nonexistent/go"}, "go"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(append([]string{"gopkg"}, tc.args...)...)
			require.Equal(t, 2, code, stderr)
			require.Empty(t, stdout)
			require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			require.Contains(t, stderr, tc.want)
			require.NoDirExists(t, out)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.Len(t, entries, 1, "nothing but the pre-existing directory")
		})
	}
}

// TestGopkgWritesPackage generates a small field into an empty directory and checks the
// file set; examples/gofield holds packages that go vet and go test run on.
func TestGopkgWritesPackage(t *testing.T) {
	needGo(t)
	out := t.TempDir() // exists and is empty: allowed
	code, _, stderr := runCLI("gopkg", "--curve", "poly1305", "--ops", "mul,square,carry", "--package", "poly", "-o", out)
	require.Equal(t, 0, code, stderr)
	entries, err := os.ReadDir(out)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.ElementsMatch(t, []string{"doc.go", "poly1305.go", "poly1305_amd64.go", "poly1305_amd64.s",
		"poly1305_arith.go", "poly1305_generic.go", "poly1305_test.go"}, names)
	s, err := os.ReadFile(filepath.Join(out, "poly1305_amd64.s"))
	require.NoError(t, err)
	require.Contains(t, string(s), "//go:build amd64 && !purego")
	require.Contains(t, string(s), "TEXT ·mul(SB), NOSPLIT, $")
	require.NotContains(t, string(s), "BP", "Go's frame pointer is never touched")
}

func TestSyntaxGo(t *testing.T) {
	code, out, stderr := runCLI("compile", "--curve", "p521", "--op", "mul", "--seed", "3", "--syntax", "go")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "#include \"textflag.h\"")
	require.Contains(t, out, "TEXT ·cryptopt_p521_mul(SB), NOSPLIT, $")
	require.Contains(t, out, "MOVQ\targ2+16(FP), DX")
	require.NotContains(t, out, "-8(SP)", "no red zone")
	code, _, stderr = runCLI("compile", "--curve", "p256", "--op", "mul", "--syntax", "plan9")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `--syntax "plan9": want gnu, nasm or go`)
	code, _, stderr = runCLI("optimize", "--curve", "p256", "--op", "mul", "--syntax", "plan9")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "want gnu, nasm or go")
}

// TestCheckGo re-proves gopkg's functions from the .s file and the models, and refuses a
// model of another function (byte mismatch) and another op's IR (not proved): exit 1.
func TestCheckGo(t *testing.T) {
	s, models := gopkgWithModels(t, "p256", "mul,add")
	code, out, stderr := runCLI("check-go", "--curve", "p256", "--op", "add", "--s", s, "--go-func", "add", "--model", filepath.Join(models, "add.S"))
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "proved")
	code, _, stderr = runCLI("check-go", "--curve", "p256", "--op", "add", "--s", s, "--go-func", "add", "--model", filepath.Join(models, "mul.S"))
	require.Equal(t, 1, code, stderr)
	require.Contains(t, stderr, "expected")
	code, _, _ = runCLI("check-go", "--curve", "p256", "--op", "mul", "--s", s, "--go-func", "add", "--model", filepath.Join(models, "add.S"))
	require.Equal(t, 1, code)
	code, _, stderr = runCLI("check-go", "--curve", "p256", "--op", "add", "--s", s)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "required")
}

// TestGopkgFiat: --fiat takes the functions from a Fiat JSON file, the field (which gives
// the representation) from --curve; check-go --field-fiat re-proves them the same way.
// Without a field, or with a file of another field, it is one line and exit 2.
func TestGopkgFiat(t *testing.T) {
	needGo(t)
	fiat := fiatJSON(t, "p256_64.json")
	dir := t.TempDir()
	pkg, models := filepath.Join(dir, "pkg"), filepath.Join(dir, "models")
	code, _, stderr := runCLI("gopkg", "--fiat", fiat, "--ops", "mul", "--package", "p", "-o", pkg)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--fiat needs --curve C or --prime")
	code, _, stderr = runCLI("gopkg", "--curve", "sm2", "--fiat", fiat, "--ops", "mul", "--package", "p", "-o", pkg)
	require.Equal(t, 2, code)
	require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	require.Contains(t, stderr, "does not compute sm2 mul")
	require.NoDirExists(t, pkg)
	code, _, stderr = runCLI("gopkg", "--curve", "p256", "--fiat", fiat, "--ops", "mul,add", "--package", "p", "--models", models, "-o", pkg)
	require.Equal(t, 0, code, stderr)
	doc, err := os.ReadFile(filepath.Join(pkg, "doc.go"))
	require.NoError(t, err)
	require.Contains(t, string(doc), "--fiat "+fiat)
	s := filepath.Join(pkg, "p256_amd64.s")
	code, out, stderr := runCLI("check-go", "--curve", "p256", "--op", "mul", "--field-fiat", fiat, "--s", s, "--go-func", "mul", "--model", filepath.Join(models, "mul.S"))
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "proved")
	code, _, stderr = runCLI("check-go", "--curve", "sm2", "--op", "mul", "--field-fiat", fiat, "--s", s, "--go-func", "mul", "--model", filepath.Join(models, "mul.S"))
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "does not compute sm2 mul")
}

// TestCheckGoAliasClaim: gopkg's models claim alias safety where the wrapper relies on it,
// and check-go re-proves the claim: curve25519 add with one more (unused) load of arg1[0]
// after out1[0] is written is proved, but not with the claim.
func TestCheckGoAliasClaim(t *testing.T) {
	needGo(t)
	dir := t.TempDir()
	pkg, models := filepath.Join(dir, "pkg"), filepath.Join(dir, "models")
	code, _, stderr := runCLI("gopkg", "--curve", "curve25519", "--ops", "add", "--package", "p", "--models", models, "-o", pkg)
	require.Equal(t, 0, code, stderr)
	model, err := os.ReadFile(filepath.Join(models, "add.S"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(model), gopkg.AliasSafeClaim+"\n"), "add is alias-safe")
	api, err := os.ReadFile(filepath.Join(pkg, "curve25519.go"))
	require.NoError(t, err)
	require.NotContains(t, string(api), "if out == a", "no copy for a function proved alias-safe")

	prog, err := x86.Parse(model)
	require.NoError(t, err)
	late, err := x86.Parse([]byte("\t.intel_syntax noprefix\n\t.text\nf:\n\tmov r8, qword ptr [rsi]\n\tret\n"))
	require.NoError(t, err)
	k := len(prog.Insts) - 6 // before the model's pops of rbx, r12-r15 and its ret
	prog.Insts = append(append(prog.Insts[:k:k], late.Insts[0]), prog.Insts[k:]...)
	f, err := goasm.NewFunc("add", []string{"out1", "arg1", "arg2"}, prog)
	require.NoError(t, err)
	text, err := (&goasm.File{Funcs: []*goasm.Func{f}}).Print()
	require.NoError(t, err)
	s := filepath.Join(dir, "late_amd64.s")
	require.NoError(t, os.WriteFile(s, text, 0o644))
	plain := gopkg.Model("curve25519", "add", f)
	for _, tc := range []struct {
		name  string
		model []byte
		code  int
	}{
		{"unclaimed", plain, 0},
		{"claimed", append([]byte(gopkg.AliasSafeClaim+"\n"), plain...), 1},
	} {
		m := filepath.Join(dir, tc.name+".S")
		require.NoError(t, os.WriteFile(m, tc.model, 0o644))
		code, _, stderr := runCLI("check-go", "--curve", "curve25519", "--op", "add", "--s", s, "--go-func", "add", "--model", m)
		require.Equal(t, tc.code, code, "%s: %s", tc.name, stderr)
		if tc.code != 0 {
			require.Contains(t, stderr, "claims out1 may alias the inputs")
		}
	}
}
