package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// TestCoZAdd: the co-Z addition through the interpreter, in Montgomery form, on two random
// points t, d of the curve y² = x³ + 7·u⁶ of a random u (the curve of the common Z, as in
// glv.inc's table): h must be x2 − x1, (X3/h², Y3/h³) the chord sum t + d, and
// (W1/h², A1/h³) d itself.
func TestCoZAdd(t *testing.T) {
	F, err := Lookup("secp256k1_montgomery")
	require.NoError(t, err)
	f, err := F.Func(OpCoZAdd)
	require.NoError(t, err)
	m, err := interp.New(f)
	require.NoError(t, err)
	out := m.NewOutputs()
	p := F.Prime
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	rinv := new(big.Int).ModInverse(R, p)
	md := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	mul := func(a, b *big.Int) *big.Int { return md(new(big.Int).Mul(a, b)) }
	mont := func(v *big.Int) []uint64 { return words64(mul(v, R), 4) }
	plain := func(w []uint64) *big.Int { return mul(F.Value(w), rinv) }
	sqrtExp := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2)
	rng := rand.New(rand.NewSource(11))
	for range count(500) {
		u := new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		u2 := mul(u, u)
		b := mul(big.NewInt(7), mul(u2, mul(u2, u2)))
		point := func() (x, y *big.Int) { // p ≡ 3 (mod 4): square roots by one power
			for {
				x = new(big.Int).Rand(rng, p)
				rhs := md(new(big.Int).Add(new(big.Int).Exp(x, big.NewInt(3), p), b))
				y = new(big.Int).Exp(rhs, sqrtExp, p)
				if mul(y, y).Cmp(rhs) == 0 && y.Sign() != 0 {
					return x, y
				}
			}
		}
		x1, y1 := point()
		x2, y2 := point()
		args := [][]uint64{append(mont(x1), mont(y1)...), append(mont(x2), mont(y2)...)}
		require.NoError(t, m.Eval(args, out))
		g := make([]*big.Int, 5)
		for i := range g {
			g[i] = plain(out[0][4*i : 4*i+4])
		}
		h := md(new(big.Int).Sub(x2, x1))
		require.Zero(t, g[4].Cmp(h), "h")
		hi := new(big.Int).ModInverse(h, p)
		hi2 := mul(hi, hi)
		hi3 := mul(hi2, hi)
		wx, wy, ok := chordSum(p, x1, y1, x2, y2)
		require.True(t, ok)
		require.Zero(t, mul(g[0], hi2).Cmp(wx), "x of t + d")
		require.Zero(t, mul(g[1], hi3).Cmp(wy), "y of t + d")
		require.Zero(t, mul(g[2], hi2).Cmp(x2), "x of d")
		require.Zero(t, mul(g[3], hi3).Cmp(y2), "y of d")
	}
}
