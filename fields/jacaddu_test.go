package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// TestJacAddUnified: secp256k1's unified addition through the interpreter, on curve points
// (y² = x³ + 7) in Montgomery form: the generic case against the chord rule, p = q against
// the tangent, p = −q and p = infinity, and the degenerate p = −λ·q = (β·x, −y), where
// R = M = 0 and the alternative slope is taken (the chord rule again).
func TestJacAddUnified(t *testing.T) {
	F, err := Lookup("secp256k1_montgomery")
	require.NoError(t, err)
	f, err := F.Func(OpJacAddUnified)
	require.NoError(t, err)
	m, err := interp.New(f)
	require.NoError(t, err)
	out := m.NewOutputs()
	p := F.Prime
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	rinv := new(big.Int).ModInverse(R, p)
	md := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	mont := func(v *big.Int) []uint64 { return words64(md(new(big.Int).Mul(v, R)), 4) }
	plain := func(w []uint64) *big.Int { v := F.Value(w); return md(v.Mul(v, rinv)) }
	beta, _ := new(big.Int).SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
	sqrtExp := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2)
	rng := rand.New(rand.NewSource(9))
	point := func() (x, y *big.Int) { // a random curve point (p ≡ 3 mod 4: square roots by one power)
		for {
			x = new(big.Int).Rand(rng, p)
			rhs := md(new(big.Int).Add(new(big.Int).Exp(x, big.NewInt(3), p), big.NewInt(7)))
			y = new(big.Int).Exp(rhs, sqrtExp, p)
			if md(new(big.Int).Mul(y, y)).Cmp(rhs) == 0 && y.Sign() != 0 {
				return x, y
			}
		}
	}
	// add runs the function on Jacobian (x1·z², y1·z³, z) and affine (x2, y2).
	add := func(x1, y1, z, x2, y2 *big.Int) (gx, gy, gz *big.Int) {
		z2 := md(new(big.Int).Mul(z, z))
		jx, jy := md(new(big.Int).Mul(x1, z2)), md(new(big.Int).Mul(y1, md(new(big.Int).Mul(z2, z))))
		args := [][]uint64{append(append(mont(jx), mont(jy)...), mont(z)...), append(mont(x2), mont(y2)...)}
		require.NoError(t, m.Eval(args, out))
		return plain(out[0][0:4]), plain(out[0][4:8]), plain(out[0][8:12])
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
