package fields

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// montCase runs one op of secp256k1_montgomery through the interpreter, with the
// conversions a test against math/big needs.
type montCase struct {
	F   Field
	p   *big.Int
	m   *interp.Machine
	out [][]uint64
	R   *big.Int // 2^256 mod p
	ri  *big.Int // R⁻¹ mod p
}

func newMontCase(t *testing.T, op string) *montCase {
	F, err := Lookup("secp256k1_montgomery")
	require.NoError(t, err)
	f, err := F.Func(op)
	require.NoError(t, err)
	m, err := interp.New(f)
	require.NoError(t, err)
	p := F.Prime
	R := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 256), p)
	return &montCase{F: F, p: p, m: m, out: m.NewOutputs(), R: R, ri: new(big.Int).ModInverse(R, p)}
}

func (c *montCase) md(v *big.Int) *big.Int     { return v.Mod(v, c.p) }
func (c *montCase) mul(a, b *big.Int) *big.Int { return c.md(new(big.Int).Mul(a, b)) }

// mont is v in Montgomery form as four words; plain reads four words back.
func (c *montCase) mont(v *big.Int) []uint64  { return words64(c.mul(v, c.R), 4) }
func (c *montCase) plain(w []uint64) *big.Int { return c.mul(c.F.Value(w), c.ri) }

// point is a random point of y² = x³ + b other than y = 0 (p ≡ 3 mod 4: square roots by
// one power).
func (c *montCase) point(rng *rand.Rand, b *big.Int) (x, y *big.Int) {
	sqrtExp := new(big.Int).Rsh(new(big.Int).Add(c.p, big.NewInt(1)), 2)
	for {
		x = new(big.Int).Rand(rng, c.p)
		rhs := c.md(new(big.Int).Add(new(big.Int).Exp(x, big.NewInt(3), c.p), b))
		y = new(big.Int).Exp(rhs, sqrtExp, c.p)
		if c.mul(y, y).Cmp(rhs) == 0 && y.Sign() != 0 {
			return x, y
		}
	}
}
