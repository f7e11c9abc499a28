package ir_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// body is the instruction lines of f's text form.
func body(f *ir.Func) string {
	var lines []string
	for _, l := range strings.Split(f.Text(), "\n") {
		if strings.Contains(l, " = ") && !strings.HasPrefix(l, "  return") {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return strings.Join(lines, "; ")
}

func TestPasses(t *testing.T) {
	tests := []struct {
		name  string
		build func(b *ir.Builder, a []ir.Arg) []ir.Value
		pass  ir.Pass
		want  string
	}{
		{"casts", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			c := b.Op1(ir.OpCast, ir.U64, a[0])
			w := b.Op1(ir.OpCast, ir.U128, ir.V(c))
			n := b.Op1(ir.OpCast, ir.U1, ir.V(w))
			return []ir.Value{b.Op1(ir.OpAdd, ir.U64, ir.V(w), ir.V(n))}
		}, ir.Concat(ir.InPlace(ir.EliminateCasts), ir.InPlace(ir.DCE)),
			"x3 = cast.u1 arg1[0]; x4 = add.u64 arg1[0], x3"},
		{"fold", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			k := b.Op1(ir.OpMul, ir.U64, ir.C(3), ir.C(5))
			s := b.Op1(ir.OpCmovznz, ir.U64, ir.C(1), a[0], ir.V(k))
			z := b.Op1(ir.OpAdd, ir.U64, a[1], ir.C(0))
			return []ir.Value{b.Op1(ir.OpAdd, ir.U64, ir.V(s), ir.V(z), ir.C(0))}
		}, ir.Concat(ir.InPlace(ir.FoldConstants), ir.InPlace(ir.DCE)),
			"x4 = add.u64 0xf, arg1[1]"},
		{"fold keeps truncations", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			w := b.Op1(ir.OpShl, ir.U128, a[0], ir.C(1))
			return []ir.Value{b.Op1(ir.OpAdd, ir.U64, ir.V(w), ir.C(0))}
		}, ir.Concat(ir.InPlace(ir.FoldConstants), ir.InPlace(ir.DCE)),
			"x1 = shl.u128 arg1[0], 0x1; x2 = add.u64 x1, 0x0"},
		{"cse", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			x := b.Op1(ir.OpAdd, ir.U64, a[0], a[1])
			y := b.Op1(ir.OpAdd, ir.U64, a[1], a[0])
			s1, _ := b.AddCarry(ir.C(0), ir.V(x), a[0])
			s2, _ := b.AddCarry(ir.C(0), a[0], ir.V(y))
			return []ir.Value{b.Op1(ir.OpSub, ir.U64, ir.V(s1), ir.V(s2))}
		}, ir.Concat(ir.InPlace(ir.CSE), ir.InPlace(ir.DCE)),
			"x1 = add.u64 arg1[0], arg1[1]; x3, x4 = addcarryx64 0x0, x1, arg1[0]; x7 = sub.u64 x3, x3"},
		{"dce", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			b.Op1(ir.OpAdd, ir.U64, a[0], a[1])
			_, hi := b.Mulx(a[0], a[1])
			return []ir.Value{hi}
		}, ir.InPlace(ir.DCE), "x2, x3 = mulx64 arg1[0], arg1[1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := pattern(tc.name, tc.build)
			g, err := tc.pass(f.Clone())
			require.NoError(t, err)
			require.NoError(t, ir.Verify(g))
			require.Equal(t, tc.want, body(g))
			requireSameOutputs(t, f, g, 200, newRand(10))
		})
	}
}

func TestTextOfLowered(t *testing.T) {
	f := pattern("t", func(b *ir.Builder, a []ir.Arg) []ir.Value {
		p := b.Op1(ir.OpMul, ir.U128, a[0], a[1])
		return []ir.Value{b.Op1(ir.OpShr, ir.U64, ir.V(p), ir.C(3))}
	})
	g, err := ir.Lower(f)
	require.NoError(t, err)
	require.Equal(t, `func t
  param arg1 u64[3] lower [0x0, 0x0, 0x0] upper [0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff]
  result out1 u64[1] lower [] upper []
  x1.lo, x1.hi = mulx64 arg1[0], arg1[1]
  x2 = shrd.u64 x1.lo, x1.hi, 0x3
  return out1 = [x2]
`, g.Text())
	require.NotEqual(t, f.Hash(), g.Hash())
}
