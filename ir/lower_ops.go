package ir

import "fmt"

// instr lowers one source instruction.
func (l *lowerer) instr(in *Instr) error {
	r := in.Results[0]
	name := l.src.NameOf(r)
	switch in.Op {
	case OpCast, OpAssign:
		if in.Type == U1 {
			l.lo[r] = l.as1(in.Args[0])
			return nil
		}
		lo, hi := l.pair(in.Args[0])
		l.set(r, lo, hi)
	case OpMulx, OpAddCarryx, OpSubBorrowx:
		return l.carryOp(in, name)
	case OpAdd, OpSub, OpMul:
		l.arith(in, name)
	case OpAnd, OpOr:
		l.bitwise(in, name)
	case OpNot:
		if in.Type == U1 {
			l.lo[r] = l.m.lnot(l.as1(in.Args[0]), name)
			return nil
		}
		lo, hi := l.pair(in.Args[0])
		l.set(r, l.m.not(lo, name+".lo"), l.m.not(hi, name+".hi"))
	case OpLNot:
		l.set(r, l.m.lnot(l.nonzero(in.Args[0], name+".nz"), name), C(0))
	case OpShr, OpShl:
		return l.shift(in, name)
	case OpShrd:
		lo, hi := l.as64(in.Args[0]), l.as64(in.Args[1])
		l.set(r, l.m.shrd(lo, hi, in.Args[2].Imm, name), C(0))
	case OpCmovznz:
		c := l.nonzero(in.Args[0], name+".nz")
		zl, zh := l.pair(in.Args[1])
		nl, nh := l.pair(in.Args[2])
		if in.Type == U128 {
			l.set(r, l.m.cmov(c, zl, nl, name+".lo"), l.m.cmov(c, zh, nh, name+".hi"))
		} else {
			l.set(r, l.m.cmov(c, zl, nl, name), C(0))
		}
	default:
		return fmt.Errorf("unsupported operation")
	}
	return nil
}

func (l *lowerer) carryOp(in *Instr, name string) error {
	if in.Size != 64 || in.Type != U64 {
		return fmt.Errorf("unsupported size %d and type %s (want 64, u64)", in.Size, in.Type)
	}
	r0, r1 := in.Results[0], in.Results[1]
	n0, n1 := name, l.src.NameOf(r1)
	var a, b Arg
	switch in.Op {
	case OpMulx:
		a, b = l.m.mulx(l.as64(in.Args[0]), l.as64(in.Args[1]), n0, n1)
	case OpAddCarryx:
		a, b = l.m.addc(l.as1(in.Args[0]), l.as64(in.Args[1]), l.as64(in.Args[2]), n0, n1)
	default:
		a, b = l.m.subb(l.as1(in.Args[0]), l.as64(in.Args[1]), l.as64(in.Args[2]), n0, n1)
	}
	l.lo[r0], l.lo[r1] = a, b
	return nil
}

// arith lowers +, - and *: over (lo, hi) pairs for u128 results, over the low words
// otherwise (a result of at most 64 bits depends only on them).
func (l *lowerer) arith(in *Instr, name string) {
	r := in.Results[0]
	if in.Type != U128 {
		acc := l.as64(in.Args[0])
		for _, a := range in.Args[1:] {
			b := l.as64(a)
			switch in.Op {
			case OpAdd:
				acc = l.m.add(acc, b, name)
			case OpSub:
				acc = l.m.sub(acc, b, name)
			default:
				acc = l.m.mul(acc, b, name)
			}
		}
		l.set(r, acc, C(0))
		return
	}
	lo, hi := l.pair(in.Args[0])
	for _, a := range in.Args[1:] {
		blo, bhi := l.pair(a)
		switch in.Op {
		case OpAdd:
			var c Arg
			lo, c = l.m.addc(C(0), lo, blo, name+".lo", name+".c")
			hi, _ = l.m.addc(c, hi, bhi, name+".hi", name+".c2")
		case OpSub:
			var c Arg
			lo, c = l.m.subb(C(0), lo, blo, name+".lo", name+".b")
			hi, _ = l.m.subb(c, hi, bhi, name+".hi", name+".b2")
		default:
			lo, hi = l.mul128(lo, hi, blo, bhi, name)
		}
	}
	l.set(r, lo, hi)
}

// mul128 is the low 128 bits of (ahi:alo) * (bhi:blo).
func (l *lowerer) mul128(alo, ahi, blo, bhi Arg, name string) (Arg, Arg) {
	lo, hi := l.m.mulx(alo, blo, name+".lo", name+".hi")
	hi = l.m.add(hi, l.m.mul(alo, bhi, name+".m1"), name+".hi1")
	hi = l.m.add(hi, l.m.mul(ahi, blo, name+".m2"), name+".hi2")
	return lo, hi
}

// bitwise lowers & and |: per half for wider results; on low bits for u1 results
// (the low bit of a & b is the & of the low bits).
func (l *lowerer) bitwise(in *Instr, name string) {
	op := l.m.and
	if in.Op == OpOr {
		op = l.m.or
	}
	r := in.Results[0]
	if in.Type == U1 {
		acc := l.as1(in.Args[0])
		for _, a := range in.Args[1:] {
			acc = op(acc, l.as1(a), U1, name)
		}
		l.lo[r] = acc
		return
	}
	lo, hi := l.pair(in.Args[0])
	for _, a := range in.Args[1:] {
		blo, bhi := l.pair(a)
		lo = op(lo, blo, U64, name+".lo")
		if in.Type == U128 {
			hi = op(hi, bhi, U64, name+".hi")
		}
	}
	if in.Type != U128 {
		l.set(r, l.renameLo(lo, name), C(0))
		return
	}
	l.set(r, lo, hi)
}

// renameLo gives a freshly emitted single value the plain source name.
func (l *lowerer) renameLo(a Arg, name string) Arg {
	if !a.IsConst && l.m.f.NameOf(a.Val) == name+".lo" {
		l.m.f.Values[a.Val].Name = name
	}
	return a
}

// shift lowers >> and << by a constant k.
func (l *lowerer) shift(in *Instr, name string) error {
	k := in.Args[1].Imm
	lo, hi := l.pair(in.Args[0])
	n := name
	if in.Type == U128 {
		n = name + ".lo"
	}
	var rlo, rhi Arg
	switch {
	case in.Op == OpShr && k < 64:
		rlo, rhi = l.m.shrd(lo, hi, k, n), l.m.shr(hi, k, name+".hi")
		if k == 0 {
			rlo = lo
		}
	case in.Op == OpShr:
		rlo, rhi = l.m.shr(hi, k-64, n), C(0)
	case k == 0:
		rlo, rhi = lo, hi
	case k < 64:
		rlo, rhi = l.m.shl(lo, k, n), l.m.shrd(lo, hi, 64-k, name+".hi")
	default:
		rlo, rhi = C(0), l.m.shl(lo, k-64, name+".hi")
	}
	l.set(in.Results[0], rlo, rhi)
	return nil
}
