package ir

import "math/bits"

// machine builds a function in machine form: every helper folds constant operands and
// trivial identities, so no emitted instruction has only constant operands.
type machine struct {
	f    *Func
	to64 map[Value]Value // u1 value → its zero-extension (one cast per value)
	to1  map[Value]Value // u64 value → its low bit
}

func newMachine(name string) *machine {
	return &machine{f: &Func{Name: name}, to64: map[Value]Value{}, to1: map[Value]Value{}}
}

func (m *machine) value(name string, t Type) Value {
	m.f.Values = append(m.f.Values, ValueInfo{Name: name, Type: t})
	return Value(len(m.f.Values) - 1)
}

// emit appends an instruction whose results are named names and returns them as operands.
func (m *machine) emit(op Op, t Type, size int, names []string, args ...Arg) []Arg {
	in := Instr{Op: op, Type: t, Size: size, Args: args}
	types := []Type{t, U1}
	if op == OpMulx {
		types[1] = t
	}
	out := make([]Arg, len(names))
	for i, n := range names {
		v := m.value(n, types[i])
		in.Results = append(in.Results, v)
		out[i] = V(v)
	}
	m.f.Body = append(m.f.Body, in)
	return out
}

func (m *machine) emit1(op Op, t Type, name string, args ...Arg) Arg {
	return m.emit(op, t, 0, []string{name}, args...)[0]
}

// emit2 emits a 64-bit op with two results (low and high word, or value and carry out).
func (m *machine) emit2(op Op, name0, name1 string, args ...Arg) (Arg, Arg) {
	r := m.emit(op, U64, 64, []string{name0, name1}, args...)
	return r[0], r[1]
}

func isK(a Arg, k uint64) bool { return a.IsConst && a.Imm == k }

// zext is a (u1 or u64) as a u64 operand.
func (m *machine) zext(a Arg) Arg {
	if a.IsConst || m.f.TypeOf(a.Val) == U64 {
		return a
	}
	return m.cast(a, U64, m.to64, ".u64")
}

// bit is the low bit of a (u1 or u64) as a u1 operand.
func (m *machine) bit(a Arg) Arg {
	if a.IsConst {
		return C(a.Imm & 1)
	}
	if m.f.TypeOf(a.Val) == U1 {
		return a
	}
	return m.cast(a, U1, m.to1, ".u1")
}

// cast is the value a as type t, cast once per value (memo remembers the casts).
func (m *machine) cast(a Arg, t Type, memo map[Value]Value, suffix string) Arg {
	if v, ok := memo[a.Val]; ok {
		return V(v)
	}
	r := m.emit1(OpCast, t, m.f.NameOf(a.Val)+suffix, a)
	memo[a.Val] = r.Val
	return r
}

// algebra is what lets a binary op fold instead of being emitted: its value on two
// constants, its identity operand (either side, or only the right one when rightID), and
// whether a zero operand makes the result zero.
type algebra struct {
	op       Op
	fold     func(x, y uint64) uint64
	id       uint64
	rightID  bool
	zeroZero bool
}

// binary is a op b of type t, folded when g allows.
func (m *machine) binary(g algebra, t Type, name string, a, b Arg) Arg {
	switch {
	case a.IsConst && b.IsConst:
		return C(g.fold(a.Imm, b.Imm))
	case g.zeroZero && (isK(a, 0) || isK(b, 0)):
		return C(0)
	case !g.rightID && isK(a, g.id):
		return b
	case isK(b, g.id):
		return a
	}
	return m.emit1(g.op, t, name, a, b)
}

func (m *machine) add(a, b Arg, name string) Arg {
	return m.binary(algebra{op: OpAdd, fold: func(x, y uint64) uint64 { return x + y }}, U64, name, a, b)
}

func (m *machine) sub(a, b Arg, name string) Arg {
	return m.binary(algebra{op: OpSub, fold: func(x, y uint64) uint64 { return x - y }, rightID: true}, U64, name, a, b)
}

func (m *machine) mul(a, b Arg, name string) Arg {
	return m.binary(algebra{op: OpMul, fold: func(x, y uint64) uint64 { return x * y }, id: 1, zeroZero: true}, U64, name, a, b)
}

