package gopkg

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
)

func readFiat(t *testing.T, file string) []byte {
	data, err := os.ReadFile(fiatdata.Path(t, file))
	require.NoError(t, err)
	return data
}

// TestFiatReplacesIR: with Config.Fiat the op's IR is the Fiat function (what is proved
// and printed), chosen by its op and checked against the field's contract.
func TestFiatReplacesIR(t *testing.T) {
	for _, tc := range []struct{ field, file, op, want string }{
		{"curve25519", "curve25519_64.json", "mul", "fiat_25519_carry_mul"},
		{"curve25519", "curve25519_64.json", "carry", "fiat_25519_carry"},
		{"p256", "p256_64.json", "sub", "fiat_p256_sub"},
		{"p448_solinas", "p448_solinas_64.json", "square", "fiat_p448_carry_square"},
	} {
		t.Run(tc.field+"_"+tc.op, func(t *testing.T) {
			c := config(t, tc.field, tc.op)
			c.Fiat = readFiat(t, tc.file)
			o, err := build(c, tc.op)
			require.NoError(t, err)
			require.Equal(t, tc.want, o.raw.Name)
		})
	}
}

// TestFiatRefusesOtherField: a Fiat file of another field, another representation, or
// without the op is refused, each with its reason.
func TestFiatRefusesOtherField(t *testing.T) {
	for _, tc := range []struct{ field, file, op, want string }{
		// Same limbs and bounds, other prime: caught by the interpreter comparison.
		{"secp256k1_montgomery", "p256_64.json", "mul", "not congruent mod p"},
		{"sm2", "p256_64.json", "add", "not congruent mod p"},
		// Another representation of the same prime: caught by the contract.
		{"curve25519_solinas", "curve25519_64.json", "mul", "limbs"},
		// Fiat has no add for Dettman's secp256k1.
		{"secp256k1_dettman", "secp256k1_dettman_64.json", "add", "found 0"},
		{"p256", "p256_64.json", "carry", `no op "carry"`},
	} {
		t.Run(tc.field+"_"+tc.op, func(t *testing.T) {
			F, err := fields.Lookup(tc.field)
			require.NoError(t, err)
			_, err = FiatFunc(F, readFiat(t, tc.file), tc.op)
			require.ErrorContains(t, err, tc.want)
		})
	}
	F, err := fields.Lookup("p256")
	require.NoError(t, err)
	_, err = FiatFunc(F, []byte("{not json"), "mul")
	require.ErrorContains(t, err, "--fiat")
}
