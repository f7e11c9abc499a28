package objcheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// plantedCase edits clang's assembly (the first match of pattern, expanded as repl; no
// pattern: as built) and says whether the result must be proved.
type plantedCase struct {
	name, pattern, repl string
	proved              bool
}

// clangAsm is clang-19 -O3's assembly text of emit-c's C for fn, named symbol, in dir.
func clangAsm(t *testing.T, fn *ir.Func, symbol, dir string) []byte {
	t.Helper()
	c, err := cemit.Emit(fn, symbol)
	require.NoError(t, err)
	src := filepath.Join(dir, symbol+".c")
	require.NoError(t, os.WriteFile(src, c, 0o644))
	asm := filepath.Join(dir, symbol+".s")
	out, err := exec.Command("clang-19", "-O3", "-march=x86-64-v3", "-madx", "-S", "-o", asm, src).CombinedOutput()
	require.NoError(t, err, string(out))
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	return text
}

// runPlanted assembles each case's text and checks it against fn: what must be proved is,
// and each planted bug is refused with a counterexample.
func runPlanted(t *testing.T, fn *ir.Func, symbol, dir string, text []byte, cases []plantedCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mutated := text
			if tc.pattern != "" {
				re := regexp.MustCompile(tc.pattern)
				loc := re.FindSubmatchIndex(mutated)
				require.NotNil(t, loc, "the pattern is not in clang's code")
				edit := re.Expand(nil, []byte(tc.repl), mutated, loc)
				mutated = append(append(append([]byte(nil), mutated[:loc[0]]...), edit...), mutated[loc[1]:]...)
			}
			s := filepath.Join(dir, "m.s")
			require.NoError(t, os.WriteFile(s, mutated, 0o644))
			obj, err := Assemble(context.Background(), s, "clang-19", t.TempDir())
			require.NoError(t, err)
			ld, err := LoadObject(obj, symbol, "")
			require.NoError(t, err)
			rep, err := checker.CheckProgram(fn, ld.Program, checker.Options{RandomTrials: 64})
			require.NoError(t, err)
			require.Equal(t, tc.proved, rep.Proved, "%+v", rep.Failures)
			if !tc.proved {
				require.NotNil(t, rep.Counterexample, "a planted bug must come with a counterexample")
			}
		})
	}
}
