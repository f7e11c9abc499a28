package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCoZAdd: the co-Z addition through the interpreter, in Montgomery form, on two random
// points t, d of the curve y² = x³ + 7·u⁶ of a random u (the curve of the common Z, as in
// glv.inc's table): h must be x2 − x1, (X3/h², Y3/h³) the chord sum t + d, and
// (W1/h², A1/h³) d itself.
func TestCoZAdd(t *testing.T) {
	c := newMontCase(t, OpCoZAdd)
	p, md, mul, mont, plain := c.p, c.md, c.mul, c.mont, c.plain
	rng := rand.New(rand.NewSource(11))
	for range count(500) {
		u := new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		u2 := mul(u, u)
		b := mul(big.NewInt(7), mul(u2, mul(u2, u2)))
		point := func() (x, y *big.Int) { return c.point(rng, b) }
		x1, y1 := point()
		x2, y2 := point()
		args := [][]uint64{append(mont(x1), mont(y1)...), append(mont(x2), mont(y2)...)}
		require.NoError(t, c.m.Eval(args, c.out))
		g := make([]*big.Int, 5)
		for i := range g {
			g[i] = plain(c.out[0][4*i : 4*i+4])
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
