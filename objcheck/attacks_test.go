package objcheck

import (
	"context"
	"errors"
	"math/rand"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/objrun"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

const attackDir = "../checker/testdata/attacks"

// attackOutcomes is what assembling (gcc for .S, nasm for .asm), linking with a C harness
// and running each attack on edge and random inputs shows; the test re-measures it, so a
// case that stops doing what it says fails here. "wrong" covers wrong outputs, crashes and
// writes outside out1; "right" cases compute poly1305_mul correctly (the checker may still
// refuse them: equivalent rewrites are allowed to be refused, never wrong code accepted).
var attackOutcomes = map[string]string{
	"balign_ret":           "wrong",
	"byte_data":            "wrong",
	"cfi":                  "right",
	"cpp_comment":          "wrong",
	"cpp_define":           "wrong",
	"cpp_if0":              "wrong",
	"cpp_splice":           "wrong",
	"fill":                 "wrong",
	"incbin":               "wrong",
	"include":              "wrong",
	"lock":                 "wrong",
	"macro":                "wrong",
	"nasm_align_ret":       "wrong",
	"nasm_align_ret_insn":  "wrong",
	"nasm_bracket_section": "wrong",
	"nasm_continuation":    "wrong",
	"nasm_ret_imm":         "wrong",
	"nasm_section":         "wrong",
	"nasm_segment":         "wrong",
	"no_size":              "right",
	"octal":                "wrong",
	"opsize16":             "right",
	"org_fill":             "wrong",
	"p2align_nop":          "right",
	"p2align_ret":          "wrong",
	"prefix16":             "right",
	"qword_no_ptr":         "wrong",
	"rep_ret":              "right",
	"rept":                 "wrong",
	"ret_imm":              "wrong",
	"rip_const":            "wrong",
	"second_entry":         "right",
	"section_note":         "wrong",
	"section_unlikely":     "wrong",
	"segment_override":     "wrong",
	"set_symbol":           "wrong",
	"text_subsection":      "wrong",
	"trigraph":             "right",
	"weak":                 "right",
}

func requireTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		_, err := exec.LookPath(tool)
		require.NoError(t, err, "%s is required by this test (CI installs it)", tool)
	}
}

func poly1305Mul(t *testing.T) *ir.Func {
	F, err := fields.Lookup("poly1305")
	require.NoError(t, err)
	fn, err := F.Func("mul")
	require.NoError(t, err)
	return fn
}

// TestAttacks assembles every attack with the real assembler, runs the linked object and
// checks it: every object that computes a wrong result (or crashes) must be refused.
func TestAttacks(t *testing.T) {
	requireTools(t, "gcc", "nasm")
	fn := poly1305Mul(t)
	inputs := objrun.Inputs(fn, rand.New(rand.NewSource(1)), 200)
	var files []string
	for _, pat := range []string{"*.S", "*.asm"} {
		m, err := filepath.Glob(filepath.Join(attackDir, pat))
		require.NoError(t, err)
		files = append(files, m...)
	}
	sort.Strings(files)
	require.GreaterOrEqual(t, len(files), 30)
	const sym = "cryptopt_poly1305_mul"
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			obj, err := Assemble(context.Background(), path, "gcc", dir)
			require.NoError(t, err, "every attack assembles")
			run, err := objrun.BuildLinked(dir, obj, sym)
			require.NoError(t, err)
			res, err := run.Run(fn, [][]byte{nil}, inputs)
			require.NoError(t, err)
			why, err := objrun.Wrong(fn, inputs, res[0])
			require.NoError(t, err)
			verdict := "proved"
			ld, err := LoadObject(obj, sym, filepath.Base(path))
			if err != nil {
				require.True(t, IsRefused(err), "an attack object is well formed: %v", err)
				verdict = "refused: " + err.Error()
			} else {
				rep, err := checker.CheckProgram(fn, ld.Program, checker.Options{Seed: 1, Lines: ld.Lines})
				if errors.Is(err, checker.ErrShape) { // refused as not the function's shape (exit 2)
					verdict = "refused: " + err.Error()
				} else if require.NoError(t, err); !rep.Proved {
					verdict = "not proved: " + rep.Failures[0].What + " " + rep.Failures[0].AsmExpr
				}
			}
			outcome := "right"
			if why != "" {
				outcome = "wrong"
			}
			t.Logf("%s: runs %s (%s); checker: %s", name, outcome, why, verdict)
			if outcome == "wrong" {
				require.NotEqual(t, "proved", verdict, "a wrong object was proved: %s", why)
			}
			require.Equal(t, attackOutcomes[name], outcome, "the attack no longer does what the suite records")
		})
	}
}
