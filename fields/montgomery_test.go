package fields

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestMontShifts: the reduction step takes the shift form exactly where it saves
// multiplications (P-256: C = 2^32 + p_3·2^128 as two shifts and one mulx; p434: one row
// over C's four words), and the mul functions then make that many fewer mulx. Their
// values are TestOps' and TestMatchesFiat's concern (limb for limb with Fiat's).
func TestMontShifts(t *testing.T) {
	for _, tc := range []struct {
		field       string
		form        bool // the shift form is used
		terms       bool // per word (else one row)
		mulx, fiats int  // mulx codegen sees (after ir.Lower) with the form, and in Fiat's
	}{
		{"p256", true, true, 20, 28},
		{"p434", true, false, 77, 84},
		{"p224", false, false, 32, 32},
		{"p384", false, false, 66, 66},
		{"sm2", false, false, 28, 28},
		{"secp256k1_montgomery", false, false, 28, 28},
	} {
		t.Run(tc.field, func(t *testing.T) {
			F, err := Lookup(tc.field)
			require.NoError(t, err)
			f := montShifts(F.Prime, len(F.LimbBits))
			require.Equal(t, tc.form, f != nil)
			if f != nil {
				require.Equal(t, tc.terms, f.terms)
			}
			fn, err := F.Func("mul")
			require.NoError(t, err)
			require.Equal(t, tc.mulx, countOps(t, fn, ir.OpMulx))
			// Fiat's form of the same field: the reduction step without the shift form.
			b := ir.NewBuilder("fiat_form")
			w := words{b}
			n := len(F.LimbBits)
			a, c := saturatedParams(b, "mul", n)
			saturatedReturn(b, montMul(w, a, c, consts(words64(F.Prime, n)), montInv(F.Prime), nil))
			require.Equal(t, tc.fiats, countOps(t, b.Func(), ir.OpMulx))
		})
	}
}

// countOps counts op in f lowered as codegen lowers it (equal multiplications shared).
func countOps(t *testing.T, f *ir.Func, op ir.Op) int {
	f, err := ir.Lower(f)
	require.NoError(t, err)
	n := 0
	for _, in := range f.Body {
		if in.Op == op {
			n++
		}
	}
	return n
}
