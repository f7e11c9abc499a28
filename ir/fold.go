package ir

import "math/big"

// foldInstr evaluates in when all its operands are constants and every result is a
// constant of at most 64 bits (a negative signed result is not representable).
func foldInstr(f *Func, in *Instr) ([]uint64, bool) {
	xs := make([]*big.Int, len(in.Args))
	for i, a := range in.Args {
		if !a.IsConst {
			return nil, false
		}
		xs[i] = new(big.Int).SetUint64(a.Imm)
	}
	rs, ok := evalBig(in, xs)
	if !ok {
		return nil, false
	}
	ks := make([]uint64, len(rs))
	for i, r := range rs {
		x := reduceBig(r, f.TypeOf(in.Results[i]))
		if x.Sign() < 0 || x.BitLen() > 64 {
			return nil, false
		}
		ks[i] = x.Uint64()
	}
	return ks, true
}

func pow2(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// modBits is x mod 2^n, non-negative.
func modBits(x *big.Int, n int) *big.Int { return new(big.Int).Mod(x, pow2(n)) }

// reduceBig is x reduced to type t (two's complement for signed types).
func reduceBig(x *big.Int, t Type) *big.Int {
	m := modBits(x, t.Bits())
	if t.Signed() && m.Bit(t.Bits()-1) == 1 {
		m.Sub(m, pow2(t.Bits()))
	}
	return m
}

// evalBig computes the mathematical results of in on x, before reduction to the result
// types. Shift counts above 1024 are not folded.
func evalBig(in *Instr, x []*big.Int) ([]*big.Int, bool) {
	z := new(big.Int)
	switch in.Op {
	case OpMulx, OpAddCarryx, OpSubBorrowx:
		return evalPair(in, x), true
	case OpAssign, OpCast:
		z.Set(x[0])
	case OpCmovznz:
		if x[0].Sign() == 0 {
			z.Set(x[1])
		} else {
			z.Set(x[2])
		}
	case OpMul:
		z.SetInt64(1)
		for _, a := range x {
			z.Mul(z, a)
		}
	case OpAdd:
		for _, a := range x {
			z.Add(z, a)
		}
	case OpSub:
		z.Sub(x[0], x[1])
	case OpAnd:
		z.Set(x[0])
		for _, a := range x[1:] {
			z.And(z, a)
		}
	case OpOr:
		z.Set(x[0])
		for _, a := range x[1:] {
			z.Or(z, a)
		}
	case OpShr, OpShl:
		if x[1].BitLen() > 10 {
			return nil, false
		}
		if in.Op == OpShr {
			z.Rsh(x[0], uint(x[1].Uint64()))
		} else {
			z.Lsh(x[0], uint(x[1].Uint64()))
		}
	case OpNot:
		z.Not(x[0])
	case OpLNot:
		if x[0].Sign() == 0 {
			z.SetInt64(1)
		}
	case OpShrd:
		w := new(big.Int).Lsh(modBits(x[1], 64), 64)
		w.Or(w, modBits(x[0], 64))
		z.Rsh(w, uint(x[2].Uint64()))
	default:
		return nil, false
	}
	return []*big.Int{z}, true
}

// evalPair is the two results of mulx (low, high), addcarryx (sum, carry) or subborrowx
// (difference, borrow) at the instruction's size.
func evalPair(in *Instr, x []*big.Int) []*big.Int {
	var t *big.Int
	switch in.Op {
	case OpMulx:
		t = new(big.Int).Mul(modBits(x[0], in.Size), modBits(x[1], in.Size))
	case OpAddCarryx:
		t = new(big.Int).Add(x[0], x[1])
		t.Add(t, x[2])
	default: // OpSubBorrowx
		t = new(big.Int).Sub(x[1], x[2])
		t.Sub(t, x[0])
		b := big.NewInt(int64(t.Sign() >> 1 & 1))
		return []*big.Int{modBits(t, in.Size), b}
	}
	return []*big.Int{modBits(t, in.Size), new(big.Int).Rsh(t, uint(in.Size))}
}
