package fields

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/stretchr/testify/require"
)

// ladderFields are the catalogue fields with ladder ops.
func ladderFields(t *testing.T) []Field {
	var out []Field
	for _, F := range All() {
		if len(F.LadderOps) > 0 {
			out = append(out, F)
		}
	}
	require.Len(t, out, 2, "curve25519 and curve25519_solinas")
	return out
}

// runLadder evaluates f on edge inputs, extra inputs and n random ones, checking bounds and
// then want(args, out) on each.
func runLadder(t *testing.T, f *ir.Func, extra [][][]uint64, n int, seed int64, want func(args, out [][]uint64) error) {
	t.Helper()
	require.NoError(t, ir.Verify(f))
	m, err := interp.New(f)
	require.NoError(t, err)
	out := m.NewOutputs()
	rng := rand.New(rand.NewSource(seed))
	inputs := append(interp.EdgeInputs(f), extra...)
	for i := 0; i < n; i++ {
		inputs = append(inputs, interp.RandomInputs(f, rng))
	}
	for _, args := range inputs {
		require.NoError(t, m.Eval(args, out))
		require.NoError(t, interp.InBounds(f, out), "inputs %#x", args)
		require.NoError(t, want(args, out), "inputs %#x", args)
	}
}

// elementEdges are limb vectors of 0, 1, p-1, p, p+1 and 2^255-1 that fit f's arg1 bounds
// (non-canonical ones included: the ops must accept every in-bound encoding).
func elementEdges(F Field, f *ir.Func) [][][]uint64 {
	var out [][][]uint64
	for _, x := range []int64{0, 1, -1, 0, 1, 18, 19, 37, 38} {
		v := new(big.Int).Add(F.Prime, big.NewInt(x))
		if x == -1 {
			v = big.NewInt(0).Sub(F.Prime, big.NewInt(1))
		}
		limbs := splitLimbs(v, F.LimbBits)
		if F.Method == SaturatedSolinas {
			limbs = words64(new(big.Int).And(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))), 4)
		}
		ok := true
		for i, l := range limbs {
			ok = ok && l <= f.Params[0].Upper[i]
		}
		if ok {
			out = append(out, [][]uint64{limbs})
		}
	}
	return out
}

func TestScmul(t *testing.T) {
	for _, F := range ladderFields(t) {
		for _, k := range []uint64{1, 2, 19, 121665, 121666, F.MaxScmulConstant()} {
			t.Run(fmt.Sprintf("%s_%d", F.Name, k), func(t *testing.T) {
				f, err := F.ScmulFunc(k)
				require.NoError(t, err)
				require.Equal(t, F.ScmulName(k), f.Name)
				runLadder(t, f, elementEdges(F, f), count(3000), int64(k), func(args, out [][]uint64) error {
					want := new(big.Int).Mul(F.Value(args[0]), bigU(k))
					if d := new(big.Int).Sub(F.Value(out[0]), want); d.Mod(d, F.Prime).Sign() != 0 {
						return fmt.Errorf("got %#x, want ≡ %#x", F.Value(out[0]), want)
					}
					return nil
				})
			})
		}
	}
}

func TestScmulConstantRange(t *testing.T) {
	for _, F := range ladderFields(t) {
		max := F.MaxScmulConstant()
		require.NotZero(t, max)
		for _, k := range []uint64{0, max + 1} {
			_, err := F.ScmulFunc(k)
			require.ErrorContains(t, err, "out of range", "%s k=%d", F.Name, k)
		}
		_, err := F.Func(OpScmul)
		require.ErrorContains(t, err, "--constant")
	}
	p256, err := Lookup("p256")
	require.NoError(t, err)
	_, err = p256.ScmulFunc(121666)
	require.ErrorContains(t, err, "no op")
	p384, err := Lookup("p384")
	require.NoError(t, err)
	_, err = p384.Func(OpToBytes)
	require.ErrorContains(t, err, "no op")
}

func TestToBytes(t *testing.T) {
	for _, F := range ladderFields(t) {
		t.Run(F.Name, func(t *testing.T) {
			f, err := F.Func(OpToBytes)
			require.NoError(t, err)
			require.Len(t, f.Rets[0].Limbs, 4)
			runLadder(t, f, elementEdges(F, f), count(20000), 7, func(args, out [][]uint64) error {
				v := new(big.Int).Mod(F.Value(args[0]), F.Prime)
				if want := words64(v, 4); fmt.Sprint(want) != fmt.Sprint(out[0]) {
					return fmt.Errorf("got %#x, want the canonical %#x", out[0], want)
				}
				return nil
			})
		})
	}
}

func TestFromBytes(t *testing.T) {
	pm1 := words64(new(big.Int).Sub(Field{Prime: parsePrimeExpr("2^255 - 19")}.Prime, big.NewInt(1)), 4)
	p := words64(parsePrimeExpr("2^255 - 19"), 4)
	top := []uint64{^uint64(0), ^uint64(0), ^uint64(0), 1<<63 - 1} // 2^255-1, non-canonical
	for _, F := range ladderFields(t) {
		t.Run(F.Name, func(t *testing.T) {
			f, err := F.Func(OpFromBytes)
			require.NoError(t, err)
			require.Len(t, f.Params[0].Limbs, 4)
			require.Equal(t, uint64(1<<63-1), f.Params[0].Upper[3], "bit 255 is the caller's to clear")
			extra := [][][]uint64{{pm1}, {p}, {top}}
			runLadder(t, f, extra, count(20000), 8, func(args, out [][]uint64) error {
				in := new(big.Int)
				for i := 3; i >= 0; i-- {
					in.Lsh(in, 64).Or(in, bigU(args[0][i]))
				}
				if F.Value(out[0]).Cmp(in) != 0 {
					return fmt.Errorf("got %#x, want %#x", F.Value(out[0]), in)
				}
				return nil
			})
		})
	}
}

func TestCswap(t *testing.T) {
	for _, F := range ladderFields(t) {
		t.Run(F.Name, func(t *testing.T) {
			f, err := F.Func(OpCswap)
			require.NoError(t, err)
			n := len(F.LimbBits)
			require.Len(t, f.Rets[0].Limbs, 2*n)
			for _, in := range f.Body {
				require.NotEqual(t, ir.OpAnd, in.Op, "the swap is cmovznz only")
			}
			runLadder(t, f, nil, count(2000), 9, func(args, out [][]uint64) error {
				a, b := args[0][:n], args[0][n:]
				if args[1][0] == 1 {
					a, b = b, a
				}
				want := append(append([]uint64(nil), a...), b...)
				if fmt.Sprint(want) != fmt.Sprint(out[0]) {
					return fmt.Errorf("swap bit %d: got %#x, want %#x", args[1][0], out[0], want)
				}
				return nil
			})
		})
	}
}
