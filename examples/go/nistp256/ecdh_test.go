package nistp256_test

import (
	"crypto/ecdh"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/examples/go/nistp256"
	"github.com/stretchr/testify/require"
)

// randomScalar returns 32 random bytes (the same distribution crypto/ecdh's keys come
// from); about 2^-32 of them are >= n, which both sides must then refuse.
func randomScalar(rng *rand.Rand) []byte {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(rng.Uint32())
	}
	return k
}

// TestAgainstCryptoECDH compares k·G with crypto/ecdh's public key of k, and k·P with its
// ECDH (the x-coordinate) and crypto/elliptic's ScalarMult (both coordinates), on 10,000
// random scalars and points (1,000 with -short).
func TestAgainstCryptoECDH(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(12, 1))
	c := ecdh.P256()
	for range n {
		k := randomScalar(rng)
		priv, errStd := c.NewPrivateKey(k)
		got, err := nistp256.ScalarBaseMult(k)
		if errStd != nil {
			require.ErrorIs(t, err, nistp256.ErrScalar, "k=%x", k)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, priv.PublicKey().Bytes(), got, "k·G, k=%x", k)

		other, err := c.NewPrivateKey(randomScalar(rng))
		require.NoError(t, err)
		p := other.PublicKey().Bytes()
		got, err = nistp256.ScalarMult(k, p)
		require.NoError(t, err)
		shared, err := priv.ECDH(other.PublicKey())
		require.NoError(t, err)
		require.Equal(t, shared, got[1:33], "x of k·P, k=%x, P=%x", k, p)
		//lint:ignore SA1019 crypto/elliptic is the standard library's only full k·P (x and y).
		x, y := elliptic.P256().ScalarMult(new(big.Int).SetBytes(p[1:33]), new(big.Int).SetBytes(p[33:]), k)
		require.Equal(t, x.FillBytes(make([]byte, 32)), got[1:33])
		require.Equal(t, y.FillBytes(make([]byte, 32)), got[33:], "y of k·P, k=%x, P=%x", k, p)
	}
}

// TestRejectsWhatCryptoECDHRejects: the scalars and points crypto/ecdh refuses.
func TestRejectsWhatCryptoECDHRejects(t *testing.T) {
	c := ecdh.P256()
	nBytes := elliptic.P256().Params().N.FillBytes(make([]byte, 32))
	g, err := nistp256.ScalarBaseMult(append(make([]byte, 31), 1))
	require.NoError(t, err)
	offCurve := append([]byte(nil), g...)
	offCurve[64] ^= 1
	pBytes := elliptic.P256().Params().P.FillBytes(make([]byte, 32))
	xIsP := append(append([]byte{4}, pBytes...), g[33:]...)
	for _, k := range [][]byte{make([]byte, 32), nBytes, {1}, make([]byte, 33)} {
		_, errStd := c.NewPrivateKey(k)
		require.Error(t, errStd)
		_, err := nistp256.ScalarBaseMult(k)
		require.ErrorIs(t, err, nistp256.ErrScalar)
	}
	for _, p := range [][]byte{{0}, offCurve, xIsP, g[:33], append(append([]byte{}, g...), 0)} {
		_, errStd := c.NewPublicKey(p)
		require.Error(t, errStd)
		_, err := nistp256.ScalarMult(append(make([]byte, 31), 1), p)
		require.ErrorIs(t, err, nistp256.ErrPoint)
	}
}

func BenchmarkCryptoECDHBaseMult(b *testing.B) {
	k := randomScalar(rand.New(rand.NewPCG(1, 1)))
	for b.Loop() {
		priv, _ := ecdh.P256().NewPrivateKey(k)
		_ = priv.PublicKey().Bytes()
	}
}

func BenchmarkCryptoECDH(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	priv, _ := ecdh.P256().NewPrivateKey(randomScalar(rng))
	other, _ := ecdh.P256().NewPrivateKey(randomScalar(rng))
	pub := other.PublicKey()
	for b.Loop() {
		_, _ = priv.ECDH(pub)
	}
}
