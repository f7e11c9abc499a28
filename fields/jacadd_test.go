package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// chordSum is the chord rule on plain affine coordinates: λ = (y2 − y1)/(x2 − x1),
// x3 = λ² − x1 − x2, y3 = λ(x1 − x3) − y1 (the Jacobian additions compute exactly these
// rational functions, for any coordinates, on or off a curve). ok is false for x1 = x2.
func chordSum(p, x1, y1, x2, y2 *big.Int) (x3, y3 *big.Int, ok bool) {
	md := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	dx := md(new(big.Int).Sub(x2, x1))
	if dx.Sign() == 0 {
		return nil, nil, false
	}
	l := md(new(big.Int).Mul(md(new(big.Int).Sub(y2, y1)), new(big.Int).ModInverse(dx, p)))
	x3 = md(new(big.Int).Sub(new(big.Int).Sub(new(big.Int).Mul(l, l), x1), x2))
	y3 = md(new(big.Int).Sub(new(big.Int).Mul(l, new(big.Int).Sub(x1, x3)), y1))
	return x3, y3, true
}

// TestJacAdd: jacadd and jacmadd through the interpreter on random Montgomery inputs below
// p: outputs below p whose affine point (X3/Z3², Y3/Z3³) is the chord sum of the inputs'.
func TestJacAdd(t *testing.T) {
	for name := range jacA {
		F, err := Lookup(name)
		require.NoError(t, err)
		p := F.Prime
		rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), p)
		plain := func(w []uint64) *big.Int { v := F.Value(w); return v.Mod(v.Mul(v, rinv), p) }
		for _, op := range []string{OpJacAdd, OpJacAddAffine} {
			t.Run(name+"_"+op, func(t *testing.T) {
				f, err := F.Func(op)
				require.NoError(t, err)
				m, err := interp.New(f)
				require.NoError(t, err)
				out := m.NewOutputs()
				rng := rand.New(rand.NewSource(5))
				affine := func(x, y, z *big.Int) (*big.Int, *big.Int) {
					zi := new(big.Int).ModInverse(z, p)
					z2 := new(big.Int).Mul(zi, zi)
					ax := new(big.Int).Mod(new(big.Int).Mul(x, z2), p)
					return ax, new(big.Int).Mod(new(big.Int).Mul(y, new(big.Int).Mul(z2, zi)), p)
				}
				for range count(2000) {
					var args [][]uint64
					for _, q := range f.Params {
						var w []uint64
						for range len(q.Limbs) / 4 {
							w = append(w, words64(new(big.Int).Rand(rng, p), 4)...)
						}
						args = append(args, w)
					}
					require.NoError(t, m.Eval(args, out))
					x1, y1 := affine(plain(args[0][0:4]), plain(args[0][4:8]), plain(args[0][8:12]))
					x2, y2 := plain(args[1][0:4]), plain(args[1][4:8])
					if op == OpJacAdd {
						x2, y2 = affine(x2, y2, plain(args[1][8:12]))
					}
					wx, wy, ok := chordSum(p, x1, y1, x2, y2)
					require.True(t, ok, "random inputs with x1 = x2")
					for k := range 3 {
						require.Negative(t, F.Value(out[0][4*k:4*k+4]).Cmp(p), "coordinate %d not below p", k)
					}
					gx, gy := affine(plain(out[0][0:4]), plain(out[0][4:8]), plain(out[0][8:12]))
					require.Zero(t, gx.Cmp(wx), "x of %x", args)
					require.Zero(t, gy.Cmp(wy), "y of %x", args)
				}
			})
		}
	}
}
