package secp256k1

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// lambda is the cube root of 1 mod n that goes with cBeta (libsecp256k1's).
const lambdaHex = "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72"

func fromWords(w [4]uint64) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

// TestGLV checks glvSplit against math/big: k = r1 + λ·r2 (mod n) with |r1|, |r2| < 2^128,
// on edge scalars and random ones, and that λ and β go together: λ·G = (β·Gx, Gy).
func TestGLV(t *testing.T) {
	n, lambda := hexInt(t, std.n), hexInt(t, lambdaHex)
	nm1 := new(big.Int).Sub(n, big.NewInt(1))
	ks := []*big.Int{big.NewInt(1), big.NewInt(2), nm1, new(big.Int).Rsh(n, 1),
		new(big.Int).Lsh(big.NewInt(1), 128), new(big.Int).Lsh(big.NewInt(1), 255),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)), lambda,
		new(big.Int).Sub(n, lambda), fromWords(glvG1), fromWords(glvG2)}
	rng := rand.New(rand.NewSource(12))
	for range 2000 {
		ks = append(ks, new(big.Int).Rand(rng, n))
	}
	bound := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, k := range ks {
		k := new(big.Int).Mod(k, n)
		w := words(k)
		r1, r2, s1, s2 := glvSplit(&w)
		require.Less(t, fromWords(r1).Cmp(bound), 0, "|r1| < 2^128 for k = %x", k)
		require.Less(t, fromWords(r2).Cmp(bound), 0, "|r2| < 2^128 for k = %x", k)
		v1, v2 := fromWords(r1), fromWords(r2)
		if s1 == 1 {
			v1.Neg(v1)
		}
		if s2 == 1 {
			v2.Neg(v2)
		}
		sum := new(big.Int).Mul(v2, lambda)
		sum.Add(sum, v1).Mod(sum, n)
		require.Zero(t, sum.Cmp(k), "r1 + λ·r2 = %x, want k = %x", sum, k)
	}

	lg, err := ScalarBaseMult(scalarBytes(lambda))
	require.NoError(t, err)
	p := hexInt(t, std.p)
	bx := new(big.Int).Mul(fromWords(cBeta), hexInt(t, std.gx))
	bx.Mod(bx, p)
	require.Equal(t, bx.FillBytes(make([]byte, 32)), lg[1:33], "x of λ·G = β·Gx")
	require.Equal(t, hexInt(t, std.gy).FillBytes(make([]byte, 32)), lg[33:], "y of λ·G = Gy")
}
