package interp

import (
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// bigEval is a second, slow implementation of the IR semantics over math/big, written
// straight from the comments of ir.Op, that the fast interpreter is compared with.
func bigEval(f *ir.Func, args [][]uint64) [][]uint64 {
	vals := make([]*big.Int, len(f.Values))
	for i, p := range f.Params {
		for j, v := range p.Limbs {
			vals[v] = bigReduce(new(big.Int).SetUint64(args[i][j]), p.Type)
		}
	}
	get := func(a ir.Arg) *big.Int {
		if a.IsConst {
			return new(big.Int).SetUint64(a.Imm)
		}
		return vals[a.Val]
	}
	for _, in := range f.Body {
		xs := make([]*big.Int, len(in.Args))
		for i, a := range in.Args {
			xs[i] = get(a)
		}
		rs := bigOp(in, xs)
		for i, r := range in.Results {
			vals[r] = bigReduce(rs[i], f.TypeOf(r))
		}
	}
	out := make([][]uint64, len(f.Rets))
	for i, r := range f.Rets {
		for _, a := range r.Limbs {
			out[i] = append(out[i], bigMod(get(a), 64).Uint64())
		}
	}
	return out
}

func bigMod(x *big.Int, bits int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	return new(big.Int).Mod(x, m)
}

func bigReduce(x *big.Int, t ir.Type) *big.Int {
	m := bigMod(x, t.Bits())
	if t.Signed() && m.Bit(t.Bits()-1) == 1 {
		m.Sub(m, new(big.Int).Lsh(big.NewInt(1), uint(t.Bits())))
	}
	return m
}

func bigOp(in ir.Instr, x []*big.Int) []*big.Int {
	z := new(big.Int)
	switch in.Op {
	case ir.OpAssign, ir.OpCast:
		return []*big.Int{x[0]}
	case ir.OpMulx:
		p := z.Mul(bigMod(x[0], in.Size), bigMod(x[1], in.Size))
		return []*big.Int{bigMod(p, in.Size), new(big.Int).Rsh(p, uint(in.Size))}
	case ir.OpAddCarryx:
		t := z.Add(x[0], x[1])
		t.Add(t, x[2])
		return []*big.Int{bigMod(t, in.Size), new(big.Int).Rsh(t, uint(in.Size))}
	case ir.OpSubBorrowx:
		t := z.Sub(x[1], x[2])
		t.Sub(t, x[0])
		b := int64(0)
		if t.Sign() < 0 {
			b = 1
		}
		return []*big.Int{bigMod(t, in.Size), big.NewInt(b)}
	case ir.OpCmovznz:
		if x[0].Sign() == 0 {
			return []*big.Int{x[1]}
		}
		return []*big.Int{x[2]}
	case ir.OpMul:
		z.SetInt64(1)
		for _, a := range x {
			z.Mul(z, a)
		}
	case ir.OpAdd:
		for _, a := range x {
			z.Add(z, a)
		}
	case ir.OpSub:
		z.Sub(x[0], x[1])
	case ir.OpAnd:
		z.Set(x[0])
		for _, a := range x[1:] {
			z.And(z, a)
		}
	case ir.OpOr:
		z.Set(x[0])
		for _, a := range x[1:] {
			z.Or(z, a)
		}
	case ir.OpShr:
		z.Rsh(x[0], uint(x[1].Uint64()))
	case ir.OpShl:
		z.Lsh(x[0], uint(x[1].Uint64()))
	case ir.OpNot:
		z.Not(x[0])
	case ir.OpLNot:
		if x[0].Sign() == 0 {
			z.SetInt64(1)
		}
	case ir.OpShrd:
		w := new(big.Int).Lsh(bigMod(x[1], 64), 64)
		w.Or(w, bigMod(x[0], 64))
		z.Rsh(w, uint(x[2].Uint64()))
	}
	return []*big.Int{z}
}
