package x25519

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	fe "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
)

func value(a *fe.Element) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(a[i]))
	}
	return v
}

func element(v *big.Int) fe.Element {
	var a fe.Element
	for i := range a {
		a[i] = new(big.Int).Rsh(v, uint(64*i)).Uint64()
	}
	return a
}

// ladderInputs are the edge values around p, 2^255 and 2^256 and seeded random ones.
func ladderInputs() []*big.Int {
	one := big.NewInt(1)
	p255 := new(big.Int).Lsh(one, 255)
	p256 := new(big.Int).Lsh(one, 256)
	var vs []*big.Int
	for _, base := range []*big.Int{big.NewInt(0), prime, p255, new(big.Int).Add(prime, prime), p256} {
		for d := int64(-20); d <= 20; d++ {
			v := new(big.Int).Add(base, big.NewInt(d))
			if v.Sign() >= 0 && v.Cmp(p256) < 0 {
				vs = append(vs, v)
			}
		}
	}
	rng := rand.New(rand.NewSource(4))
	for range 10000 {
		vs = append(vs, new(big.Int).Rand(rng, p256))
	}
	return vs
}

// TestToBytes: the canonical encoding of every input below 2^256.
func TestToBytes(t *testing.T) {
	for _, v := range ladderInputs() {
		a := element(v)
		var out [Size]byte
		toBytes(&out, &a)
		require.Equal(t, le(new(big.Int).Mod(v, prime)), out[:], "v = %x", v)
	}
}

// TestFromBytes: the value with bit 255 masked.
func TestFromBytes(t *testing.T) {
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1))
	for _, v := range ladderInputs() {
		var a fe.Element
		fromBytes(&a, (*[Size]byte)(le(v)))
		require.Zero(t, new(big.Int).And(v, mask).Cmp(value(&a)), "v = %x", v)
	}
}

// TestCswap: swapped for 1, unchanged for 0.
func TestCswap(t *testing.T) {
	a0, b0 := fe.Element{1, 2, 3, 4}, fe.Element{^uint64(0), 0, 1 << 63, 7}
	a, b := a0, b0
	cswap(&a, &b, 0)
	require.Equal(t, [2]fe.Element{a0, b0}, [2]fe.Element{a, b})
	cswap(&a, &b, 1)
	require.Equal(t, [2]fe.Element{b0, a0}, [2]fe.Element{a, b})
}
