package ir_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// tiny is arg1[2] (bounds 0..2^64-1) → x1 = arg1[0] + arg1[1] → out1 = [x1].
func tiny() *ir.Func {
	b := ir.NewBuilder("tiny")
	a := b.Param("arg1", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	x := b.Op1(ir.OpAdd, ir.U64, ir.V(a[0]), ir.V(a[1]))
	b.Return("out1", ir.U64, []ir.Arg{ir.V(x)}, []uint64{0}, []uint64{^uint64(0)})
	return b.Func()
}

func TestVerifyErrors(t *testing.T) {
	tests := []struct {
		name    string
		breakIt func(f *ir.Func)
		want    string
	}{
		{"use before def", func(f *ir.Func) { f.Body[0].Args[0] = ir.V(2) }, "used before it is defined"},
		{"defined twice", func(f *ir.Func) { f.Body[0].Results[0] = 0 }, "defined twice"},
		{"out of range", func(f *ir.Func) { f.Body[0].Args[1] = ir.V(9) }, "out of range"},
		{"arity", func(f *ir.Func) { f.Body[0].Args = f.Body[0].Args[:1] }, "1 operands"},
		{"unknown op", func(f *ir.Func) { f.Body[0].Op = 99 }, "unknown operation"},
		{"type mismatch", func(f *ir.Func) { f.Body[0].Type = ir.U128 }, "instruction type u128 but result type u64"},
		{"shift count", func(f *ir.Func) { f.Body[0].Op = ir.OpShr }, "shift count is not a constant"},
		{"size", func(f *ir.Func) { f.Body[0].Size = 64 }, "size 64 on an operation without size"},
		{"bounds", func(f *ir.Func) { f.Params[0].Lower = f.Params[0].Lower[:1] }, "1 lower and 2 upper"},
		{"bound order", func(f *ir.Func) { f.Params[0].Lower[1] = 5; f.Params[0].Upper[1] = 4 }, "above upper bound"},
		{"result type", func(f *ir.Func) { f.Values[2].Type = ir.U1; f.Body[0].Type = ir.U1 }, "has type u1, want u64"},
		{"limb type", func(f *ir.Func) { f.Values[0].Type = ir.U1 }, "limb arg1[0] has type u1"},
		{"invalid type", func(f *ir.Func) { f.Values[2].Type = ir.Invalid }, "invalid type"},
		{"carry in", func(f *ir.Func) {
			f.Body[0] = ir.Instr{Op: ir.OpAddCarryx, Type: ir.U64, Size: 64, Results: []ir.Value{2, 3},
				Args: []ir.Arg{ir.V(0), ir.V(0), ir.V(1)}}
			f.Values = append(f.Values, ir.ValueInfo{Name: "c", Type: ir.U1})
		}, "carry in must be u1"},
		{"carry out", func(f *ir.Func) {
			f.Body[0] = ir.Instr{Op: ir.OpAddCarryx, Type: ir.U64, Size: 64, Results: []ir.Value{2, 3},
				Args: []ir.Arg{ir.C(0), ir.V(0), ir.V(1)}}
			f.Values = append(f.Values, ir.ValueInfo{Name: "c", Type: ir.U64})
		}, "carry out of type u64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := tiny()
			require.NoError(t, ir.Verify(f))
			tc.breakIt(f)
			require.ErrorContains(t, ir.Verify(f), tc.want)
		})
	}
}

func TestVerifyMachineErrors(t *testing.T) {
	u64 := func(f *ir.Func, name string) ir.Value {
		f.Values = append(f.Values, ir.ValueInfo{Name: name, Type: ir.U64})
		return ir.Value(len(f.Values) - 1)
	}
	tests := []struct {
		name    string
		breakIt func(f *ir.Func)
		want    string
	}{
		{"u128 value", func(f *ir.Func) {
			f.Values[2].Type, f.Body[0].Type = ir.U128, ir.U128
			f.Rets[0].Limbs[0] = ir.V(0)
		}, "type u128, want u64 or u1"},
		{"all constants", func(f *ir.Func) { f.Body[0].Args = []ir.Arg{ir.C(1), ir.C(2)} }, "all operands are constants"},
		{"dead", func(f *ir.Func) { f.Rets[0].Limbs[0] = ir.V(0) }, "no result is used"},
		{"assign", func(f *ir.Func) { f.Body[0].Op, f.Body[0].Args = ir.OpAssign, f.Body[0].Args[:1] }, "not allowed"},
		{"three operands", func(f *ir.Func) { f.Body[0].Args = append(f.Body[0].Args, ir.C(1)) }, "two u64 operands"},
		{"shift by 0", func(f *ir.Func) { f.Body[0].Op, f.Body[0].Args[1] = ir.OpShr, ir.C(0) }, "by 1..63"},
		{"shift by 64", func(f *ir.Func) { f.Body[0].Op, f.Body[0].Args[1] = ir.OpShl, ir.C(64) }, "by 1..63"},
		{"cast u64 to u64", func(f *ir.Func) { f.Body[0].Op, f.Body[0].Args = ir.OpCast, f.Body[0].Args[:1] }, "u1→u64 or u64→u1"},
		{"mulx size", func(f *ir.Func) {
			f.Body = append([]ir.Instr{{Op: ir.OpMulx, Type: ir.U64, Size: 51, Results: []ir.Value{u64(f, "lo"), u64(f, "hi")},
				Args: []ir.Arg{ir.V(0), ir.V(1)}}}, f.Body...)
			f.Body[1].Args[0] = ir.V(3)
		}, "size 64"},
		{"u1 operand of add", func(f *ir.Func) {
			c := ir.Value(len(f.Values))
			f.Values = append(f.Values, ir.ValueInfo{Name: "c", Type: ir.U1})
			f.Body = append([]ir.Instr{{Op: ir.OpCast, Type: ir.U1, Results: []ir.Value{c}, Args: []ir.Arg{ir.V(0)}}}, f.Body...)
			f.Body[1].Args[0] = ir.V(c)
		}, "two u64 operands"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := tiny()
			require.NoError(t, ir.VerifyMachine(f))
			tc.breakIt(f)
			require.ErrorContains(t, ir.VerifyMachine(f), tc.want)
		})
	}
}
