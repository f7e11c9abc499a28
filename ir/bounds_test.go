package ir_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// TestUpperBoundsSound: over every Fiat function in machine form, on edge and random
// in-bound inputs, no value exceeds its bound (the interpreter is the reference: every
// value is made an output). And the bounds are useful where codegen relies on them: the
// final carry of the unsaturated functions, (u1)(x >> k), is bounded by 1.
func TestUpperBoundsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	tight := map[string]bool{}
	for _, f := range fiatFuncs(t) {
		g, err := ir.Lower(f)
		require.NoError(t, err, f.Name)
		ub := ir.UpperBounds(g)
		all := everyValueOut(g)
		m, err := interp.New(all)
		require.NoError(t, err, f.Name)
		out := m.NewOutputs()
		inputs := interp.EdgeInputs(g)
		for range 50 {
			inputs = append(inputs, interp.RandomInputs(g, rng))
		}
		for _, in := range inputs {
			require.NoError(t, m.Eval(in, out), f.Name)
			for r := range all.Rets {
				for k, a := range all.Rets[r].Limbs {
					require.LessOrEqual(t, out[r][k], ub[a.Val], "%s: value %s above its bound", f.Name, g.NameOf(a.Val))
				}
			}
		}
		for _, in := range g.Body {
			if in.Op == ir.OpCast && g.TypeOf(in.Results[0]) == ir.U1 && !in.Args[0].IsConst &&
				g.TypeOf(in.Args[0].Val) == ir.U64 && ub[in.Args[0].Val] <= 1 {
				tight[f.Name] = true
			}
		}
	}
	for _, name := range []string{"fiat_poly1305_carry_square", "fiat_poly1305_carry_mul", "fiat_25519_carry_mul", "fiat_p521_carry_square"} {
		require.True(t, tight[name], "%s: its final carry's cast is not bounded by 1", name)
	}
}

// everyValueOut is g with one result per value type listing every value, so that the
// interpreter reports them all.
func everyValueOut(g *ir.Func) *ir.Func {
	all := g.Clone()
	all.Rets = nil
	for _, typ := range []ir.Type{ir.U64, ir.U1} {
		r := ir.Result{Name: "all_" + typ.String(), Type: typ}
		for v := range g.Values {
			if g.TypeOf(ir.Value(v)) == typ {
				r.Limbs = append(r.Limbs, ir.V(ir.Value(v)))
				r.Lower, r.Upper = append(r.Lower, 0), append(r.Upper, typ.LimbMax())
			}
		}
		if len(r.Limbs) > 0 {
			all.Rets = append(all.Rets, r)
		}
	}
	return all
}

// TestUpperBoundsOps: each operation's rule, on a two-limb parameter bounded by 2^52-1
// and 2^10 (a limb of an unsaturated field, a small one).
func TestUpperBoundsOps(t *testing.T) {
	const l52 = 1<<52 - 1
	for _, tc := range []struct {
		name string
		op   ir.Op
		args func(a, b ir.Value) []ir.Arg
		want []uint64 // per result
	}{
		{"mulx fits 64 bits", ir.OpMulx, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.V(b)} }, []uint64{1 << 20, 0}},
		{"mulx high word", ir.OpMulx, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.V(a)} }, []uint64{^uint64(0), (l52 * l52) >> 64}},
		{"addcarryx without carry", ir.OpAddCarryx, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.C(0), ir.V(a), ir.V(b)} }, []uint64{l52 + 1<<10, 0}},
		{"addcarryx may wrap", ir.OpAddCarryx, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.C(1), ir.V(a), ir.C(^uint64(0) - 5)} }, []uint64{^uint64(0), 1}},
		{"shr", ir.OpShr, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.C(51)} }, []uint64{1}},
		{"shl overflows", ir.OpShl, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.C(13)} }, []uint64{^uint64(0)}},
		{"shl fits", ir.OpShl, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.C(13)} }, []uint64{1 << 23}},
		{"and", ir.OpAnd, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.C(0xff)} }, []uint64{0xff}},
		{"or", ir.OpOr, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.C(3)} }, []uint64{1<<11 - 1}},
		{"add", ir.OpAdd, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.V(b)} }, []uint64{l52 + 1<<10}},
		{"mul by a constant", ir.OpMul, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.C(19)} }, []uint64{19 << 10}},
		{"sub may wrap", ir.OpSub, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.V(a)} }, []uint64{^uint64(0)}},
		{"shrd", ir.OpShrd, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(a), ir.V(b), ir.C(52)} }, []uint64{1 << 22}},
		{"shrd of a wide high word", ir.OpShrd, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b), ir.V(a), ir.C(8)} }, []uint64{^uint64(0)}},
		{"not", ir.OpNot, func(a, b ir.Value) []ir.Arg { return []ir.Arg{ir.V(b)} }, []uint64{^uint64(0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &ir.Func{Name: "f", Values: []ir.ValueInfo{{Name: "a", Type: ir.U64}, {Name: "b", Type: ir.U64}}}
			f.Params = []ir.Param{{Name: "arg1", Type: ir.U64, Limbs: []ir.Value{0, 1}, Lower: []uint64{0, 0}, Upper: []uint64{l52, 1 << 10}}}
			in := ir.Instr{Op: tc.op, Type: ir.U64, Size: 64, Args: tc.args(0, 1)}
			for k := range tc.op.NumResults() {
				typ := ir.U64
				if k == 1 && tc.op == ir.OpAddCarryx {
					typ = ir.U1
				}
				f.Values = append(f.Values, ir.ValueInfo{Name: "r", Type: typ})
				in.Results = append(in.Results, ir.Value(len(f.Values)-1))
			}
			f.Body = []ir.Instr{in}
			ub := ir.UpperBounds(f)
			require.Equal(t, []uint64{l52, 1 << 10}, ub[:2])
			require.Equal(t, tc.want, ub[2:])
		})
	}
}
