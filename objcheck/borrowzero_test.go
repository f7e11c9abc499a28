package objcheck

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
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
	dir := t.TempDir()
	text := clangAsm(t, fn, "f_p256_mul", dir)
	// mov mask, w; add x, w; adc $0, mask: one word of the chain (x plus the mask)
	word := `(movq\t(%r\w+), (%r\w+)\n\taddq\t(%r\w+), %r\w+\n\tadcq\t)\$0(, %r\w+\n\tsarq\t\$63)`
	runPlanted(t, fn, "f_p256_mul", dir, text, []plantedCase{
		{"as built", ``, ``, true},
		{"top borrow kept", `(adcq\t)\$0(, %r\w+\n\tsarq\t\$63, %r\w+\n\t#APP)`, `${1}$$1${2}`, false},
		{"mask dropped", word, `movq	${4}, ${3}
	addq	$$0, ${3}
	adcq	$$0${5}`, false},
		{"mask inverted", word, `movq	${2}, ${3}
	notq	${3}
	addq	${4}, ${3}
	adcq	$$0${5}`, false},
	})
}
