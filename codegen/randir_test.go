package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// randomMachineFunc builds a random function in machine form exercising every operation
// codegen accepts, with carry chains (the last carry is the likely next carry-in).
func randomMachineFunc(rng *rand.Rand, nlimbs, nops int, unary bool) *ir.Func {
	b := ir.NewBuilder("rnd")
	max64 := make([]uint64, nlimbs)
	zero := make([]uint64, nlimbs)
	for i := range max64 {
		max64[i] = ^uint64(0)
	}
	var w []ir.Value // u64 values
	var c []ir.Value // u1 values
	w = append(w, b.Param("arg1", ir.U64, zero, max64)...)
	if !unary {
		w = append(w, b.Param("arg2", ir.U64, zero, max64)...)
	}
	consts := []uint64{0, 1, 2, 19, 0xffffffff, 0xffffffff00000001, ^uint64(0), 0x7ffffffffffff, 38, 0x1000003d10}
	word := func() ir.Arg {
		if rng.Intn(10) == 0 {
			return ir.C(consts[rng.Intn(len(consts))])
		}
		// Prefer recent values, so chains form.
		k := len(w) - 1 - min(len(w)-1, int(rng.ExpFloat64()*6))
		return ir.V(w[k])
	}
	val := func() ir.Arg { // a value, never a constant
		k := len(w) - 1 - min(len(w)-1, int(rng.ExpFloat64()*6))
		return ir.V(w[k])
	}
	carry := func() ir.Arg {
		if len(c) == 0 || rng.Intn(6) == 0 {
			return ir.C(uint64(rng.Intn(2)))
		}
		k := len(c) - 1 - min(len(c)-1, int(rng.ExpFloat64()*1.5))
		return ir.V(c[k])
	}
	for range nops {
		x, y := word(), val()
		if rng.Intn(2) == 0 {
			x, y = y, x
		}
		switch op := rng.Intn(20); {
		case op < 4:
			lo, hi := b.Mulx(x, y)
			w = append(w, lo, hi)
		case op < 9:
			s, co := b.AddCarry(carry(), x, y)
			w, c = append(w, s), append(c, co)
		case op < 11:
			s, co := b.SubBorrow(carry(), x, y)
			w, c = append(w, s), append(c, co)
		case op < 16:
			w = append(w, randomSimple(b, rng, x, y, val))
		default:
			w, c = randomCarryOp(b, rng, w, c, carry, val)
		}
	}
	var limbs []ir.Arg
	for i := range nlimbs {
		if rng.Intn(20) == 0 {
			limbs = append(limbs, ir.C(uint64(i)*0x123456789))
		} else {
			limbs = append(limbs, ir.V(w[len(w)-1-rng.Intn(min(len(w), 3*nlimbs))]))
		}
	}
	b.Return("out1", ir.U64, limbs, make([]uint64, nlimbs), max64)
	return b.Func()
}

func randomSimple(b *ir.Builder, rng *rand.Rand, x, y ir.Arg, val func() ir.Arg) ir.Value {
	ops := []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpNot, ir.OpShr, ir.OpShl, ir.OpShrd}
	switch op := ops[rng.Intn(len(ops))]; op {
	case ir.OpNot:
		return b.Op1(op, ir.U64, val())
	case ir.OpShr, ir.OpShl:
		return b.Op1(op, ir.U64, val(), ir.C(uint64(1+rng.Intn(63))))
	case ir.OpShrd:
		return b.Op1(op, ir.U64, x, y, ir.C(uint64(1+rng.Intn(63))))
	case ir.OpAnd:
		if rng.Intn(2) == 0 {
			masks := []uint64{0xff, 0x7ffffffffffff, 0x3ffffffffffffff, 0xfffffffffffff}
			return b.Op1(op, ir.U64, val(), ir.C(masks[rng.Intn(len(masks))]))
		}
		return b.Op1(op, ir.U64, x, y)
	case ir.OpMul:
		if rng.Intn(2) == 0 {
			ks := []uint64{2, 3, 5, 8, 9, 15, 19, 25, 38, 45, 0x1000003d10}
			return b.Op1(op, ir.U64, val(), ir.C(ks[rng.Intn(len(ks))]))
		}
		return b.Op1(op, ir.U64, x, y)
	default:
		return b.Op1(op, ir.U64, x, y)
	}
}

func randomCarryOp(b *ir.Builder, rng *rand.Rand, w, c []ir.Value, carry, val func() ir.Arg) ([]ir.Value, []ir.Value) {
	cv := func() ir.Arg {
		a := carry()
		if a.IsConst {
			return ir.V(b.Op1(ir.OpCast, ir.U1, val()))
		}
		return a
	}
	switch rng.Intn(5) {
	case 0:
		return append(w, b.Op1(ir.OpCast, ir.U64, cv())), c
	case 1:
		return w, append(c, b.Op1(ir.OpCast, ir.U1, val()))
	case 2:
		return w, append(c, b.Op1(ir.OpLNot, ir.U1, cv()))
	case 3:
		op := []ir.Op{ir.OpAnd, ir.OpOr}[rng.Intn(2)]
		return w, append(c, b.Op1(op, ir.U1, cv(), cv()))
	default:
		cond := cv()
		if rng.Intn(3) == 0 {
			cond = val()
		}
		return append(w, b.Op1(ir.OpCmovznz, ir.U64, cond, val(), val())), c
	}
}

// randomOrder draws a random topological order of deps.
func randomOrder(deps [][]int, rng *rand.Rand) []int {
	n := len(deps)
	users := make([][]int, n)
	waiting := make([]int, n)
	for op, ds := range deps {
		waiting[op] = len(ds)
		for _, d := range ds {
			users[d] = append(users[d], op)
		}
	}
	var ready, order []int
	for op := range n {
		if waiting[op] == 0 {
			ready = append(ready, op)
		}
	}
	for len(ready) > 0 {
		k := rng.Intn(len(ready))
		op := ready[k]
		ready[k] = ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		order = append(order, op)
		for _, u := range users[op] {
			if waiting[u]--; waiting[u] == 0 {
				ready = append(ready, u)
			}
		}
	}
	return order
}

func randomDecisions(opts []int, rng *rand.Rand) []int {
	d := make([]int, len(opts))
	for i, k := range opts {
		d[i] = rng.Intn(k)
	}
	return d
}

// cataloguePlan is the plan of a catalogue function.
func cataloguePlan(t testing.TB, field, op string) *codegen.Plan {
	t.Helper()
	F, err := fields.Lookup(field)
	require.NoError(t, err)
	f, err := F.Func(op)
	require.NoError(t, err)
	p, err := codegen.NewPlan(f)
	require.NoError(t, err, "%s %s", field, op)
	return p
}
