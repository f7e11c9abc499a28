package objcheck

import (
	"context"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// TestDoubledSquare: clang-19 -O3 builds a square that computes each off-diagonal product
// once (fields.squareWords) by doubling each word on its own (add r, r and shr r, 63)
// and adding the low word of a diagonal square and the bit without a carry; at three
// limbs (2^192 - 237, 91 instructions) it is proved only through the rules of
// checker/egraph/rules_double.go, in the checker's last attempt. Planted bugs in that
// code (a bit taken from bit 62, a carry dropped, a doubling dropped) must be refused
// with a counterexample.
func TestDoubledSquare(t *testing.T) {
	requireTools(t, "clang-19")
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 192), big.NewInt(237))
	F, err := fields.Custom(p, fields.SaturatedSolinas, 3)
	require.NoError(t, err)
	fn, err := F.Func("square")
	require.NoError(t, err)
	c, err := cemit.Emit(fn, "f_sq3")
	require.NoError(t, err)
	dir := t.TempDir()
	src := filepath.Join(dir, "sq3.c")
	require.NoError(t, os.WriteFile(src, c, 0o644))
	asm := filepath.Join(dir, "sq3.s")
	out, err := exec.Command("clang-19", "-O3", "-march=x86-64-v3", "-madx", "-S", "-o", asm, src).CombinedOutput()
	require.NoError(t, err, string(out))
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, pattern, repl string
		proved              bool
	}{
		{"as built", ``, ``, true},
		{"bit 62", `(shrq\s+\$)63(,)`, `${1}62$2`, false},
		{"carry dropped", `\badcq(\s+%r)`, `addq$1`, false},
		{"doubling dropped", `\baddq\s+(%r[0-9a-z]+), (%r[0-9a-z]+)\n`, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mutated := text
			if tc.pattern != "" {
				re := regexp.MustCompile(tc.pattern)
				loc := re.FindSubmatchIndex(mutated)
				require.NotNil(t, loc, "the pattern is not in clang's code")
				edit := re.Expand(nil, []byte(tc.repl), mutated, loc)
				mutated = append(append(append([]byte(nil), mutated[:loc[0]]...), edit...), mutated[loc[1]:]...)
				if tc.name == "doubling dropped" {
					require.Equal(t, string(re.Find(text)), "addq\t"+string(text[loc[2]:loc[3]])+", "+string(text[loc[4]:loc[5]])+"\n")
				}
			}
			s := filepath.Join(dir, "m.s")
			require.NoError(t, os.WriteFile(s, mutated, 0o644))
			obj, err := Assemble(context.Background(), s, "clang-19", t.TempDir())
			require.NoError(t, err)
			ld, err := LoadObject(obj, "f_sq3", "")
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
