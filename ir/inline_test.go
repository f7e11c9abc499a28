package ir_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// addFunc is out1 = (a + b, 7) on one-limb a and b (64-bit wrap).
func addFunc() *ir.Func {
	b := ir.NewBuilder("add")
	x := b.Param("a", ir.U64, []uint64{0}, []uint64{^uint64(0)})
	y := b.Param("b", ir.U64, []uint64{0}, []uint64{^uint64(0)})
	s := b.Op1(ir.OpAdd, ir.U64, ir.V(x[0]), ir.V(y[0]))
	b.Return("out1", ir.U64, []ir.Arg{ir.V(s), ir.C(7)}, []uint64{0, 7}, []uint64{^uint64(0), 7})
	return b.Func()
}

func TestInline(t *testing.T) {
	add := addFunc()
	b := ir.NewBuilder("twice")
	x := b.Param("arg1", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	first, err := b.Inline(add, []ir.Arg{ir.V(x[0])}, []ir.Arg{ir.V(x[1])})
	require.NoError(t, err)
	require.Equal(t, ir.C(7), first[0][1], "a constant result stays a constant")
	// The second call takes the first call's result and a constant argument.
	second, err := b.Inline(add, first[0][:1], []ir.Arg{ir.C(5)})
	require.NoError(t, err)
	b.Return("out1", ir.U64, second[0][:1], []uint64{0}, []uint64{^uint64(0)})
	f := b.Func()
	require.NoError(t, ir.Verify(f))
	require.Len(t, f.Body, 2)

	m, err := interp.New(f)
	require.NoError(t, err)
	out := m.NewOutputs()
	rng := rand.New(rand.NewSource(1))
	for range 1000 {
		a, c := rng.Uint64(), rng.Uint64()
		require.NoError(t, m.Eval([][]uint64{{a, c}}, out))
		require.Equal(t, a+c+5, out[0][0])
	}
}

func TestInlineErrors(t *testing.T) {
	add := addFunc()
	wide := ir.NewBuilder("w")
	w := wide.Param("arg1", ir.U64, nil, []uint64{^uint64(0)})
	wv := wide.Op1(ir.OpMul, ir.U128, ir.V(w[0]), ir.V(w[0]))
	for _, tc := range []struct {
		name string
		args [][]ir.Arg
		want string
	}{
		{"one argument", [][]ir.Arg{{ir.C(1)}}, "1 arguments, want 2"},
		{"two limbs", [][]ir.Arg{{ir.C(1), ir.C(2)}, {ir.C(3)}}, "argument a has 2 limbs, want 1"},
		{"u128 for u64", [][]ir.Arg{{ir.V(wv)}, {ir.C(3)}}, "a[0] is u128, want u64"},
	} {
		_, err := wide.Inline(add, tc.args...)
		require.ErrorContains(t, err, tc.want, tc.name)
	}
}
