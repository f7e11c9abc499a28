package fields

import (
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomPrime is a uniformly drawn prime of exactly bits bits.
func randomPrime(rng *rand.Rand, bits int) *big.Int {
	for {
		p := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		p.SetBit(p, bits-1, 1).SetBit(p, 0, 1)
		if p.ProbablyPrime(32) {
			return p
		}
	}
}

// randomMinusOnePrime is a random prime of the given bits that is −1 mod 2^64.
func randomMinusOnePrime(rng *rand.Rand, bits int) *big.Int {
	for {
		p := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		p.SetBit(p, bits-1, 1)
		p.Or(p, new(big.Int).SetUint64(^uint64(0)))
		if p.ProbablyPrime(32) {
			return p
		}
	}
}

func TestCustomFields(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	cases := []struct {
		prime  *big.Int
		method string
		limbs  int
		bits   []int
	}{
		{parsePrimeExpr("2^127 - 1"), Solinas, 3, []int{43, 42, 42}},
		{parsePrimeExpr("2^255 - 19"), Solinas, 5, []int{51, 51, 51, 51, 51}},
		{parsePrimeExpr("2^255 - 19"), SaturatedSolinas, 4, []int{64, 64, 64, 64}},
		{parsePrimeExpr("2^127 - 1"), SaturatedSolinas, 2, []int{64, 64}},
		// Sparse 2^(64n) mod p (shifted adds): P-192 (2^64 + 1, word-aligned) and p448.
		{parsePrimeExpr("2^192 - 2^64 - 1"), SaturatedSolinas, 3, []int{64, 64, 64}},
		{parsePrimeExpr("2^448 - 2^224 - 1"), SaturatedSolinas, 7, repeatInt(64, 7)},
		{parsePrimeExpr("2^256 - 2^76 - 1"), SaturatedSolinas, 4, repeatInt(64, 4)},
		{parsePrimeExpr("2^320 - 2^105 - 1"), SaturatedSolinas, 5, repeatInt(64, 5)},
		{parsePrimeExpr("2^521 - 1"), SaturatedSolinas, 9, repeatInt(64, 9)},
		{randomPrime(rng, 192), Montgomery, 3, []int{64, 64, 64}},
		{randomPrime(rng, 150), Montgomery, 3, []int{64, 64, 64}},
		// p ≡ −1 mod 2^64: the reduction step's shift form (montShifts) on other shapes than
		// P-256's: C = 2^63 (a shift into the top word), C = 2^457 (9 limbs), and a random
		// low-word-all-ones prime (C's words through mulx or one row).
		{parsePrimeExpr("2^127 - 1"), Montgomery, 2, []int{64, 64}},
		{parsePrimeExpr("2^521 - 1"), Montgomery, 9, repeatInt(64, 9)},
		{randomMinusOnePrime(rng, 256), Montgomery, 4, repeatInt(64, 4)},
	}
	for ci, c := range cases {
		F, err := Custom(c.prime, c.method, c.limbs)
		require.NoError(t, err, "%#x %s", c.prime, c.method)
		require.Equal(t, "custom", F.Name)
		require.Equal(t, c.bits, F.LimbBits)
		for oi, op := range F.Ops {
			t.Run(c.method+"_"+op, func(t *testing.T) { checkOp(t, F, op, count(2000), int64(10*ci+oi)) })
		}
	}
}

// TestCustomMatchesCatalogue: the catalogue is the custom generator with a name.
func TestCustomMatchesCatalogue(t *testing.T) {
	for _, name := range []string{"curve25519", "p256", "poly1305", "p521", "curve25519_solinas", "p448_saturated"} {
		F, err := Lookup(name)
		require.NoError(t, err)
		G, err := Custom(F.Prime, F.Method, len(F.LimbBits))
		require.NoError(t, err)
		f, err := F.Func("mul")
		require.NoError(t, err)
		g, err := G.Func("mul")
		require.NoError(t, err)
		g.Name = f.Name
		require.Equal(t, f.Text(), g.Text(), name)
	}
}

func TestCustomErrors(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, c := range []struct {
		prime  *big.Int
		method string
		limbs  int
		want   string
	}{
		{big.NewInt(1 << 20), Montgomery, 1, "not prime"},
		{parsePrimeExpr("2^128 + 1"), Montgomery, 3, "not prime"},
		{big.NewInt(-7), Montgomery, 1, "positive"},
		{parsePrimeExpr("2^255 - 19"), Montgomery, 3, "does not fit 3×64-bit limbs"},
		{parsePrimeExpr("2^255 - 19"), Solinas, 4, "needs more than 4 unsaturated limbs"},
		{parsePrimeExpr("2^521 - 1"), Solinas, 3, "needs more than 3"},
		{randomPrime(rng, 192), Solinas, 4, "with small c"},
		{randomPrime(rng, 192), SaturatedSolinas, 3, "below 2^31"},
		{parsePrimeExpr("2^224 - 2^96 + 1"), SaturatedSolinas, 4, "or a sum of at most 3 powers of two"},
		{parsePrimeExpr("2^448 - 2^224 - 1"), SaturatedSolinas, 8, "does not fill 8×64-bit limbs"},
		{parsePrimeExpr("2^255 - 19"), SaturatedSolinas, 5, "does not fill 5×64-bit limbs"},
		{parsePrimeExpr("2^255 - 19"), Dettman, 5, "only for secp256k1"},
		{parsePrimeExpr("2^255 - 19"), "barrett", 4, `unknown method "barrett"`},
		{parsePrimeExpr("2^255 - 19"), Montgomery, 0, "limb count 0"},
		{parsePrimeExpr("2^255 - 19"), Montgomery, 99, "limb count 99"},
	} {
		_, err := Custom(c.prime, c.method, c.limbs)
		require.Error(t, err, "%v %s %d", c.prime, c.method, c.limbs)
		require.Contains(t, err.Error(), c.want)
		require.NotContains(t, err.Error(), "\n")
	}
	_, err := Custom(nil, Montgomery, 4)
	require.Error(t, err)
}

func TestParseFiatName(t *testing.T) {
	for _, c := range []struct{ in, field, op string }{
		{"fiat_p256_mul", "p256", "mul"},
		{"fiat_25519_carry_square", "curve25519", "square"},
		{"fiat_p448_carry", "p448_solinas", "carry"},
		{"fiat_secp256k1_dettman_mul", "secp256k1_dettman", "mul"},
		{"fiat_curve25519_solinas_square", "curve25519_solinas", "square"},
		{"fiat_bls12_381_p_mul", "bls12_381_p", "mul"},
	} {
		field, op, err := ParseFiatName(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.field, field, c.in)
		require.Equal(t, c.op, op, c.in)
	}
	for _, bad := range []string{"p256_mul", "fiat_p256_frobnicate", "fiat__mul", "fiat_"} {
		_, _, err := ParseFiatName(bad)
		require.Error(t, err, bad)
	}
	for _, F := range All() {
		if F.FiatName("mul") == "" {
			continue
		}
		for _, op := range F.Ops {
			field, got, err := ParseFiatName(F.FiatName(op))
			require.NoError(t, err)
			require.Equal(t, F.Name, field)
			require.Equal(t, op, got)
		}
	}
}

func FuzzParseFiatName(f *testing.F) {
	for _, s := range []string{"fiat_p256_mul", "fiat_25519_carry_square", "fiat_x_carry_mul", "_mul"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		field, op, err := ParseFiatName(s)
		if err != nil {
			return
		}
		if field == "" || opArity[op] == 0 || !strings.Contains(s, op) {
			t.Fatalf("ParseFiatName(%q) = %q, %q", s, field, op)
		}
	})
}

func BenchmarkGenerate(b *testing.B) {
	for _, name := range []string{"p521", "p434", "p256"} {
		F, err := Lookup(name)
		require.NoError(b, err)
		b.Run(name+"_mul", func(b *testing.B) {
			for b.Loop() {
				if _, err := F.Func("mul"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
