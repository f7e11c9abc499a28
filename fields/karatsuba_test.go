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

func TestGoldenHalf(t *testing.T) {
	tests := []struct {
		prime, method string
		limbs, half   int // half 0: not golden
	}{
		{"2^448 - 2^224 - 1", Solinas, 8, 4},
		{"2^448 - 2^224 - 1", Solinas, 16, 8},
		{"2^448 - 2^224 - 1", Solinas, 14, 7},
		{"2^448 - 2^224 - 1", Solinas, 10, 0}, // limbs of 45 and 44 bits
		{"2^255 - 19", Solinas, 5, 0},
		{"2^521 - 1", Solinas, 9, 0},
		{"2^130 - 5", Solinas, 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.prime, func(t *testing.T) {
			F, err := Custom(parsePrimeExpr(tt.prime), tt.method, tt.limbs)
			require.NoError(t, err)
			r, err := newRepr(F)
			require.NoError(t, err)
			h, ok := r.goldenHalf()
			require.Equal(t, tt.half != 0, ok)
			if ok {
				require.Equal(t, tt.half, h)
			}
		})
	}
}

// TestGoldenProducts pins the saving: three half products instead of the schoolbook's.
func TestGoldenProducts(t *testing.T) {
	F, err := Lookup("p448_solinas")
	require.NoError(t, err)
	for op, want := range map[string]int{"mul": 48, "square": 30} {
		f, err := F.Func(op)
		require.NoError(t, err)
		n := 0
		for _, in := range f.Body {
			if in.Op == ir.OpMul && in.Type == ir.U128 {
				n++
			}
		}
		require.Equal(t, want, n, op)
	}
}

// goldenInputs are the edge inputs of the brief: zero, every limb at its loose maximum,
// p−1 in tight form, and mixtures of these with random limbs.
func goldenInputs(F Field, f *ir.Func, rng *rand.Rand, n int) [][][]uint64 {
	w := len(F.LimbBits)
	zero, max := make([]uint64, w), make([]uint64, w)
	for i := range max {
		max[i] = f.Params[0].Upper[i]
	}
	pm1 := F.Limbs(new(big.Int).Sub(F.Prime, big.NewInt(1)))
	vals := [][]uint64{zero, max, pm1}
	var out [][][]uint64
	for _, x := range vals {
		for _, y := range vals {
			out = append(out, [][]uint64{x, y}[:len(f.Params)])
		}
	}
	for i := 0; i < n; i++ {
		args := interp.RandomInputs(f, rng)
		if i%3 == 0 { // one half at its maximum: the covered subtraction's extreme
			copy(args[0][:w/2], max)
		}
		out = append(out, args)
	}
	return out
}

func TestGoldenAgainstBig(t *testing.T) {
	p448, err := Lookup("p448_solinas")
	require.NoError(t, err)
	p448x16, err := Custom(p448.Prime, Solinas, 16) // 16 limbs of 28 bits, h = 8
	require.NoError(t, err)
	for _, tt := range []struct {
		F  Field
		op string
	}{{p448, "mul"}, {p448, "square"}, {p448x16, "mul"}, {p448x16, "square"}} {
		F, op := tt.F, tt.op
		t.Run(fmt.Sprintf("%s_%d_%s", F.Name, len(F.LimbBits), op), func(t *testing.T) {
			f, err := F.Func(op)
			require.NoError(t, err)
			require.NoError(t, ir.Verify(f))
			m, err := interp.New(f)
			require.NoError(t, err)
			out := m.NewOutputs()
			rng := rand.New(rand.NewSource(14))
			for _, args := range goldenInputs(F, f, rng, count(3000)) {
				require.NoError(t, m.Eval(args, out))
				require.NoError(t, interp.InBounds(f, out), "inputs %#x", args)
				b := args[len(args)-1]
				want := new(big.Int).Mul(F.Value(args[0]), F.Value(b))
				want.Mod(want, F.Prime)
				got := new(big.Int).Mod(F.Value(out[0]), F.Prime)
				require.Zero(t, want.Cmp(got), "inputs %#x: got %#x, want %#x", args, got, want)
			}
		})
	}
}

// TestSubCovered: the difference keeps the minuend's bound; a subtrahend that may exceed
// the minuend is refused (it cannot be a covered part of it).
func TestSubCovered(t *testing.T) {
	tests := []struct {
		x, y    uint64
		wantErr bool
	}{{100, 100, false}, {100, 7, false}, {100, 101, true}}
	for _, tt := range tests {
		g := &bounded{b: ir.NewBuilder("t")}
		v := g.b.Param("arg1", ir.U64, []uint64{0, 0}, []uint64{tt.x, tt.y})
		d := g.subCovered(input(v[0], tt.x), input(v[1], tt.y))
		require.Equal(t, tt.wantErr, g.err != nil, "%d - %d", tt.x, tt.y)
		require.Zero(t, d.ub.Cmp(bigU(tt.x)))
	}
}
