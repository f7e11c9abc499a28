package weiercmp

import (
	"math/rand/v2"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	ours "github.com/rules-cryptopt/rules_cryptopt/examples/go/secp256k1"
	"github.com/stretchr/testify/require"
)

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// decredScalar is k as decred reads it; ok is whether 0 < k < n (decred itself reduces
// k ≥ n modulo n where we refuse it: the reduction is reported by SetByteSlice).
func decredScalar(k []byte) (s secp256k1.ModNScalar, ok bool) {
	overflow := s.SetByteSlice(k)
	return s, len(k) == 32 && !overflow && !s.IsZero()
}

func decredBaseMult(s *secp256k1.ModNScalar) []byte {
	var r secp256k1.JacobianPoint
	secp256k1.ScalarBaseMultNonConst(s, &r)
	r.ToAffine()
	return secp256k1.NewPublicKey(&r.X, &r.Y).SerializeUncompressed()
}

func decredMult(s *secp256k1.ModNScalar, p []byte) ([]byte, error) {
	pk, err := secp256k1.ParsePubKey(p)
	if err != nil {
		return nil, err
	}
	var j, r secp256k1.JacobianPoint
	pk.AsJacobian(&j)
	secp256k1.ScalarMultNonConst(s, &j, &r)
	r.ToAffine()
	return secp256k1.NewPublicKey(&r.X, &r.Y).SerializeUncompressed(), nil
}

// TestSecp256k1AgainstDecred: k·G and k·P on 10,000 random scalars and points (1,000 with
// -short), plus random 65-byte strings as points, which both must refuse alike.
func TestSecp256k1AgainstDecred(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewPCG(256, 1))
	for range n {
		k := randomBytes(rng, 32)
		s, ok := decredScalar(k)
		got, err := ours.ScalarBaseMult(k)
		if !ok {
			require.ErrorIs(t, err, ours.ErrScalar)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, decredBaseMult(&s), got, "k·G, k=%x", k)

		j, _ := decredScalar(randomBytes(rng, 32))
		p := decredBaseMult(&j)
		want, err := decredMult(&s, p)
		require.NoError(t, err)
		got, err = ours.ScalarMult(k, p)
		require.NoError(t, err)
		require.Equal(t, want, got, "k·P, k=%x, P=%x", k, p)

		junk := append([]byte{4}, randomBytes(rng, 64)...)
		_, errDecred := decredMult(&s, junk)
		_, err = ours.ScalarMult(k, junk)
		require.Equal(t, errDecred == nil, err == nil, "random point %x", junk)
	}
}

// TestSecp256k1RejectsLikeDecred: the scalars decred reports as out of range or zero and
// the points its parser refuses.
func TestSecp256k1RejectsLikeDecred(t *testing.T) {
	g, err := ours.ScalarBaseMult(append(make([]byte, 31), 1))
	require.NoError(t, err)
	nBytes := secp256k1.Params().N.FillBytes(make([]byte, 32))
	ff := make([]byte, 32)
	for i := range ff {
		ff[i] = 0xff
	}
	for _, k := range [][]byte{make([]byte, 32), nBytes, ff} {
		_, ok := decredScalar(k)
		require.False(t, ok)
		_, err := ours.ScalarMult(k, g)
		require.ErrorIs(t, err, ours.ErrScalar)
	}
	offCurve := append([]byte(nil), g...)
	offCurve[64] ^= 1
	xIsP := append(append([]byte{4}, secp256k1.Params().P.FillBytes(make([]byte, 32))...), g[33:]...)
	one := secp256k1.ModNScalar{}
	one.SetInt(1)
	for _, p := range [][]byte{offCurve, xIsP, append([]byte{4}, make([]byte, 64)...), g[:64]} {
		_, errDecred := decredMult(&one, p)
		require.Error(t, errDecred)
		_, err := ours.ScalarMult(append(make([]byte, 31), 1), p)
		require.ErrorIs(t, err, ours.ErrPoint)
	}
}
