package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// bval is an IR operand with a proven upper bound (all values here are non-negative).
type bval struct {
	a  ir.Arg
	ub *big.Int
}

// bounded emits unsaturated arithmetic (u128 products and sums, shifts, masks) choosing
// each result's type from its bound, as Fiat's bounds analysis does. The first overflow
// is kept in err, so generators read as straight-line math and check once at the end.
type bounded struct {
	b   *ir.Builder
	err error
}

var (
	two64  = new(big.Int).Lsh(big.NewInt(1), 64)
	two128 = new(big.Int).Lsh(big.NewInt(1), 128)
)

func bigU(x uint64) *big.Int { return new(big.Int).SetUint64(x) }

// input wraps a parameter limb with its upper bound.
func input(v ir.Value, ub uint64) bval { return bval{ir.V(v), bigU(ub)} }

// typeFor is the narrowest of u1/u64/u128 holding ub (u1 only when asked).
func (g *bounded) typeFor(ub *big.Int, allowU1 bool) ir.Type {
	switch {
	case allowU1 && ub.Cmp(big.NewInt(1)) <= 0:
		return ir.U1
	case ub.Cmp(two64) < 0:
		return ir.U64
	case ub.Cmp(two128) < 0:
		return ir.U128
	}
	if g.err == nil {
		g.err = fmt.Errorf("intermediate value may reach %d bits (more than 128)", ub.BitLen())
	}
	return ir.U128
}

func (g *bounded) emit(op ir.Op, ub *big.Int, allowU1 bool, args ...ir.Arg) bval {
	return bval{ir.V(g.b.Op1(op, g.typeFor(ub, allowU1), args...)), ub}
}

func (g *bounded) mul(x, y bval) bval {
	return g.emit(ir.OpMul, new(big.Int).Mul(x.ub, y.ub), false, x.a, y.a)
}

// mulConst is x·k (x itself when k is 1).
func (g *bounded) mulConst(x bval, k uint64) bval {
	if k == 1 {
		return x
	}
	return g.emit(ir.OpMul, new(big.Int).Mul(x.ub, bigU(k)), false, x.a, ir.C(k))
}

func (g *bounded) add(x, y bval) bval {
	return g.emit(ir.OpAdd, new(big.Int).Add(x.ub, y.ub), false, x.a, y.a)
}

// subCovered is x − y where the caller has proven y ≤ x from the algebra (the bounds
// cannot see it: they are per value, and the covering is between correlated values), so
// the result is below x's bound. A y whose bound exceeds x's is refused as a likely
// mistake: a covered y is a part of what x sums.
func (g *bounded) subCovered(x, y bval) bval {
	if y.ub.Cmp(x.ub) > 0 && g.err == nil {
		g.err = fmt.Errorf("subtrahend bound %#x exceeds the minuend's %#x", y.ub, x.ub)
	}
	return g.emit(ir.OpSub, x.ub, false, x.a, y.a)
}

// shr is x >> k, typed u1 when the result is a single bit.
func (g *bounded) shr(x bval, k int) bval {
	return g.emit(ir.OpShr, new(big.Int).Rsh(x.ub, uint(k)), true, x.a, ir.C(uint64(k)))
}

func (g *bounded) shl(x bval, k int) bval {
	return g.emit(ir.OpShl, new(big.Int).Lsh(x.ub, uint(k)), false, x.a, ir.C(uint64(k)))
}

// mask is x & (2^bits - 1), a u64.
func (g *bounded) mask(x bval, bits int) bval {
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
	ub := m
	if x.ub.Cmp(m) < 0 {
		ub = x.ub
	}
	return bval{ir.V(g.b.Op1(ir.OpAnd, ir.U64, x.a, ir.C(m.Uint64()))), new(big.Int).Set(ub)}
}

// sum adds terms left to right (nil for none).
func (g *bounded) sum(terms ...bval) bval {
	acc := terms[0]
	for _, t := range terms[1:] {
		acc = g.add(acc, t)
	}
	return acc
}

// results declares out1 with the given upper bounds, checking the computed bounds fit.
func (g *bounded) results(out []bval, upper []uint64) error {
	if g.err != nil {
		return g.err
	}
	args := make([]ir.Arg, len(out))
	for i, o := range out {
		if o.ub.Cmp(bigU(upper[i])) > 0 {
			return fmt.Errorf("output limb %d may reach %#x, above its bound %#x", i, o.ub, upper[i])
		}
		if !o.a.IsConst && g.b.Func().TypeOf(o.a.Val) != ir.U64 {
			// Outputs are u64 limbs; widen a u1 carry-sum by a cast.
			o.a = ir.V(g.b.Op1(ir.OpCast, ir.U64, o.a))
		}
		args[i] = o.a
	}
	g.b.Return("out1", ir.U64, args, repeat(0, len(out)), upper)
	return nil
}
