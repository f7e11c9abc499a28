package objcheck

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRegroupedSubtrahend: clang-19 -O3 adds the products p448_solinas' golden-ratio
// Karatsuba subtracts (x - y - z in the IR's u128) before subtracting them (add; adc, then
// sub; sbb), so each column's carry out of the difference's low word holds the complement
// of their sum where the IR's holds one per product; the square is proved only through
// mod-join-borrows (checker/egraph/rules_wide.go) in the checker's last attempt. Planted
// bugs in the first regrouped subtraction (the sum's carry dropped, the difference's
// borrow dropped, a product's high word taken from another register) must be refused with
// a counterexample.
func TestRegroupedSubtrahend(t *testing.T) {
	requireTools(t, "clang-19")
	fn := fieldFunc(t, "p448_solinas", "square")
	dir := t.TempDir()
	text := clangAsm(t, fn, "f_p448_solinas_square", dir)
	// the first register-register sub/sbb before a shld: the difference less the sum (lo, hi)
	sub := regexp.MustCompile(`subq\t%(r\w+), %r\w+\n\tsbbq\t%(r\w+), %r\w+\n\tshldq`).FindSubmatch(text)
	require.NotNil(t, sub, "clang's regrouped subtraction is not in its code")
	lo, hi := string(sub[1]), string(sub[2])
	sum := `(addq\t%(r\w+), %` + lo + `\n\t)adcq(\t%)(r\w+)(, %` + hi + `\n)`
	runPlanted(t, fn, "f_p448_solinas_square", dir, text, []plantedCase{
		{"as built", ``, ``, true},
		{"sum's carry dropped", sum, `${1}addq${3}${4}${5}`, false},
		{"borrow dropped", `(subq\t%` + lo + `, %r\w+\n\t)sbbq(\t%` + hi + `)`, `${1}subq${2}`, false},
		{"high word from the low word's register", sum, `${1}adcq${3}${2}${5}`, false},
	})
}
