package fields

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// weierFieldsT are the catalogue fields with the Weierstrass ops.
func weierFieldsT(t *testing.T) []Field {
	var out []Field
	for _, F := range All() {
		if len(F.WeierOps) > 0 {
			out = append(out, F)
		}
	}
	require.Len(t, out, 2, "p256 and secp256k1_montgomery")
	return out
}

// wordEdges are 4-word values around 0, p and 2^256 (every 256-bit value is in bounds).
func wordEdges(F Field) [][][]uint64 {
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	var out [][][]uint64
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(F.Prime, big.NewInt(1)), F.Prime, new(big.Int).Add(F.Prime, big.NewInt(1)),
		new(big.Int).Sub(two256, big.NewInt(1)), new(big.Int).Sub(two256, F.Prime),
		new(big.Int).Lsh(big.NewInt(1), 255), new(big.Int).Lsh(big.NewInt(1), 64),
	} {
		out = append(out, [][]uint64{words64(v, 4)})
	}
	return out
}

func TestWeierMontgomeryConversions(t *testing.T) {
	for _, F := range weierFieldsT(t) {
		R := new(big.Int).Lsh(big.NewInt(1), 256)
		Rinv := new(big.Int).ModInverse(R, F.Prime)
		for _, c := range []struct {
			op  string
			mul *big.Int
		}{{OpFromMontgomery, Rinv}, {OpToMontgomery, R}} {
			t.Run(F.Name+"_"+c.op, func(t *testing.T) {
				f, err := F.Func(c.op)
				require.NoError(t, err)
				runLadder(t, f, wordEdges(F), count(20000), 3, func(args, out [][]uint64) error {
					want := new(big.Int).Mul(F.Value(args[0]), c.mul)
					want.Mod(want, F.Prime)
					if got := F.Value(out[0]); got.Cmp(want) != 0 {
						return fmt.Errorf("got %#x, want %#x (fully reduced)", got, want)
					}
					return nil
				})
			})
		}
	}
}

func TestWeierBytes(t *testing.T) {
	for _, F := range weierFieldsT(t) {
		t.Run(F.Name, func(t *testing.T) {
			to, err := F.Func(OpToBytes)
			require.NoError(t, err)
			runLadder(t, to, wordEdges(F), count(20000), 4, func(args, out [][]uint64) error {
				want := new(big.Int).Mod(F.Value(args[0]), F.Prime)
				if got := F.Value(out[0]); got.Cmp(want) != 0 {
					return fmt.Errorf("to_bytes: got %#x, want %#x", got, want)
				}
				return nil
			})
			from, err := F.Func(OpFromBytes)
			require.NoError(t, err)
			runLadder(t, from, wordEdges(F), count(2000), 5, func(args, out [][]uint64) error {
				if F.Value(out[0]).Cmp(F.Value(args[0])) != 0 {
					return fmt.Errorf("from_bytes changed the value")
				}
				return nil
			})
		})
	}
}

func TestWeierSelectAndNonzero(t *testing.T) {
	for _, F := range weierFieldsT(t) {
		t.Run(F.Name, func(t *testing.T) {
			sel, err := F.Func(OpSelectznz)
			require.NoError(t, err)
			runLadder(t, sel, nil, count(5000), 6, func(args, out [][]uint64) error {
				want := args[0][:4]
				if args[1][0] == 1 {
					want = args[0][4:]
				}
				if fmt.Sprint(out[0]) != fmt.Sprint(want) {
					return fmt.Errorf("selectznz: got %#x, want %#x", out[0], want)
				}
				return nil
			})
			nz, err := F.Func(OpNonzero)
			require.NoError(t, err)
			extra := append(wordEdges(F), [][]uint64{{0, 0, 0, 1}}, [][]uint64{{0, 1 << 63, 0, 0}})
			runLadder(t, nz, extra, count(2000), 7, func(args, out [][]uint64) error {
				if (out[0][0] == 0) != (F.Value(args[0]).Sign() == 0) {
					return fmt.Errorf("nonzero: got %#x for %#x", out[0][0], args[0])
				}
				return nil
			})
		})
	}
}

func TestWeierOpsOnlyWhereDefined(t *testing.T) {
	for _, name := range []string{"p384", "curve25519_solinas", "secp256k1_dettman"} {
		F, err := Lookup(name)
		require.NoError(t, err)
		for _, op := range []string{OpFromMontgomery, OpSelectznz, OpNonzero} {
			_, err := F.Func(op)
			require.ErrorContains(t, err, "no op", "%s %s", name, op)
		}
	}
}
