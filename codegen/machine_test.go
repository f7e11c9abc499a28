package codegen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestCheckMachine: the machine-form check accepts every operand and result kind the
// passes compile and refuses the others with a reason. The function has a u64 input
// limb x, a u1 carry c (from an addcarryx), and the operation under test, whose first
// result is stored.
func TestCheckMachine(t *testing.T) {
	x, c := ir.V(0), ir.V(2) // arg1[0], and the carry of the addcarryx below
	for _, tc := range []struct {
		name  string
		op    ir.Op
		typ   ir.Type // of the first result
		size  int
		args  []ir.Arg
		error string // "" accepted
	}{
		{"add", ir.OpAdd, ir.U64, 0, []ir.Arg{x, ir.C(5)}, ""},
		{"all constant", ir.OpAdd, ir.U64, 0, []ir.Arg{ir.C(1), ir.C(5)}, "all arguments constant"},
		{"arity", ir.OpAdd, ir.U64, 0, []ir.Arg{x}, "wrong number of arguments"},
		{"mulx size", ir.OpMulx, ir.U64, 32, []ir.Arg{x, x}, "size 32, want 64"},
		{"shift count 0", ir.OpShr, ir.U64, 0, []ir.Arg{x, ir.C(0)}, "constant 0x0 not allowed here"},
		{"shift count 63", ir.OpShl, ir.U64, 0, []ir.Arg{x, ir.C(63)}, ""},
		{"shift count 64", ir.OpShl, ir.U64, 0, []ir.Arg{x, ir.C(64)}, "constant 0x40 not allowed here"},
		{"shift by a value", ir.OpShr, ir.U64, 0, []ir.Arg{x, x}, "value of type u64 not allowed here"},
		{"not of a constant", ir.OpNot, ir.U64, 0, []ir.Arg{ir.C(1)}, "constant 0x1 not allowed here"},
		{"lnot of a carry", ir.OpLNot, ir.U1, 0, []ir.Arg{c}, ""},
		{"lnot of a u64", ir.OpLNot, ir.U1, 0, []ir.Arg{x}, "value of type u64 not allowed here"},
		{"carry in 1", ir.OpAddCarryx, ir.U64, 64, []ir.Arg{ir.C(1), x, x}, ""},
		{"carry in 2", ir.OpAddCarryx, ir.U64, 64, []ir.Arg{ir.C(2), x, x}, "constant 0x2 not allowed here"},
		{"carry in a u64", ir.OpSubBorrowx, ir.U64, 64, []ir.Arg{x, x, x}, "value of type u64 not allowed here"},
		{"u1 and", ir.OpAnd, ir.U1, 0, []ir.Arg{c, ir.C(1)}, ""},
		{"u1 and 2", ir.OpAnd, ir.U1, 0, []ir.Arg{c, ir.C(2)}, "u1 operation with a constant above 1"},
		{"mixed or", ir.OpOr, ir.U64, 0, []ir.Arg{x, c}, "mixed u1/u64 operands"},
		{"u1 and typed u64", ir.OpAnd, ir.U64, 0, []ir.Arg{c, c}, "result 0: want type u1"},
		{"cast to u1", ir.OpCast, ir.U1, 0, []ir.Arg{x}, ""},
		{"cast to u64", ir.OpCast, ir.U64, 0, []ir.Arg{c}, ""},
		{"cast keeps the type", ir.OpCast, ir.U64, 0, []ir.Arg{x}, "result 0: want type u1"},
		{"cmov on a carry", ir.OpCmovznz, ir.U64, 0, []ir.Arg{c, x, ir.C(7)}, ""},
		{"cmov of a carry", ir.OpCmovznz, ir.U64, 0, []ir.Arg{x, c, x}, "value of type u1 not allowed here"},
		{"not machine form", ir.OpAssign, ir.U64, 0, []ir.Arg{x}, "operation not in machine form"},
	} {
		b := ir.NewBuilder("f")
		zero, top := []uint64{0}, []uint64{^uint64(0)}
		b.Param("arg1", ir.U64, zero, top)
		b.AddCarry(ir.C(0), x, x) // values 1 (the sum) and 2 (the carry)
		r := b.Emit(tc.op, tc.typ, tc.size, tc.args...)
		out := ir.V(r[0])
		if tc.typ == ir.U1 {
			out = x // the result limb is a u64
		}
		b.Return("out1", ir.U64, []ir.Arg{out}, zero, top)
		err := checkMachine(b.Func())
		if tc.error == "" {
			require.NoError(t, err, tc.name)
		} else {
			require.ErrorContains(t, err, tc.error, tc.name)
		}
	}
}
