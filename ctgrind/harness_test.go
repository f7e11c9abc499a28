package ctgrind

import (
	"context"
	"errors"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func TestHarnessRejectsBadTargets(t *testing.T) {
	f := &ir.Func{Name: "f", Params: []ir.Param{{Name: "arg1", Limbs: []ir.Value{0}}},
		Rets: []ir.Result{{Name: "out1", Limbs: []ir.Arg{ir.V(0)}}}, Values: []ir.ValueInfo{{Name: "x"}}}
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		name   string
		target Target
		want   string
	}{
		{"symbol with a space", Target{Symbol: "a b", Func: f}, "not a C identifier"},
		{"empty symbol", Target{Symbol: "", Func: f}, "not a C identifier"},
		{"digit first", Target{Symbol: "1f", Func: f}, "not a C identifier"},
		{"unknown aliasing", Target{Symbol: "f", Func: f, Aliasing: ir.Aliasing(7)}, "unsupported aliasing aliasing(7)"},
		{"no result", Target{Symbol: "f", Func: &ir.Func{Name: "g", Params: f.Params}}, "one result"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Harness([]Target{tc.target}, rng, 2)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestPlantErrors(t *testing.T) {
	_, err := Plant("f:\n\tret\n", "g", PlantBranch)
	require.ErrorContains(t, err, "no label g")
	_, err = Plant("f:\n\tret\n", "f", "div")
	require.ErrorContains(t, err, "want")
	s, err := Plant("f:\n\tret\n", "f", PlantBranch)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(s, "f:\n\tmov rax, qword ptr [rsi]\n"), s)
}

// oneLimb is out1[0] = some function of arg1[0]: the shape the asm below implements.
func oneLimb() *ir.Func {
	return &ir.Func{Name: "f", Params: []ir.Param{{Name: "arg1", Type: ir.U64, Limbs: []ir.Value{0},
		Lower: []uint64{0}, Upper: []uint64{^uint64(0)}}},
		Rets: []ir.Result{{Name: "out1", Type: ir.U64, Limbs: []ir.Arg{ir.V(0)}, Lower: []uint64{0},
			Upper: []uint64{^uint64(0)}}}, Values: []ir.ValueInfo{{Name: "x", Type: ir.U64}}}
}

const asmPrefix = ".intel_syntax noprefix\n.text\n.globl f\nf:\n"

// TestRunVerdicts: a constant-time copy passes; a branch on the secret fails; a function
// that never reads the secret fails as vacuous; without valgrind the harness refuses.
func TestRunVerdicts(t *testing.T) {
	if _, err := exec.LookPath("valgrind"); err != nil && os.Getenv("CRYPTOPT_REQUIRE_VALGRIND") == "" {
		t.Skip("valgrind not installed: constant-time verdicts NOT tested")
	}
	for _, tc := range []struct {
		name  string
		body  string
		clean bool
		want  string
	}{
		{"copy", "\tmov rax, qword ptr [rsi]\n\tmov qword ptr [rdi], rax\n\tret\n", true, "no secret-dependent"},
		{"cmov is fine", "\tmov rax, qword ptr [rsi]\n\txor ecx, ecx\n\ttest rax, rax\n\tcmovz rax, rcx\n\tmov qword ptr [rdi], rax\n\tret\n", true, "no secret-dependent"},
		{"branch", "\tmov rax, qword ptr [rsi]\n\ttest rax, rax\n\tjz 1f\n\tnop\n1:\n\tmov qword ptr [rdi], rax\n\tret\n", false, "memcheck reported"},
		{"constant output", "\tmov qword ptr [rdi], 7\n\tret\n", false, "fully defined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := Harness([]Target{{Symbol: "f", Func: oneLimb()}}, rand.New(rand.NewSource(2)), 4)
			require.NoError(t, err)
			res, err := Run(context.Background(), t.TempDir(), h, map[string][]byte{"f.S": []byte(asmPrefix + tc.body)})
			require.NoError(t, err)
			require.Equal(t, tc.clean, res.Clean, res.Output)
			require.Contains(t, res.Output, tc.want)
		})
	}
}

// TestHarnessRefusesToRunNatively: outside valgrind nothing is checked, so exit status 3.
func TestHarnessRefusesToRunNatively(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("valgrind headers assumed absent")
	}
	dir := t.TempDir()
	h, err := Harness([]Target{{Symbol: "f", Func: oneLimb()}}, rand.New(rand.NewSource(3)), 1)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h.c"), h, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f.S"), []byte(asmPrefix+"\tret\n"), 0o644))
	exe := filepath.Join(dir, "h")
	out, err := exec.Command("gcc", "-o", exe, filepath.Join(dir, "h.c"), filepath.Join(dir, "f.S")).CombinedOutput()
	require.NoError(t, err, string(out))
	out, err = exec.Command(exe).CombinedOutput()
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "want a failing exit, got %v", err)
	require.Equal(t, 3, ee.ExitCode())
	require.Contains(t, string(out), "not running under valgrind")
}
