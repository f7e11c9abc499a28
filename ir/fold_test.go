package ir

import (
	"math/big"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEvalPair checks constant folding of the two-result operations against math/bits:
// mulx (low, high), addcarryx (sum, carry out) and subborrowx (difference, borrow out),
// with the carry or borrow in as the first operand, as Fiat writes them.
func TestEvalPair(t *testing.T) {
	const max = ^uint64(0)
	tests := []struct {
		op      Op
		args    []uint64
		r0, r1  uint64
		comment string
	}{
		{OpMulx, []uint64{max, max}, 1, max - 1, "all ones squared"},
		{OpMulx, []uint64{0, max}, 0, 0, "zero"},
		{OpAddCarryx, []uint64{1, max, 0}, 0, 1, "carry in overflows"},
		{OpAddCarryx, []uint64{0, 5, 7}, 12, 0, "no carry"},
		{OpSubBorrowx, []uint64{0, 5, 7}, max - 1, 1, "borrow out"},
		{OpSubBorrowx, []uint64{1, 7, 5}, 1, 0, "borrow in, none out"},
		{OpSubBorrowx, []uint64{1, 0, 0}, max, 1, "borrow in only"},
	}
	for _, tc := range tests {
		t.Run(tc.comment, func(t *testing.T) {
			xs := make([]*big.Int, len(tc.args))
			for i, a := range tc.args {
				xs[i] = new(big.Int).SetUint64(a)
			}
			rs, ok := evalBig(&Instr{Op: tc.op, Size: 64}, xs)
			require.True(t, ok)
			require.Len(t, rs, 2)
			require.Equal(t, tc.r0, rs[0].Uint64(), "first result")
			require.Equal(t, tc.r1, rs[1].Uint64(), "second result")
		})
	}
	// The table's expectations agree with math/bits.
	hi, lo := bits.Mul64(max, max)
	require.Equal(t, []uint64{lo, hi}, []uint64{tests[0].r0, tests[0].r1})
	d, b := bits.Sub64(5, 7, 0)
	require.Equal(t, []uint64{d, b}, []uint64{tests[4].r0, tests[4].r1})
}