// and/or work on u64 operands (t = U64) or u1 operands (t = U1).
func (m *machine) and(a, b Arg, t Type, name string) Arg {
	ones := ^uint64(0)
	if t == U1 {
		ones = 1
	}
	return m.binary(algebra{op: OpAnd, fold: func(x, y uint64) uint64 { return x & y }, id: ones, zeroZero: true}, t, name, a, b)
}

func (m *machine) or(a, b Arg, t Type, name string) Arg {
	return m.binary(algebra{op: OpOr, fold: func(x, y uint64) uint64 { return x | y }}, t, name, a, b)
}

func (m *machine) not(a Arg, name string) Arg {
	if a.IsConst {
		return C(^a.Imm)
	}
	return m.emit1(OpNot, U64, name, a)
}

func (m *machine) lnot(a Arg, name string) Arg {
	if a.IsConst {
		return C(b2u(a.Imm == 0))
	}
	return m.emit1(OpLNot, U1, name, a)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (m *machine) shr(a Arg, k uint64, name string) Arg {
	return m.shift(OpShr, a, k, name, func(x uint64) uint64 { return x >> k })
}

func (m *machine) shl(a Arg, k uint64, name string) Arg {
	return m.shift(OpShl, a, k, name, func(x uint64) uint64 { return x << k })
}

// shift is a shifted by the constant k (fold on a constant a): a shift by 64 or more is 0.
func (m *machine) shift(op Op, a Arg, k uint64, name string, fold func(x uint64) uint64) Arg {
	switch {
	case k == 0:
		return a
	case k >= 64:
		return C(0)
	case a.IsConst:
		return C(fold(a.Imm))
	}
	return m.emit1(op, U64, name, a, C(k))
}

// shrd is the low word of (hi:lo) >> k, 0 < k < 64.
func (m *machine) shrd(lo, hi Arg, k uint64, name string) Arg {
	switch {
	case lo.IsConst && hi.IsConst:
		return C(lo.Imm>>k | hi.Imm<<(64-k))
	case isK(hi, 0):
		return m.shr(lo, k, name)
	case isK(lo, 0):
		return m.shl(hi, 64-k, name)
	}
	return m.emit1(OpShrd, U64, name, lo, hi, C(k))
}

func (m *machine) cmov(c, z, nz Arg, name string) Arg {
	switch {
	case c.IsConst && c.Imm == 0:
		return z
	case c.IsConst:
		return nz
	case z == nz:
		return z
	}
	return m.emit1(OpCmovznz, U64, name, c, z, nz)
}

func (m *machine) mulx(a, b Arg, lo, hi string) (Arg, Arg) {
	switch {
	case a.IsConst && b.IsConst:
		h, l := bits.Mul64(a.Imm, b.Imm)
		return C(l), C(h)
	case isK(a, 0) || isK(b, 0):
		return C(0), C(0)
	case isK(a, 1):
		return b, C(0)
	case isK(b, 1):
		return a, C(0)
	}
	return m.emit2(OpMulx, lo, hi, a, b)
}

// addc is sum, cout = cin + a + b; cin is a u1 operand.
func (m *machine) addc(cin, a, b Arg, sum, cout string) (Arg, Arg) {
	return m.carry(OpAddCarryx, bits.Add64, true, cin, a, b, sum, cout)
}

// subb is diff, bout = a - b - bin; bin is a u1 operand.
func (m *machine) subb(bin, a, b Arg, diff, bout string) (Arg, Arg) {
	return m.carry(OpSubBorrowx, bits.Sub64, false, bin, a, b, diff, bout)
}

// carry is op's word and carry, folded: fold (bits.Add64 or bits.Sub64) on constants, a
// when cin and b are 0, and b when cin and a are 0 if op is commutative.
func (m *machine) carry(op Op, fold func(x, y, c uint64) (uint64, uint64), commutative bool,
	cin, a, b Arg, word, cout string) (Arg, Arg) {
	switch {
	case cin.IsConst && a.IsConst && b.IsConst:
		w, c := fold(a.Imm, b.Imm, cin.Imm)
		return C(w), C(c)
	case commutative && isK(cin, 0) && isK(a, 0):
		return b, C(0)
	case isK(cin, 0) && isK(b, 0):
		return a, C(0)
	}
	return m.emit2(op, word, cout, cin, a, b)
}
