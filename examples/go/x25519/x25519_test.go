package x25519

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"flag"
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

var iterations1M = flag.Bool("iterated1m", false, "also run RFC 7748's iterated vector to 1,000,000 (minutes)")

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

var basepoint = append([]byte{9}, make([]byte, 31)...)

// TestRFC7748Vectors: §5.2 (the second u has its top bit set, which must be ignored).
func TestRFC7748Vectors(t *testing.T) {
	for _, tc := range []struct{ scalar, u, want string }{
		{"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
	} {
		got, err := X25519(unhex(t, tc.scalar), unhex(t, tc.u))
		require.NoError(t, err)
		require.Equal(t, tc.want, hex.EncodeToString(got))
	}
}

// iterate runs RFC 7748 §5.2's iteration: k, u = X25519(k, u), k.
func iterate(t *testing.T, n int, checks map[int]string) {
	k := append([]byte(nil), basepoint...)
	u := append([]byte(nil), basepoint...)
	for i := 1; i <= n; i++ {
		r, err := X25519(k, u)
		require.NoError(t, err)
		u, k = k, r
		if want, ok := checks[i]; ok {
			require.Equal(t, want, hex.EncodeToString(k), "after %d iterations", i)
		}
	}
}

var iteratedWant = map[int]string{
	1:       "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
	1000:    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
	1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
}

func TestRFC7748Iterated(t *testing.T) { iterate(t, 1000, iteratedWant) }

// TestRFC7748Iterated1M is the 1,000,000-iteration vector (manual; the package before the
// flags): go test ./examples/go/x25519 -run Iterated1M -iterated1m -timeout 2h.
func TestRFC7748Iterated1M(t *testing.T) {
	if !*iterations1M {
		t.Skip("manual: pass -iterated1m")
	}
	iterate(t, 1000000, iteratedWant)
}

// TestRFC7748DH: §6.1 Alice's and Bob's public keys and their shared secret.
func TestRFC7748DH(t *testing.T) {
	alice := unhex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	bob := unhex(t, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
	alicePub, err := X25519(alice, basepoint)
	require.NoError(t, err)
	require.Equal(t, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", hex.EncodeToString(alicePub))
	bobPub, err := X25519(bob, basepoint)
	require.NoError(t, err)
	require.Equal(t, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", hex.EncodeToString(bobPub))
	k1, err := X25519(alice, bobPub)
	require.NoError(t, err)
	k2, err := X25519(bob, alicePub)
	require.NoError(t, err)
	require.Equal(t, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", hex.EncodeToString(k1))
	require.Equal(t, k1, k2)
}

var prime = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// le is the 32-byte little-endian encoding of v (v < 2^256).
func le(v *big.Int) []byte {
	b := make([]byte, 32)
	v.FillBytes(b)
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	return b
}

// TestLowOrderPoints: every u-coordinate of a point of order 1, 2, 4 or 8 (and their
// non-canonical and top-bit-set encodings) gives the all-zero result, which is an error.
func TestLowOrderPoints(t *testing.T) {
	order8a, _ := new(big.Int).SetString("325606250916557431795983626356110631294008115727848805560023387167927233504", 10)
	order8b, _ := new(big.Int).SetString("39382357235489614581723060781553021112529911719440698176882885853963445705823", 10)
	us := []*big.Int{big.NewInt(0), big.NewInt(1), order8a, order8b,
		new(big.Int).Sub(prime, big.NewInt(1)), prime, new(big.Int).Add(prime, big.NewInt(1))}
	rng := rand.New(rand.NewSource(1))
	for _, u := range us {
		for _, top := range []bool{false, true} {
			p := le(u)
			if top {
				p[31] |= 0x80
			}
			for range 4 {
				k := make([]byte, 32)
				rng.Read(k)
				out, err := X25519(k, p)
				require.ErrorContains(t, err, "low order point", "u=%x", p)
				require.Nil(t, out)
			}
		}
	}
}

// TestNonCanonical: u + p (u < 19) and u with bit 255 set give the result of u.
func TestNonCanonical(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	k := make([]byte, 32)
	for u := int64(2); u < 19; u++ {
		rng.Read(k)
		want, err := X25519(k, le(big.NewInt(u)))
		require.NoError(t, err)
		got, err := X25519(k, le(new(big.Int).Add(prime, big.NewInt(u))))
		require.NoError(t, err)
		require.Equal(t, want, got, "u = p + %d", u)
	}
	for range 100 {
		rng.Read(k)
		p := make([]byte, 32)
		rng.Read(p)
		p[31] &= 0x7f
		want, err := X25519(k, p)
		require.NoError(t, err)
		p[31] |= 0x80
		got, err := X25519(k, p)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
}

// TestAgainstCryptoECDH: 10,000 seeded random (scalar, point) pairs against crypto/ecdh
// (which takes u's top bit as ignored and non-canonical u mod p, as RFC 7748 says). Every
// 8th u is non-canonical ([p, 2^255)), and u's top bit is random.
func TestAgainstCryptoECDH(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewSource(3))
	k, p := make([]byte, 32), make([]byte, 32)
	for i := range n {
		rng.Read(k)
		rng.Read(p)
		if i%8 == 0 {
			p = le(new(big.Int).Add(prime, big.NewInt(int64(rng.Intn(19)))))
			p[31] |= byte(rng.Intn(2)) << 7
		}
		priv, err := ecdh.X25519().NewPrivateKey(k)
		require.NoError(t, err)
		pub, err := ecdh.X25519().NewPublicKey(p)
		require.NoError(t, err)
		want, wantErr := priv.ECDH(pub)
		got, err := X25519(k, p)
		if wantErr != nil {
			require.Error(t, err, "k=%x u=%x: crypto/ecdh refused (%v), ours did not", k, p, wantErr)
			continue
		}
		require.NoError(t, err, "k=%x u=%x", k, p)
		require.True(t, bytes.Equal(want, got), "k=%x u=%x: got %x want %x", k, p, got, want)
	}
}

// TestBadLengths: wrong lengths are errors, never panics; inputs are not modified.
func TestBadLengths(t *testing.T) {
	ok := make([]byte, 32)
	ok[0] = 9
	for _, n := range []int{0, 1, 31, 33, 64} {
		b := make([]byte, n)
		out, err := X25519(b, ok)
		require.ErrorContains(t, err, "bad scalar length")
		require.Nil(t, out)
		out, err = X25519(ok, b)
		require.ErrorContains(t, err, "bad point length")
		require.Nil(t, out)
	}
	_, err := X25519(nil, nil)
	require.Error(t, err)
	k := bytes.Repeat([]byte{0xff}, 32)
	u := bytes.Repeat([]byte{0xff}, 32)
	_, err = X25519(k, u)
	require.NoError(t, err)
	require.Equal(t, bytes.Repeat([]byte{0xff}, 32), k)
	require.Equal(t, bytes.Repeat([]byte{0xff}, 32), u)
}
