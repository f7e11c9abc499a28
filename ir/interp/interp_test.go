package interp

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

var randTypes = []ir.Type{ir.U1, ir.U8, ir.U32, ir.U64, ir.U128, ir.I1, ir.I64, ir.I128}

// randomFunc builds a random straight-line function over every op and type, returning
// each value truncated to u64 so the whole state is observable.
func randomFunc(rng *rand.Rand, n int) *ir.Func {
	b := ir.NewBuilder("random")
	full := []uint64{^uint64(0), ^uint64(0), ^uint64(0)}
	pool := b.Param("arg1", ir.U64, make([]uint64, 3), full)
	pool = append(pool, b.Param("arg2", ir.U64, make([]uint64, 3), full)...)
	narrow := func() ir.Arg { // operands of mulx/addcarryx/subborrowx are at most 64 bits
		if v := pool[rng.Intn(len(pool))]; b.Func().TypeOf(v).Bits() <= 64 {
			return ir.V(v)
		}
		return ir.C(rng.Uint64())
	}
	pick := func() ir.Arg {
		if rng.Intn(8) == 0 {
			return ir.C(rng.Uint64() >> uint(rng.Intn(64)))
		}
		return ir.V(pool[rng.Intn(len(pool))])
	}
	for range n {
		t := randTypes[rng.Intn(len(randTypes))]
		var rs []ir.Value
		switch op := ir.Op(1 + rng.Intn(int(ir.OpShrd))); op {
		case ir.OpMulx, ir.OpAddCarryx, ir.OpSubBorrowx:
			size := []int{64, 64, 51, 32}[rng.Intn(4)]
			args := []ir.Arg{narrow(), narrow()}
			if op != ir.OpMulx {
				args = append([]ir.Arg{narrow()}, args...)
			}
			rs = b.Emit(op, ir.U64, size, args...)
		case ir.OpShr, ir.OpShl:
			rs = b.Emit(op, t, 0, pick(), ir.C(uint64(rng.Intn(130))))
		case ir.OpShrd:
			rs = b.Emit(op, ir.U64, 0, pick(), pick(), ir.C(uint64(1+rng.Intn(63))))
		case ir.OpAssign, ir.OpCast, ir.OpNot, ir.OpLNot:
			rs = b.Emit(op, t, 0, pick())
		case ir.OpSub:
			rs = b.Emit(op, t, 0, pick(), pick())
		case ir.OpCmovznz:
			rs = b.Emit(op, t, 0, pick(), pick(), pick())
		default:
			args := []ir.Arg{pick()}
			for range rng.Intn(3) + 1 {
				args = append(args, pick())
			}
			rs = b.Emit(op, t, 0, args...)
		}
		pool = append(pool, rs...)
	}
	var outs []ir.Arg
	for _, v := range pool[6:] {
		outs = append(outs, ir.V(b.Op1(ir.OpCast, ir.U64, ir.V(v))))
		if b.Func().TypeOf(v).Bits() == 128 {
			hi := b.Op1(ir.OpShr, ir.U128, ir.V(v), ir.C(64))
			outs = append(outs, ir.V(b.Op1(ir.OpCast, ir.U64, ir.V(hi))))
		}
	}
	b.Return("out1", ir.U64, outs, nil, nil)
	return b.Func()
}

func TestRunMatchesBigOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 300 {
		f := randomFunc(rng, 40)
		m, err := New(f)
		require.NoError(t, err)
		out := m.NewOutputs()
		inputs := EdgeInputs(f)
		for range 20 {
			inputs = append(inputs, RandomInputs(f, rng))
		}
		for _, args := range inputs {
			require.NoError(t, m.Eval(args, out))
			require.Equal(t, bigEval(f, args), out, "%v", f.Body)
		}
	}
}

func TestRunSpotValues(t *testing.T) {
	max := ^uint64(0)
	tests := []struct {
		name string
		op   ir.Op
		t    ir.Type
		size int
		args []ir.Arg
		want []uint64
	}{
		{"mulx max", ir.OpMulx, ir.U64, 64, []ir.Arg{ir.C(max), ir.C(max)}, []uint64{1, max - 1}},
		{"addcarryx carry", ir.OpAddCarryx, ir.U64, 64, []ir.Arg{ir.C(1), ir.C(max), ir.C(0)}, []uint64{0, 1}},
		{"addcarryx u51", ir.OpAddCarryx, ir.U64, 51, []ir.Arg{ir.C(1), ir.C(1<<51 - 1), ir.C(5)}, []uint64{5, 1}},
		{"subborrowx borrow", ir.OpSubBorrowx, ir.U64, 64, []ir.Arg{ir.C(1), ir.C(0), ir.C(0)}, []uint64{max, 1}},
		{"subborrowx none", ir.OpSubBorrowx, ir.U64, 64, []ir.Arg{ir.C(0), ir.C(7), ir.C(7)}, []uint64{0, 0}},
		{"shrd", ir.OpShrd, ir.U64, 0, []ir.Arg{ir.C(0xf0), ir.C(0x3), ir.C(4)}, []uint64{0x300000000000000f}},
		{"cmovznz zero", ir.OpCmovznz, ir.U64, 0, []ir.Arg{ir.C(0), ir.C(5), ir.C(6)}, []uint64{5}},
		{"cmovznz nonzero", ir.OpCmovznz, ir.U64, 0, []ir.Arg{ir.C(2), ir.C(5), ir.C(6)}, []uint64{6}},
		{"u1 cast", ir.OpCast, ir.U1, 0, []ir.Arg{ir.C(3)}, []uint64{1}},
		{"lnot", ir.OpLNot, ir.U1, 0, []ir.Arg{ir.C(0)}, []uint64{1}},
		{"i64 shr arith", ir.OpShr, ir.I64, 0, []ir.Arg{ir.C(1 << 63), ir.C(4)}, []uint64{0xf8 << 56}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := ir.NewBuilder(tc.name)
			x := b.Param("arg1", ir.I64, []uint64{0}, []uint64{max})
			if tc.args[0].IsConst && tc.args[0].Imm == 1<<63 {
				tc.args[0] = ir.V(x[0]) // a negative i64 operand
			}
			rs := b.Emit(tc.op, tc.t, tc.size, tc.args...)
			var outs []ir.Arg
			for _, r := range rs {
				outs = append(outs, ir.V(r))
			}
			b.Return("out1", ir.U64, outs, nil, nil)
			f := b.Func()
			args := [][]uint64{{1 << 63}}
			got, err := Run(f, args)
			require.NoError(t, err)
			require.Equal(t, [][]uint64{tc.want}, got)
		})
	}
}

