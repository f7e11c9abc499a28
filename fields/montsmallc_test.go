package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// stepFunc is one reduction step alone: arg1 = u (n+1 words), arg2 = c1 (0 or 1).
func stepFunc(step montStep, n int) *ir.Func {
	b := ir.NewBuilder("step")
	w := words{b}
	u := vals(b.Param("arg1", ir.U64, repeat(0, n+1), repeat(^uint64(0), n+1)))
	c1 := ir.V(b.Param("arg2", ir.U64, []uint64{0}, []uint64{1})[0])
	saturatedReturn(b, step(w, u, c1))
	return b.Func()
}

// stepResults are results T' of a step to test at: random, and the edges 0, 2^(64n) − 1,
// 2^(64n) + j for small j (where the small-c form's subtraction of hi(m·c) borrows into
// the top word) and 3·2^(64n) − 1 (above the largest T' an input T < 2^(64(n+1)+1) has).
func stepResults(rng *rand.Rand, n, random int) []*big.Int {
	one := big.NewInt(1)
	top := new(big.Int).Lsh(one, uint(64*n))
	all := new(big.Int).Mul(top, big.NewInt(3))
	out := []*big.Int{new(big.Int), new(big.Int).Sub(top, one), new(big.Int).Sub(all, one)}
	for _, j := range []int64{0, 1, 2, 0x3d0, 0x1000003d0, rng.Int63n(1 << 33)} {
		out = append(out, new(big.Int).Add(top, big.NewInt(j)))
	}
	for range random {
		out = append(out, new(big.Int).Rand(rng, all))
	}
	return out
}

// TestMontSteps: each reduction step alone against (T + m·p)/2^64 in math/big, for every
// form montReduction picks and Fiat's, on inputs made from the result: T = T'·2^64 − m·p
// for chosen T' (stepResults) and m (0, 1, 2^64 − 1, random), so that the edges of T' are
// met, which whole multiplications reach only by chance.
func TestMontSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	type prime struct {
		name string
		p    *big.Int
	}
	primes := []prime{{"small-c 64-bit c", smallCPrime(rng, 4, 64)}, {"small-c 3 limbs", smallCPrime(rng, 3, 20)}}
	for _, name := range []string{"p256", "p434", "p224", "secp256k1_montgomery"} {
		F, err := Lookup(name)
		require.NoError(t, err)
		primes = append(primes, prime{name, F.Prime})
	}
	for _, pr := range primes {
		p, n := pr.p, (pr.p.BitLen()+63)/64
		for _, form := range []struct {
			name string
			step montStep
		}{{"chosen", montReduction(p, n, true)}, {"catalogue", montReduction(p, n, false)}, {"fiat", fiatStep(consts(words64(p, n)), montInv(p))}} {
			step := form.step
			t.Run(pr.name+"/"+form.name, func(t *testing.T) {
				m, err := interp.New(stepFunc(step, n))
				require.NoError(t, err)
				out := m.NewOutputs()
				tried := 0
				for _, want := range stepResults(rng, n, count(2000)) {
					for _, mv := range []uint64{0, 1, ^uint64(0), rng.Uint64()} {
						args, ok := stepInput(p, n, want, mv)
						if !ok {
							continue
						}
						tried++
						require.NoError(t, m.Eval(args, out))
						require.Equal(t, words64(want, n+1), out[0], "T' = %#x, m = %#x", want, mv)
					}
				}
				require.Greater(t, tried, count(2000))
			})
		}
	}
}

// stepInput is the step's arguments (u, c1) for T = T'·2^64 − m·p, or false when T is
// negative or does not fit n+1 words and a carry bit.
func stepInput(p *big.Int, n int, result *big.Int, m uint64) ([][]uint64, bool) {
	T := new(big.Int).Lsh(result, 64)
	T.Sub(T, new(big.Int).Mul(new(big.Int).SetUint64(m), p))
	if T.Sign() < 0 || T.BitLen() > 64*(n+1)+1 {
		return nil, false
	}
	w := words64(T, n+2)
	return [][]uint64{w[:n+1], {w[n+1]}}, true
}

// TestMontSmallC pins where the small-c step applies: p = 2^(64n) − c with c one word and
// n >= 2 (p's words are then 2^64 − c and 2^64 − 1: two distinct mulx in Fiat's step, one
// here); not for one limb (Fiat's step has one mulx too), not when c needs two words.
func TestMontSmallC(t *testing.T) {
	for _, tc := range []struct {
		prime string
		limbs int
		c     uint64 // 0: not used
	}{
		{"2^256 - 2^32 - 977", 4, 0x1000003d1},
		{"2^256 - 189", 4, 189},
		{"2^192 - 237", 3, 237},
		{"2^128 - 159", 2, 159},
		{"2^64 - 59", 1, 0},
		{"2^255 - 19", 4, 0},                       // c = 2^255 + 19
		{"2^256 - 2^224 + 2^192 + 2^96 - 1", 4, 0}, // P-256: c has four words
	} {
		t.Run(tc.prime, func(t *testing.T) {
			c, ok := montSmallC(parsePrimeExpr(tc.prime), tc.limbs)
			require.Equal(t, tc.c != 0, ok)
			require.Equal(t, tc.c, c)
		})
	}
}
