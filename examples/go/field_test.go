//go:build cryptopt_bazel

package fieldgo

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// field is what the test needs of a function, written from the mathematics (math/big).
type field struct {
	p          *big.Int
	widths     []uint // limb widths in bits
	montgomery bool   // result is a·b·2^-256
	unary      bool
}

func prime(s string) *big.Int {
	p, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic("bad prime " + s)
	}
	return p
}

var (
	p256   = prime("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
	k256   = prime("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	p25519 = prime("0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed")
	p1305  = prime("0x3fffffffffffffffffffffffffffffffb")
	sat4   = []uint{64, 64, 64, 64}
	w51    = []uint{51, 51, 51, 51, 51}
	w1305  = []uint{44, 43, 43}
)

var fields = map[string]field{
	"p256_mul":          {p256, sat4, true, false},
	"p256_square":       {p256, sat4, true, true},
	"secp256k1_mul":     {k256, sat4, true, false},
	"curve25519_mul":    {p25519, w51, false, false},
	"curve25519_square": {p25519, w51, false, true},
	"poly1305_mul":      {p1305, w1305, false, false},
}

func (f field) value(limbs []uint64) *big.Int {
	v := new(big.Int)
	off := uint(0)
	for i, l := range limbs {
		v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(l), off))
		off += f.widths[i]
	}
	return v
}

// bound is Fiat's input bound of limb i: 3·2^width for unsaturated limbs (e.g.
// 0x18000000000000 for 51 bits), all ones for saturated ones.
func (f field) bound(i int) uint64 {
	if f.widths[i] == 64 {
		return ^uint64(0)
	}
	return 3 << f.widths[i]
}

func (f field) want(a, b []uint64) *big.Int {
	x := f.value(a)
	if f.unary {
		b = a
	}
	r := new(big.Int).Mul(x, f.value(b))
	if f.montgomery {
		rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), f.p)
		r.Mul(r, rinv)
	}
	return r.Mod(r, f.p)
}

func TestFieldsAgainstMathBig(t *testing.T) {
	require.Len(t, Funcs, len(fields))
	for name, f := range fields {
		t.Run(name, func(t *testing.T) {
			fn := Funcs[name]
			require.NotNil(t, fn)
			rng := rand.New(rand.NewSource(1))
			n := len(f.widths)
			for i := 0; i < 2000; i++ {
				a, b, out := make([]uint64, n), make([]uint64, n), make([]uint64, n)
				for k := range a {
					a[k], b[k] = rng.Uint64(), rng.Uint64()
					if bd := f.bound(k); bd != ^uint64(0) {
						a[k], b[k] = a[k]%(bd+1), b[k]%(bd+1)
					}
				}
				fn(out, a, b)
				got := new(big.Int).Mod(f.value(out), f.p)
				require.Zero(t, f.want(a, b).Cmp(got), "case %d: a=%x b=%x out=%x", i, a, b, out)
			}
		})
	}
}
