package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJacAddUnified: secp256k1's unified addition through the interpreter, on curve points
// (y² = x³ + 7) in Montgomery form: the generic case against the chord rule, p = q against
// the tangent, p = −q and p = infinity, and the degenerate p = −λ·q = (β·x, −y), where
// R = M = 0 and the alternative slope is taken (the chord rule again).
func TestJacAddUnified(t *testing.T) {
	c := newMontCase(t, OpJacAddUnified)
	p, md, mont, plain := c.p, c.md, c.mont, c.plain
	beta, _ := new(big.Int).SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
	rng := rand.New(rand.NewSource(9))
	point := func() (x, y *big.Int) { return c.point(rng, big.NewInt(7)) }
	// add runs the function on Jacobian (x1·z², y1·z³, z) and affine (x2, y2).
	add := func(x1, y1, z, x2, y2 *big.Int) (gx, gy, gz *big.Int) {
		z2 := md(new(big.Int).Mul(z, z))
		jx, jy := md(new(big.Int).Mul(x1, z2)), md(new(big.Int).Mul(y1, md(new(big.Int).Mul(z2, z))))
		args := [][]uint64{append(append(mont(jx), mont(jy)...), mont(z)...), append(mont(x2), mont(y2)...)}
		require.NoError(t, c.m.Eval(args, c.out))
		return plain(c.out[0][0:4]), plain(c.out[0][4:8]), plain(c.out[0][8:12])
	}
	affine := func(x, y, z *big.Int) (*big.Int, *big.Int) {
		zi := new(big.Int).ModInverse(z, p)
		z2 := md(new(big.Int).Mul(zi, zi))
		return md(new(big.Int).Mul(x, z2)), md(new(big.Int).Mul(y, md(new(big.Int).Mul(z2, zi))))
	}
	for range count(500) {
		x1, y1 := point()
		x2, y2 := point()
		z := new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		negY2 := md(new(big.Int).Neg(y2))
		bx := md(new(big.Int).Mul(beta, x2))
		// tangent at (x2, y2): λ = 3x²/(2y)
		l := md(new(big.Int).Mul(md(new(big.Int).Mul(big.NewInt(3), md(new(big.Int).Mul(x2, x2)))),
			new(big.Int).ModInverse(md(new(big.Int).Mul(big.NewInt(2), y2)), p)))
		tx := md(new(big.Int).Sub(md(new(big.Int).Mul(l, l)), new(big.Int).Mul(big.NewInt(2), x2)))
		ty := md(new(big.Int).Sub(md(new(big.Int).Mul(l, new(big.Int).Sub(x2, tx))), y2))
		cases := []struct {
			name           string
			x1, y1, wx, wy *big.Int // wx = nil: infinity expected
		}{
			{"generic", x1, y1, nil, nil},
			{"p = q", x2, y2, tx, ty},
			{"p = -q", x2, negY2, nil, nil},
			{"p = -λq (R = M = 0)", bx, negY2, nil, nil},
		}
		for i, tc := range cases {
			gx, gy, gz := add(tc.x1, tc.y1, z, x2, y2)
			wx, wy := tc.wx, tc.wy
			if i == 0 || i == 3 {
				var ok bool
				wx, wy, ok = chordSum(p, tc.x1, tc.y1, x2, y2)
				require.True(t, ok)
			}
			if i == 2 {
				require.Zero(t, gz.Sign(), "%s: Z3 = %x, want 0 (infinity)", tc.name, gz)
				continue
			}
			ax, ay := affine(gx, gy, gz)
			require.Zero(t, ax.Cmp(wx), "%s: x", tc.name)
			require.Zero(t, ay.Cmp(wy), "%s: y", tc.name)
		}
		// p = infinity (Z1 = 0): the sum is q = (x2, y2, 1).
		gx, gy, gz := add(x1, y1, big.NewInt(0), x2, y2)
		require.Equal(t, []*big.Int{x2, y2, big.NewInt(1)}, []*big.Int{gx, gy, gz}, "p = infinity")
	}
}
