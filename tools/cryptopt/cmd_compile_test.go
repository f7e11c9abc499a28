package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompileAndEmitReproduce(t *testing.T) {
	dir := t.TempDir()
	asm, gen, again := filepath.Join(dir, "a.S"), filepath.Join(dir, "g.json"), filepath.Join(dir, "b.S")
	code, _, errs := runCLI("compile", "--curve", "p256", "--op", "mul", "--seed", "7", "-o", asm, "--genome-out", gen)
	require.Equal(t, 0, code, errs)
	code, _, errs = runCLI("emit", "--curve", "p256", "--op", "mul", "--genome", gen, "-o", again)
	require.Equal(t, 0, code, errs)
	a, err := os.ReadFile(asm)
	require.NoError(t, err)
	b, err := os.ReadFile(again)
	require.NoError(t, err)
	body := func(s []byte) string { return string(s[strings.Index(string(s), "\t.intel_syntax"):]) }
	require.Equal(t, body(a), body(b), "emit of compile's genome gives the same code")
	require.Contains(t, string(a), "# seed: 7")
	require.Contains(t, string(a), "# uarch: generic")
	require.Contains(t, string(a), "cryptopt_p256_mul:")
	require.Contains(t, string(b), "# genome-hash: ")

	code, out, errs := runCLI("emit", "--curve", "p256", "--op", "mul", "--genome", gen)
	require.Equal(t, 0, code, errs)
	require.Equal(t, string(b), out, "emit is byte-for-byte reproducible")

	code, out, _ = runCLI("compile", "--curve", "p256", "--op", "mul", "--seed", "8", "--syntax", "nasm",
		"--frame-pointer", "save", "--aliasing", "out1-arg1", "--symbol", "my_mul")
	require.Equal(t, 0, code)
	require.Contains(t, out, "GLOBAL my_mul")
	require.NotContains(t, out, "rbp")
}

func TestEmitRejectsBadGenomes(t *testing.T) {
	dir := t.TempDir()
	gen := filepath.Join(dir, "g.json")
	code, _, errs := runCLI("compile", "--curve", "p256", "--op", "mul", "-o", filepath.Join(dir, "a.S"), "--genome-out", gen)
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(gen)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	write := func(name string, edit func(map[string]any)) string {
		d := map[string]any{}
		require.NoError(t, json.Unmarshal(data, &d))
		edit(d)
		b, err := json.Marshal(d)
		require.NoError(t, err)
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	order := doc["order"].([]any)
	cases := map[string]string{
		"short":    write("short.json", func(d map[string]any) { d["order"] = order[1:] }),
		"reversed": write("rev.json", func(d map[string]any) { d["order"] = reversed(order) }),
		"ir hash":  write("hash.json", func(d map[string]any) { d["ir_hash"] = "00" }),
		"decision": write("dec.json", func(d map[string]any) { d["decisions"] = []int{99} }),
	}
	for name, path := range cases {
		out := filepath.Join(dir, name+".S")
		code, _, errs := runCLI("emit", "--curve", "p256", "--op", "mul", "--genome", path, "-o", out)
		require.Equal(t, 2, code, name)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(errs), "\n")+1, "one-line error: %s", errs)
		_, err := os.Stat(out)
		require.True(t, os.IsNotExist(err), "%s: no output written", name)
	}
	code, _, errs = runCLI("emit", "--curve", "p256", "--op", "mul")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--genome is required")
	code, _, errs = runCLI("emit", "--curve", "p384", "--op", "mul", "--genome", gen)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--genome "+strconv.Quote(gen)+": genome is for IR", "the flag and the file named")
}

func reversed(s []any) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

func TestCompileOrders(t *testing.T) {
	dir := t.TempDir()
	for _, order := range []string{"fiat", "greedy"} {
		asm, gen := filepath.Join(dir, order+".S"), filepath.Join(dir, order+".json")
		code, _, errs := runCLI("compile", "--curve", "poly1305", "--op", "mul", "--order", order, "-o", asm, "--genome-out", gen)
		require.Equal(t, 0, code, errs)
		a, err := os.ReadFile(asm)
		require.NoError(t, err)
		require.Contains(t, string(a), "# seed: n/a ("+order+" order, default decisions)")
		var doc struct {
			Order     []int `json:"order"`
			Decisions []int `json:"decisions"`
		}
		data, err := os.ReadFile(gen)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &doc))
		require.NotEmpty(t, doc.Order)
		// Every decision 0 but the appended one (poly1305 mul's final carry, unmasked).
		require.NotEmpty(t, doc.Decisions)
		last := len(doc.Decisions) - 1
		require.Equal(t, 1, doc.Decisions[last])
		for _, d := range doc.Decisions[:last] {
			require.Zero(t, d)
		}
		if order == "fiat" {
			for i, op := range doc.Order {
				require.Equal(t, i, op)
			}
		}
	}
	code, _, errs := runCLI("compile", "--curve", "poly1305", "--op", "mul", "--order", "best")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--order")
	code, _, errs = runCLI("compile", "--curve", "poly1305", "--op", "mul", "--order", "fiat", "--genome", filepath.Join(dir, "fiat.json"))
	require.Equal(t, 2, code)
	require.Contains(t, errs, "exclude")
}
