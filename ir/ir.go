package ir

import "fmt"

// Type is the type of an IR value: an unsigned or signed integer of a fixed width.
type Type uint8

// The value types of the Fiat vocabulary.
const (
	Invalid Type = iota
	U1
	U8
	U32
	U64
	U128
	I1
	I64
	I128
)

var typeNames = [...]string{"invalid", "u1", "u8", "u32", "u64", "u128", "i1", "i64", "i128"}
var typeBits = [...]int{0, 1, 8, 32, 64, 128, 1, 64, 128}

// Bits is the width of t.
func (t Type) Bits() int {
	if int(t) >= len(typeBits) {
		return 0
	}
	return typeBits[t]
}

// Signed reports whether t is a two's complement type.
func (t Type) Signed() bool { return t == I1 || t == I64 || t == I128 }

// LimbMax is the largest limb value of type t (all 64 bits for types of 64 bits or more
// and for signed types: the bit pattern of -1).
func (t Type) LimbMax() uint64 {
	if b := t.Bits(); b < 64 && !t.Signed() {
		return 1<<b - 1
	}
	return ^uint64(0)
}

func (t Type) String() string {
	if int(t) >= len(typeNames) {
		return fmt.Sprintf("type(%d)", uint8(t))
	}
	return typeNames[t]
}

// ParseType reads a Fiat datatype name such as "u64".
func ParseType(s string) (Type, error) {
	for i, n := range typeNames {
		if i > 0 && n == s {
			return Type(i), nil
		}
	}
	return Invalid, fmt.Errorf("unknown type %q", s)
}

// Op is an IR operation. Semantics are over mathematical integers; the result is then
// reduced modulo 2^bits of the instruction's Type (two's complement for signed types).
// Arguments of narrower types are zero-extended (sign-extended when signed).
type Op uint8

// Fiat's vocabulary, then the normalised forms that lowering produces for codegen.
const (
	OpInvalid    Op = iota
	OpAssign        // "=": r = a
	OpCast          // "static_cast": r = a mod 2^bits(Type)
	OpMulx          // "mulx" size s: (lo, hi) = (a*b mod 2^s, a*b >> s)
	OpAddCarryx     // "addcarryx" size s, args (cin, a, b): (sum, cout) = (t mod 2^s, t >> s), t = cin+a+b
	OpSubBorrowx    // "subborrowx" size s, args (bin, a, b): (diff, bout) = (t mod 2^s, t < 0), t = a-b-bin
	OpCmovznz       // "cmovznz" args (c, z, nz): r = c == 0 ? z : nz
	OpMul           // "*": r = a*b
	OpAdd           // "+": r = a+b (n-ary in Fiat; binary after normalisation)
	OpSub           // "-": r = a-b
	OpAnd           // "&": r = a&b
	OpOr            // "|": r = a|b
	OpShr           // ">>": r = a >> k, k a constant
	OpShl           // "<<": r = a << k, k a constant
	OpNot           // "~": r = ^a
	OpLNot          // "!": r = a == 0 ? 1 : 0
	OpShrd          // normalised: args (lo, hi, k): r = ((hi<<64 | lo) >> k) mod 2^64, 0 < k < 64
	numOps
)

var opNames = [...]string{"invalid", "=", "static_cast", "mulx", "addcarryx", "subborrowx",
	"cmovznz", "*", "+", "-", "&", "|", ">>", "<<", "~", "!", "shrd"}

func (o Op) String() string {
	if int(o) >= len(opNames) {
		return fmt.Sprintf("op(%d)", uint8(o))
	}
	return opNames[o]
}

// ParseOp reads a Fiat operation name ("shrd" is ours).
func ParseOp(s string) (Op, error) {
	for i, n := range opNames {
		if i > 0 && n == s {
			return Op(i), nil
		}
	}
	return OpInvalid, fmt.Errorf("unknown operation %q", s)
}

// NumResults is how many values an instruction with op o defines.
func (o Op) NumResults() int {
	switch o {
	case OpMulx, OpAddCarryx, OpSubBorrowx:
		return 2
	}
	return 1
}

// Value names one SSA value: an index into Func.Values.
type Value int32

// ValueInfo describes a value: its name (carried into assembly comments) and type.
type ValueInfo struct {
	Name string
	Type Type
}

// Arg is an instruction operand: a value or a constant.
type Arg struct {
	Val     Value
	Imm     uint64
	IsConst bool
}

// V makes a value operand.
func V(v Value) Arg { return Arg{Val: v} }

// C makes a constant operand.
func C(k uint64) Arg { return Arg{Imm: k, IsConst: true} }

// Instr is one operation. Type is the type of the first result (the carry/borrow of
// addcarryx/subborrowx and the high half of mulx have the types recorded in Func.Values).
// Size is Fiat's "size" parameter for mulx/addcarryx/subborrowx (0 otherwise).
type Instr struct {
	Op      Op
	Type    Type
	Size    int
	Results []Value
	Args    []Arg
}

// Param is an array argument of the function: one value per limb, defined at entry.
// Scalar marks a Fiat scalar (non-array) argument, which has exactly one limb.
type Param struct {
	Name   string
	Type   Type
	Scalar bool
	Limbs  []Value
	Lower  []uint64
	Upper  []uint64
}

// Result is an array returned by the function (written through out pointers): each limb
// is a value or a constant.
type Result struct {
	Name   string
	Type   Type
	Scalar bool
	Limbs  []Arg
	Lower  []uint64
	Upper  []uint64
}

// Func is a straight-line field function in SSA form.
type Func struct {
	Name   string
	Params []Param
	Rets   []Result
	Values []ValueInfo
	Body   []Instr
}

// TypeOf is the type of v.
func (f *Func) TypeOf(v Value) Type { return f.Values[v].Type }

// NameOf is the name of v.
func (f *Func) NameOf(v Value) string { return f.Values[v].Name }

// ArgType is the type of an operand: a constant's type is the smallest of u64/u128 that
// holds it (constants are at most 64 bits here).
func (f *Func) ArgType(a Arg) Type {
	if a.IsConst {
		return U64
	}
	return f.TypeOf(a.Val)
}

// Clone returns a deep copy of f.
func (f *Func) Clone() *Func {
	g := &Func{Name: f.Name, Values: append([]ValueInfo(nil), f.Values...)}
	for _, p := range f.Params {
		p.Limbs = append([]Value(nil), p.Limbs...)
		p.Lower = append([]uint64(nil), p.Lower...)
		p.Upper = append([]uint64(nil), p.Upper...)
		g.Params = append(g.Params, p)
	}
	for _, r := range f.Rets {
		r.Limbs = append([]Arg(nil), r.Limbs...)
		r.Lower = append([]uint64(nil), r.Lower...)
		r.Upper = append([]uint64(nil), r.Upper...)
		g.Rets = append(g.Rets, r)
	}
	g.Body = make([]Instr, len(f.Body))
	for i, in := range f.Body {
		in.Results = append([]Value(nil), in.Results...)
		in.Args = append([]Arg(nil), in.Args...)
		g.Body[i] = in
	}
	return g
}
