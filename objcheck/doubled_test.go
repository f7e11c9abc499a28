package objcheck

import (
	"math/big"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
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
	dir := t.TempDir()
	text := clangAsm(t, fn, "f_sq3", dir)
	// the first add r, r (a doubling; Go's regexp has no back-references to match it)
	doubling := ""
	for _, m := range regexp.MustCompile(`\baddq\s+(%r[0-9a-z]+), (%r[0-9a-z]+)\n`).FindAllSubmatch(text, -1) {
		if string(m[1]) == string(m[2]) {
			doubling = regexp.QuoteMeta(string(m[0]))
			break
		}
	}
	require.NotEmpty(t, doubling, "no add r, r in clang's code")
	cases := []plantedCase{
		{"as built", ``, ``, true},
		{"bit 62", `(shrq\s+\$)63(,)`, `${1}62$2`, false},
		{"carry dropped", `\badcq(\s+%r)`, `addq$1`, false},
		{"doubling dropped", doubling, "", false},
	}
	runPlanted(t, fn, "f_sq3", dir, text, cases)
}
