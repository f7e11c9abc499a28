package objcheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestAVX2Tampered: clang's AVX2 build of secp256k1_dettman mul (the final limbs masked
// four at a time with a constant from .rodata.cst8), as clang's own assembly, proved;
// then edited so that the output is wrong in the vector part (the mask, the lane order,
// the half vinserti128 replaces, the register stored) and reassembled: every edit is
// refused with a counterexample, never proved.
func TestAVX2Tampered(t *testing.T) {
	requireTools(t, "clang-19")
	fn := fieldFunc(t, "secp256k1_dettman", "mul")
	dir := t.TempDir()
	c, err := cemit.Emit(fn, "f")
	require.NoError(t, err)
	src := filepath.Join(dir, "f.c")
	require.NoError(t, os.WriteFile(src, c, 0o644))
	asm := filepath.Join(dir, "f.s")
	out, err := exec.Command("clang-19", "-O3", "-march=x86-64-v3", "-madx", "-S", "-masm=intel", "-o", asm, src).CombinedOutput()
	require.NoError(t, err, string(out))
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	quad := regexp.MustCompile(`(?m)^\s*\.quad\s+(\d+)`).FindStringSubmatch(string(text))
	require.NotNil(t, quad, "no constant in clang's assembly: is the build still vectorised?")
	for _, tc := range []struct{ name, from, to string }{
		{"unchanged", "", ""},
		{"mask altered", quad[0], strings.Replace(quad[0], quad[1], "4503599627370494", 1)},
		{"lane order", "vpunpcklqdq\txmm0, xmm1, xmm0", "vpunpcklqdq\txmm0, xmm0, xmm1"},
		{"vinserti128 half", "vinserti128\tymm0, ymm1, xmm0, 1", "vinserti128\tymm0, ymm1, xmm0, 0"},
		{"vpand source", "vpand\tymm0, ymm0, ymm1", "vpand\tymm0, ymm0, ymm0"},
		{"stored register", "vmovdqu\tymmword ptr [rdi], ymm0", "vmovdqu\tymmword ptr [rdi], ymm1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			edited := string(text)
			if tc.from != "" {
				require.Contains(t, edited, tc.from)
				edited = strings.Replace(edited, tc.from, tc.to, 1)
			}
			s := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".s")
			require.NoError(t, os.WriteFile(s, []byte(edited), 0o644))
			obj := strings.TrimSuffix(s, ".s") + ".o"
			out, err := exec.Command("clang-19", "-c", "-o", obj, s).CombinedOutput()
			require.NoError(t, err, string(out))
			ld, err := LoadObject(obj, "f", "")
			require.NoError(t, err)
			require.True(t, hasOp(ld.Program, x86.VPBROADCASTQ), "the object loads its mask")
			rep, err := checker.CheckProgram(fn, ld.Program, checker.Options{RandomTrials: 64})
			require.NoError(t, err)
			if tc.from == "" {
				require.True(t, rep.Proved, "%+v", rep.Failures)
				return
			}
			require.False(t, rep.Proved)
			require.NotNil(t, rep.Counterexample, "a wrong output must come with a counterexample")
		})
	}
}

func hasOp(p *x86.Program, op x86.Opcode) bool {
	for _, in := range p.Insts {
		if in.Op == op {
			return true
		}
	}
	return false
}
