package fields

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSparseExps: which primes get the shifted-add fold, with how many summed values
// (the bound the last folds rely on), and the reasons the others are refused.
func TestSparseExps(t *testing.T) {
	for _, c := range []struct {
		prime string
		n     int
		exps  []int
		terms int
		err   string
	}{
		{"2^448 - 2^224 - 1", 7, []int{0, 224}, 4, ""}, // L, H, rot(H, 224), H's top half
		{"2^192 - 2^64 - 1", 3, []int{0, 64}, 4, ""},
		{"2^255 - 19", 4, []int{1, 2, 5}, 13, ""}, // 38; satReduction takes the small-c' path first
		{"2^256 - 2^192 - 1", 4, nil, 0, "reaches bit 192, above 128"},
		{"2^224 - 2^96 + 1", 4, nil, 0, "96 bits set"},
	} {
		exps, err := sparseExps(parsePrimeExpr(c.prime), c.n)
		if c.err != "" {
			require.ErrorContains(t, err, c.err, c.prime)
			continue
		}
		require.NoError(t, err, c.prime)
		require.Equal(t, c.exps, exps, c.prime)
		require.Equal(t, c.terms, sparseTerms(exps), c.prime)
	}
	require.Equal(t, 1+1+1, sparseTerms([]int{64}), "c' even: H·2^e and G·2^e stay apart")
}
