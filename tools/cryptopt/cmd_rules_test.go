package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The commands and flags the Bazel rules call (rules/private/*.bzl): each writes its
// file itself, atomically, so no action needs a shell.

// scalarFiat is a Fiat function with a u1 argument, which no header can declare.
const scalarFiat = `[{"operation":"f","arguments":[{"datatype":"u1","name":"c","lbound":"0x0","ubound":"0x1"},
{"datatype":"u64[1]","name":"arg1","lbound":["0x0"],"ubound":["0xff"]}],
"returns":[{"datatype":"u64[1]","name":"out1","lbound":["0x0"],"ubound":["0xff"]}],
"body":[{"datatype":"u64","name":["out1[0]"],"operation":"static_cast","arguments":["arg1[0]"]}]}]`

func TestHeaderAndCTHarness(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	scalar := filepath.Join(dir, "scalar.json")
	require.NoError(t, os.WriteFile(scalar, []byte(scalarFiat), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want []string // substrings of the file; nil: the command fails (exit 2, no file)
	}{
		{"header mul", []string{"header", "--curve", "p256", "--op", "mul", "--symbol", "p256_mul", "--uarch", "znver5"},
			[]string{"void p256_mul(uint64_t out1[4], const uint64_t arg1[4], const uint64_t arg2[4]);",
				`uarch "znver5"`, "#define P256_MUL_LIMBS 4", "#ifndef CRYPTOPT_P256_MUL_H_", "DO NOT EDIT."}},
		{"header square", []string{"header", "--curve", "p256", "--op", "square", "--symbol", "sq"},
			[]string{"void sq(uint64_t out1[4], const uint64_t arg1[4]);", "#define SQ_NARGS 1", `uarch "generic"`}},
		{"header scalar", []string{"header", "--fiat", scalar, "--func", "f"}, nil},
		{"header bad symbol", []string{"header", "--curve", "p256", "--op", "mul", "--symbol", "1f"}, nil},
		{"harness", []string{"ct-harness", "--curve", "p256", "--op", "mul", "--symbol", "p256_mul"},
			[]string{"VALGRIND_MAKE_MEM_UNDEFINED", `check("p256_mul", p256_mul,`}},
		{"harness alias", []string{"ct-harness", "--curve", "p256", "--op", "mul", "--symbol", "m", "--alias", "--inputs", "2"},
			[]string{`check("m", m,`}},
		{"harness inputs 0", []string{"ct-harness", "--curve", "p256", "--op", "mul", "--inputs", "0"}, nil},
		{"harness no func", []string{"ct-harness", "--curve", "p256", "--op", "nope"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			code, stdout, errs := runCLI(append(tc.args, "-o", out)...)
			require.Empty(t, stdout)
			if tc.want == nil {
				require.Equal(t, 2, code)
				require.Equal(t, 1, strings.Count(errs, "\n"), errs)
				require.NoFileExists(t, out)
				return
			}
			require.Equal(t, 0, code, errs)
			data, err := os.ReadFile(out)
			require.NoError(t, err)
			for _, w := range tc.want {
				require.Contains(t, string(data), w)
			}
		})
	}
}

// TestHeaderCompiles: the header declares what the assembly defines, in C and C++.
func TestHeaderCompiles(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	h := filepath.Join(dir, "f.h")
	code, _, errs := runCLI("header", "--curve", "curve25519", "--op", "mul", "--symbol", "f", "-o", h)
	require.Equal(t, 0, code, errs)
	for _, lang := range []string{"c", "c++"} {
		msg, err := exec.Command(gcc, "-x", lang, "-fsyntax-only", "-Wall", "-Werror", h).CombinedOutput()
		require.NoError(t, err, string(msg))
	}
}

func TestEmitReportIsTheHeader(t *testing.T) {
	dir := t.TempDir()
	g, asm, rep := filepath.Join(dir, "g.json"), filepath.Join(dir, "a.S"), filepath.Join(dir, "r.txt")
	code, _, errs := runCLI("compile", "--curve", "p256", "--op", "mul", "--order", "greedy", "--genome-out", g, "-o", asm)
	require.Equal(t, 0, code, errs)
	code, stdout, errs := runCLI("emit", "--curve", "p256", "--op", "mul", "--genome", g, "-o", asm, "--report", rep)
	require.Equal(t, 0, code, errs)
	require.Empty(t, stdout)
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	report, err := os.ReadFile(rep)
	require.NoError(t, err)
	// What the rule's `sed -n "/^#/p;/^[^#]/q"` used to take from the .S.
	var want bytes.Buffer
	for _, l := range strings.SplitAfter(string(text), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		want.WriteString(l)
	}
	require.Equal(t, want.String(), string(report))
	require.Contains(t, string(report), "# genome-hash: ")
}

func TestOptimizeReportFile(t *testing.T) {
	info := needTimingCPU(t)
	dir := t.TempDir()
	asm, rep := filepath.Join(dir, "a.S"), filepath.Join(dir, "r.txt")
	code, stdout, errs := runCLI("optimize", "--curve", "poly1305", "--op", "add", "--evals", "20", "--bets", "2",
		"--batches", "3", "--duel", "0", "--baseline", "none", "--expect-uarch", info.Tag, "-o", asm, "--report", rep)
	require.Equal(t, 0, code, errs)
	require.Empty(t, stdout)
	report, err := os.ReadFile(rep)
	require.NoError(t, err)
	require.Contains(t, string(report), "function: poly1305_add\n")
	require.Contains(t, string(report), "genome-hash: ")
	require.NotContains(t, string(report), "final race: ", "--duel 0: no race")

	// A report that cannot be written fails before the search, and no output appears.
	os.Remove(asm)
	code, _, _ = runCLI("optimize", "--curve", "poly1305", "--op", "add", "--evals", "20", "--bets", "2",
		"-o", asm, "--report", dir)
	require.Equal(t, 2, code)
	require.NoFileExists(t, asm)
}

// TestCheckStampDeterministic: the stamp of a proof is the same bytes every time (no
// duration), nothing goes to stdout, and a failed proof leaves no stamp but says why on
// stderr.
func TestCheckStampDeterministic(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no cc to assemble with")
	}
	dir := t.TempDir()
	asm := filepath.Join(dir, "a.S")
	code, _, errs := runCLI("compile", "--curve", "p256", "--op", "add", "--order", "greedy", "-o", asm)
	require.Equal(t, 0, code, errs)
	var stamps []string
	for i := range 2 {
		stamp := filepath.Join(dir, "s"+string(rune('0'+i)))
		code, stdout, errs := runCLI("check", "--curve", "p256", "--op", "add", "--asm", asm, "--stamp", stamp)
		require.Equal(t, 0, code, errs)
		require.Empty(t, stdout)
		data, err := os.ReadFile(stamp)
		require.NoError(t, err)
		stamps = append(stamps, string(data))
	}
	require.Equal(t, stamps[0], stamps[1])
	require.NotContains(t, stamps[0], "duration")
	var rep struct {
		Proved   bool   `json:"proved"`
		Function string `json:"function"`
	}
	require.NoError(t, json.Unmarshal([]byte(stamps[0]), &rep))
	require.True(t, rep.Proved)

	stamp := filepath.Join(dir, "bad")
	code, stdout, errs := runCLI("check", "--curve", "p256", "--op", "sub", "--asm", asm, "--stamp", stamp)
	require.Equal(t, 1, code)
	require.Empty(t, stdout)
	require.Contains(t, errs, "NOT proved")
	require.NoFileExists(t, stamp)
}

// TestUarchBzlIsCheckedIn: rules/private/uarch_rows.bzl is what `cryptopt uarch --bzl`
// prints (.ci/run diffs it too); it names every tag, emeraldrapids included.
func TestUarchBzlIsCheckedIn(t *testing.T) {
	code, out, errs := runCLI("uarch", "--bzl")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"emeraldrapids",`)
	require.True(t, strings.HasPrefix(out, "# Code generated by `cryptopt uarch --bzl`. DO NOT EDIT.\n"))
	want, err := os.ReadFile(filepath.Join("..", "..", "rules", "private", "uarch_rows.bzl"))
	if os.IsNotExist(err) {
		t.Skip("rules/private/uarch_rows.bzl not here (Bazel sandbox); go test ./... and .ci/run compare it")
	}
	require.NoError(t, err)
	require.Equal(t, string(want), out, "regenerate: go run ./tools/cryptopt uarch --bzl > rules/private/uarch_rows.bzl")
}
