package ir_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// pattern builds a function of arg1[3] (full 64-bit limbs) whose body is given by body,
// returning the u64 values it produces.
func pattern(name string, body func(b *ir.Builder, a []ir.Arg) []ir.Value) *ir.Func {
	b := ir.NewBuilder(name)
	full := ^uint64(0)
	limbs := b.Param("arg1", ir.U64, []uint64{0, 0, 0}, []uint64{full, full, full})
	a := []ir.Arg{ir.V(limbs[0]), ir.V(limbs[1]), ir.V(limbs[2])}
	var outs []ir.Arg
	for _, v := range body(b, a) {
		if b.Func().TypeOf(v) != ir.U64 {
			v = b.Op1(ir.OpCast, ir.U64, ir.V(v))
		}
		outs = append(outs, ir.V(v))
	}
	b.Return("out1", ir.U64, outs, nil, nil)
	return b.Func()
}

// wide is (a1:a0) as a u128 value, built the way Fiat does.
func wide(b *ir.Builder, lo, hi ir.Arg) ir.Value {
	h := b.Op1(ir.OpShl, ir.U128, hi, ir.C(64))
	return b.Op1(ir.OpOr, ir.U128, ir.V(h), lo)
}

// split returns the two halves of a u128 value.
func split(b *ir.Builder, x ir.Value) []ir.Value {
	hi := b.Op1(ir.OpShr, ir.U128, ir.V(x), ir.C(64))
	return []ir.Value{b.Op1(ir.OpCast, ir.U64, ir.V(x)), b.Op1(ir.OpCast, ir.U64, ir.V(hi))}
}

// TestLowerPatterns lowers u128, u1 and mixed-type patterns beyond those in the Fiat
// files and checks each against the interpreter.
func TestLowerPatterns(t *testing.T) {
	op2 := func(op ir.Op, t ir.Type, x, y ir.Arg) func(*ir.Builder, []ir.Arg) []ir.Value {
		return func(b *ir.Builder, a []ir.Arg) []ir.Value {
			return []ir.Value{b.Op1(op, t, x, y)}
		}
	}
	tests := []struct {
		name string
		body func(b *ir.Builder, a []ir.Arg) []ir.Value
	}{
		{"u128 shl/shr by 0..130", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			w := wide(b, a[0], a[1])
			var out []ir.Value
			for _, k := range []uint64{0, 1, 37, 63, 64, 65, 100, 127, 128, 130} {
				out = append(out, split(b, b.Op1(ir.OpShl, ir.U128, ir.V(w), ir.C(k)))...)
				out = append(out, split(b, b.Op1(ir.OpShr, ir.U128, ir.V(w), ir.C(k)))...)
				out = append(out, b.Op1(ir.OpShr, ir.U64, ir.V(w), ir.C(k)), b.Op1(ir.OpShr, ir.U1, ir.V(w), ir.C(k)))
			}
			return out
		}},
		{"u128 add/sub/mul", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			x, y := wide(b, a[0], a[1]), wide(b, a[2], a[0])
			var out []ir.Value
			for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr} {
				out = append(out, split(b, b.Op1(op, ir.U128, ir.V(x), ir.V(y)))...)
				if op == ir.OpSub {
					out = append(out, split(b, b.Op1(op, ir.U128, a[2], ir.V(x)))...)
				} else {
					out = append(out, split(b, b.Op1(op, ir.U128, ir.V(x), a[2], ir.C(0x1234)))...)
				}
				out = append(out, b.Op1(op, ir.U64, ir.V(x), ir.V(y)), b.Op1(op, ir.U1, ir.V(x), a[1]))
			}
			return out
		}},
		{"u128 not/lnot/cmovznz", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			x := b.Op1(ir.OpShl, ir.U128, a[0], ir.C(64))
			out := split(b, b.Op1(ir.OpNot, ir.U128, ir.V(x)))
			out = append(out, b.Op1(ir.OpLNot, ir.U1, ir.V(x)), b.Op1(ir.OpLNot, ir.U64, a[1]))
			out = append(out, split(b, b.Op1(ir.OpCmovznz, ir.U128, ir.V(x), a[1], ir.V(x)))...)
			out = append(out, b.Op1(ir.OpCmovznz, ir.U1, ir.V(x), a[1], a[2]))
			return append(out, b.Op1(ir.OpNot, ir.U1, a[2]))
		}},
		{"u1 arithmetic", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			c := b.Op1(ir.OpAnd, ir.U1, a[0], ir.C(1))
			d := b.Op1(ir.OpShr, ir.U1, a[1], ir.C(63))
			s := b.Op1(ir.OpAdd, ir.U64, ir.V(c), ir.V(d), a[2])
			lo, cout := b.AddCarry(ir.V(c), a[0], ir.V(d))
			return []ir.Value{s, lo, cout, b.Op1(ir.OpAdd, ir.U1, ir.V(c), ir.V(d)),
				b.Op1(ir.OpOr, ir.U1, ir.V(c), ir.V(cout)), b.Op1(ir.OpSub, ir.U64, ir.C(0), ir.V(cout))}
		}},
		{"constant operands", func(b *ir.Builder, a []ir.Arg) []ir.Value {
			lo, hi := b.Mulx(a[0], ir.C(0))
			s, c := b.SubBorrow(ir.C(0), ir.C(5), a[1])
			x := b.Op1(ir.OpMul, ir.U128, ir.C(1<<63), ir.C(4))
			return append([]ir.Value{lo, hi, s, c}, split(b, x)...)
		}},
		{"shift u1 by 0", op2(ir.OpShl, ir.U64, ir.C(3), ir.C(0))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := pattern(tc.name, tc.body)
			require.NoError(t, ir.Verify(f))
			g, err := ir.Lower(f)
			require.NoError(t, err)
			require.NoError(t, ir.VerifyMachine(g))
			requireSameOutputs(t, f, g, 500, newRand(9))
		})
	}
}

func TestLowerUnsupported(t *testing.T) {
	f := pattern("signed", func(b *ir.Builder, a []ir.Arg) []ir.Value {
		return []ir.Value{b.Op1(ir.OpCast, ir.I64, a[0])}
	})
	_, err := ir.Lower(f)
	require.ErrorContains(t, err, "unsupported type i64")
	f = pattern("u51", func(b *ir.Builder, a []ir.Arg) []ir.Value {
		return b.Emit(ir.OpAddCarryx, ir.U64, 51, ir.C(0), a[0], a[1])
	})
	_, err = ir.Lower(f)
	require.ErrorContains(t, err, "unsupported size 51")
}
