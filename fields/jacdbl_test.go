package fields

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// jacDoubleWant doubles the Jacobian point (x, y, z) (plain values) on y² = x³ + a·x + b
// by the textbook formula: M = 3x² + a·z⁴, S = 4xy², X = M² − 2S, Y = M(S − X) − 8y⁴,
// Z = 2yz, all mod p.
func jacDoubleWant(p *big.Int, a int64, x, y, z *big.Int) [3]*big.Int {
	md := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	mul := func(u, v *big.Int) *big.Int { return md(new(big.Int).Mul(u, v)) }
	y2, z2 := mul(y, y), mul(z, z)
	m := md(new(big.Int).Add(mul(big.NewInt(3), mul(x, x)), mul(big.NewInt(a), mul(z2, z2))))
	s := mul(big.NewInt(4), mul(x, y2))
	x3 := md(new(big.Int).Sub(mul(m, m), mul(big.NewInt(2), s)))
	y3 := md(new(big.Int).Sub(mul(m, md(new(big.Int).Sub(s, x3))), mul(big.NewInt(8), mul(y2, y2))))
	return [3]*big.Int{x3, y3, mul(big.NewInt(2), mul(y, z))}
}

// TestJacDouble: the composite doubling, through the interpreter, on Montgomery
// representations below p (random, and 0, 1, p−1 per coordinate, Z = 0 included) against
// the textbook formula on the plain values; outputs below p.
func TestJacDouble(t *testing.T) {
	for name, a := range jacA {
		t.Run(name, func(t *testing.T) {
			F, err := Lookup(name)
			require.NoError(t, err)
			f, err := F.Func(OpJacDouble)
			require.NoError(t, err)
			m, err := interp.New(f)
			require.NoError(t, err)
			out := m.NewOutputs()
			p := F.Prime
			r := new(big.Int).Lsh(big.NewInt(1), 256)
			rinv := new(big.Int).ModInverse(r, p)
			edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(p, big.NewInt(1))}
			rng := rand.New(rand.NewSource(3))
			for i := range count(2000) + 27 {
				var args []uint64
				var plain [3]*big.Int
				for k := range 3 {
					v := new(big.Int).Rand(rng, p)
					if i < 27 {
						v = edges[i/[]int{9, 3, 1}[k]%3]
					}
					args = append(args, words64(v, 4)...)
					plain[k] = new(big.Int).Mod(new(big.Int).Mul(v, rinv), p)
				}
				require.NoError(t, m.Eval([][]uint64{args}, out))
				want := jacDoubleWant(p, int64(a), plain[0], plain[1], plain[2])
				for k := range 3 {
					got := F.Value(out[0][4*k : 4*k+4])
					require.Negative(t, got.Cmp(p), "output %d not below p", k)
					got.Mod(got.Mul(got, rinv), p)
					require.Zero(t, got.Cmp(want[k]), fmt.Sprintf("coordinate %d of 2·(%x)", k, args))
				}
			}
		})
	}
}
