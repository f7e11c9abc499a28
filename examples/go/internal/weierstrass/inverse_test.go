package weierstrass

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestInverse checks the divsteps inversion against math/big for the two curves' primes
// and group orders (any odd modulus < 2^256 is allowed), on edge values and random ones.
func TestInverse(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, hex := range []string{
		"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", // P-256 p
		"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", // P-256 n
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", // secp256k1 p
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", // secp256k1 n
		"3", "10001",
	} {
		m, _ := new(big.Int).SetString(hex, 16)
		iv := newInverter(toWords(m))
		one := big.NewInt(1)
		edges := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one),
			new(big.Int).Sub(m, big.NewInt(2)), new(big.Int).Rsh(m, 1)}
		for k := 1; k < m.BitLen(); k += 37 {
			edges = append(edges, new(big.Int).Lsh(one, uint(k)))
		}
		for i := range 2000 + len(edges) {
			x := new(big.Int)
			if i < len(edges) {
				x.Mod(edges[i], m)
			} else {
				x.Rand(rng, m)
			}
			want := new(big.Int).ModInverse(x, m)
			if want == nil {
				want = new(big.Int) // x = 0
			}
			got := iv.inverse(toWords(x))
			require.Equal(t, *toWords(want), got, "1/%x mod %x", x, m)
		}
	}
}

func toWords(v *big.Int) *[4]uint64 {
	var w [4]uint64
	for i, b := range v.Bits() { // 64-bit words on the platforms this runs on
		w[i] = uint64(b)
	}
	return &w
}