func TestMalformed(t *testing.T) {
	good := func() *ir.Func {
		b := ir.NewBuilder("f")
		x := b.Param("arg1", ir.U64, []uint64{0}, []uint64{9})
		y := b.Op1(ir.OpAdd, ir.U64, ir.V(x[0]), ir.C(1))
		b.Return("out1", ir.U64, []ir.Arg{ir.V(y)}, []uint64{0}, []uint64{10})
		return b.Func()
	}
	tests := []struct {
		name   string
		break_ func(f *ir.Func)
		want   string
	}{
		{"use before def", func(f *ir.Func) { f.Body[0].Args[0] = ir.V(1) }, "used before"},
		{"out of range", func(f *ir.Func) { f.Body[0].Args[0] = ir.V(99) }, "out of range"},
		{"bad op", func(f *ir.Func) { f.Body[0].Op = ir.Op(200) }, "unknown operation"},
		{"arity", func(f *ir.Func) { f.Body[0].Op = ir.OpNot }, "operands"},
		{"results", func(f *ir.Func) { f.Body[0].Op = ir.OpMulx }, "results"},
		{"twice", func(f *ir.Func) { f.Body[0].Results[0] = 0 }, "defined twice"},
		{"wide carry operand", func(f *ir.Func) {
			f.Values[0].Type = ir.U128
			f.Body[0] = ir.Instr{Op: ir.OpMulx, Type: ir.U64, Size: 64, Results: []ir.Value{1, 0}, Args: []ir.Arg{ir.V(0), ir.C(2)}}
		}, "wider than 64"},
		{"size", func(f *ir.Func) {
			f.Body[0] = ir.Instr{Op: ir.OpMulx, Type: ir.U64, Size: 65, Results: []ir.Value{1, 0}, Args: []ir.Arg{ir.C(1), ir.C(2)}}
		}, "size"},
		{"wide result", func(f *ir.Func) { f.Values[1].Type = ir.U128 }, "wider"},
		{"bad type", func(f *ir.Func) { f.Values[1].Type = ir.Invalid }, "invalid type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := good()
			_, err := Run(f, [][]uint64{{3}})
			require.NoError(t, err)
			tc.break_(f)
			_, err = Run(f, [][]uint64{{3}})
			require.ErrorContains(t, err, tc.want)
		})
	}
	f := good()
	_, err := Run(f, [][]uint64{{3, 4}})
	require.ErrorContains(t, err, "limbs")
	_, err = Run(f, nil)
	require.ErrorContains(t, err, "arguments")
}

func TestInputsWithinBounds(t *testing.T) {
	b := ir.NewBuilder("f")
	b.Param("arg1", ir.U64, []uint64{3, 0, 0}, []uint64{10, ^uint64(0), 1 << 51})
	b.Param("arg2", ir.U1, []uint64{0}, []uint64{1})
	f := b.Func()
	rng := rand.New(rand.NewSource(2))
	seen := map[uint64]bool{}
	check := func(args [][]uint64) {
		for i, p := range f.Params {
			for j := range p.Limbs {
				require.GreaterOrEqual(t, args[i][j], p.Lower[j])
				require.LessOrEqual(t, args[i][j], p.Upper[j])
			}
		}
		seen[args[0][0]] = true
	}
	for range 2000 {
		check(RandomInputs(f, rng))
	}
	require.Len(t, seen, 8, "every value of [3, 10] drawn")
	edges := EdgeInputs(f)
	require.Len(t, edges, 49)
	for _, e := range edges {
		check(e)
	}
	require.Equal(t, []uint64{3, 0, 0}, edges[0][0])
	require.Equal(t, []uint64{10, ^uint64(0), 1 << 51}, edges[1][0])
}

func TestInBounds(t *testing.T) {
	b := ir.NewBuilder("f")
	b.Return("out1", ir.U64, []ir.Arg{ir.C(0), ir.C(0)}, []uint64{0, 1}, []uint64{5, 5})
	f := b.Func()
	require.NoError(t, InBounds(f, [][]uint64{{0, 5}}))
	require.ErrorContains(t, InBounds(f, [][]uint64{{0, 0}}), "out1[1] = 0x0 outside [0x1, 0x5]")
	require.ErrorContains(t, InBounds(f, [][]uint64{{6, 1}}), "out1[0]")
	require.ErrorContains(t, InBounds(f, [][]uint64{{6}}), "limbs")
}
