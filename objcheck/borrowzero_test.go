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
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// TestZeroWordBorrow: clang-19 -O3 ends p256 mul with the trial subtraction a - p as a
// chain of sign masks (adc $-1 / adc $0, sar $63), adding the mask to the words where p
// has zero bits (x - 0 - borrow); it is proved only through mod-borrow-zero
// (checker/egraph/rules_borrow.go), in the checker's last attempt. Planted bugs in that
// chain (the top word's borrow kept, a zero word's mask dropped or inverted) must be
// refused with a counterexample. (sar $62 for $63 there is no bug: the chain's values are
// 0 or -1.)
func TestZeroWordBorrow(t *testing.T) {
	requireTools(t, "clang-19")
	F, err := fields.Lookup("p256")
	require.NoError(t, err)
	fn, err := F.Func("mul")
	require.NoError(t, err)
	c, err := cemit.Emit(fn, "f_p256_mul")
	require.NoError(t, err)
	dir := t.TempDir()
	src := filepath.Join(dir, "p256.c")
	require.NoError(t, os.WriteFile(src, c, 0o644))
	asm := filepath.Join(dir, "p256.s")
	out, err := exec.Command("clang-19", "-O3", "-march=x86-64-v3", "-madx", "-S", "-o", asm, src).CombinedOutput()
	require.NoError(t, err, string(out))
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	// mov mask, w; add x, w; adc $0, mask: one word of the chain (x plus the mask)
	word := `(movq\t(%r\w+), (%r\w+)\n\taddq\t(%r\w+), %r\w+\n\tadcq\t)\$0(, %r\w+\n\tsarq\t\$63)`
	for _, tc := range []struct {
		name, pattern, repl string
		proved              bool
	}{
		{"as built", ``, ``, true},
		{"top borrow kept", `(adcq\t)\$0(, %r\w+\n\tsarq\t\$63, %r\w+\n\t#APP)`, `${1}$$1${2}`, false},
		{"mask dropped", word, `movq	${4}, ${3}
	addq	$$0, ${3}
	adcq	$$0${5}`, false},
		{"mask inverted", word, `movq	${2}, ${3}
	notq	${3}
	addq	${4}, ${3}
	adcq	$$0${5}`, false},
	} {
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
			ld, err := LoadObject(obj, "f_p256_mul", "")
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
