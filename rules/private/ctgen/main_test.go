package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	F, err := fields.Lookup("p256")
	require.NoError(t, err)
	f, err := F.Func("mul")
	require.NoError(t, err)
	data, err := ir.WriteFiat([]*ir.Func{f})
	require.NoError(t, err)
	irPath := filepath.Join(dir, "ir.json")
	require.NoError(t, os.WriteFile(irPath, data, 0o644))
	out := filepath.Join(dir, "h.c")
	for _, tc := range []struct {
		name string
		args []string
		want string // error substring; "" for success
	}{
		{"ok", []string{"-ir", irPath, "-symbol", "p256_mul", "-o", out}, ""},
		{"ok alias", []string{"-ir", irPath, "-func", f.Name, "-symbol", "p256_mul", "-alias", "-o", out}, ""},
		{"missing -o", []string{"-ir", irPath, "-symbol", "s"}, "required"},
		{"bad symbol", []string{"-ir", irPath, "-symbol", "a-b", "-o", out}, "not a C identifier"},
		{"no such func", []string{"-ir", irPath, "-func", "nope", "-symbol", "s", "-o", out}, "no function \"nope\""},
		{"inputs 0", []string{"-ir", irPath, "-symbol", "s", "-inputs", "0", "-o", out}, "want 1..1000"},
		{"missing ir", []string{"-ir", filepath.Join(dir, "none.json"), "-symbol", "s", "-o", out}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			err := run(tc.args, &bytes.Buffer{})
			if tc.want != "" {
				require.ErrorContains(t, err, tc.want)
				require.NoFileExists(t, out)
				return
			}
			require.NoError(t, err)
			text, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Contains(t, string(text), "VALGRIND_MAKE_MEM_UNDEFINED")
			require.Contains(t, string(text), "check(\"p256_mul\", p256_mul,")
		})
	}
}
