package goemit_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/goemit"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// machineFuncs are every op of every catalogue field, lowered to machine form.
func machineFuncs(t *testing.T) []*ir.Func {
	var fns []*ir.Func
	for _, F := range fields.All() {
		for _, op := range F.Ops {
			f, err := F.Func(op)
			require.NoError(t, err)
			n, err := ir.Normalize(f)
			require.NoError(t, err)
			m, err := ir.Lower(n)
			require.NoError(t, err, f.Name)
			fns = append(fns, m)
		}
	}
	return fns
}

// TestEmittedGoMatchesInterpreter compiles the emitted Go of all catalogue fields' ops into one
// program, runs it on edge and random inputs, and compares each output with the
// reference interpreter (also with out1 aliasing arg1).
func TestEmittedGoMatchesInterpreter(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	if os.Getenv("GOCACHE") == "" && os.Getenv("HOME") == "" && os.Getenv("XDG_CACHE_HOME") == "" {
		t.Skip("no Go build cache (GOCACHE and HOME unset, as in Bazel's test sandbox): go test ./... runs this")
	}
	rng := rand.New(rand.NewSource(3))
	var src, calls, want strings.Builder
	src.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"math/bits\"\n)\n\nvar _ = bits.Add64\n\n")
	for i, f := range machineFuncs(t) {
		code, err := goemit.Emit(f, fmt.Sprintf("f%d", i))
		require.NoError(t, err, f.Name)
		src.Write(code)
		inputs := append(interp.EdgeInputs(f), interp.RandomInputs(f, rng), interp.RandomInputs(f, rng))
		for _, in := range inputs {
			out, err := interp.Run(f, in)
			require.NoError(t, err)
			lits := make([]string, len(in))
			for j, a := range in {
				lits[j] = fmt.Sprintf("&[%d]uint64{%s}", len(a), joinHex(a))
			}
			fmt.Fprintf(&calls, "\t{var o [%d]uint64; f%d(&o, %s); fmt.Println(%q, o)}\n",
				len(out[0]), i, strings.Join(lits, ", "), f.Name)
			fmt.Fprintf(&want, "%s %v\n", f.Name, out[0])
			if len(in[0]) == len(out[0]) { // aliased: out1 is arg1
				others := append([]string{"a"}, lits[1:]...)
				fmt.Fprintf(&calls, "\t{a := %s; f%d(a, %s); fmt.Println(%q, *a)}\n",
					lits[0], i, strings.Join(others, ", "), f.Name)
				fmt.Fprintf(&want, "%s %v\n", f.Name, out[0])
			}
		}
	}
	src.WriteString("func main() {\n" + calls.String() + "}\n")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src.String()), 0o644))
	cmd := exec.Command(gobin, "run", "main.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")
	got, err := cmd.CombinedOutput()
	require.NoError(t, err, string(got))
	require.Equal(t, want.String(), string(got))
}

func joinHex(a []uint64) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = fmt.Sprintf("%#x", x)
	}
	return strings.Join(s, ", ")
}
