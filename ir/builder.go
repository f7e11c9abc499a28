package ir

import "fmt"

// Builder constructs a Func instruction by instruction; generators and passes use it.
type Builder struct {
	f    *Func
	next int // counter for generated value names
}

// NewBuilder starts a function called name.
func NewBuilder(name string) *Builder { return &Builder{f: &Func{Name: name}} }

// NewValue adds a value of type t; an empty name gets a fresh "xN" name.
func (b *Builder) NewValue(name string, t Type) Value {
	if name == "" {
		b.next++
		name = fmt.Sprintf("x%d", b.next)
	}
	b.f.Values = append(b.f.Values, ValueInfo{Name: name, Type: t})
	return Value(len(b.f.Values) - 1)
}

// Param adds an array argument of n limbs of type t with per-limb bounds and returns its
// limb values (named "name[i]").
func (b *Builder) Param(name string, t Type, lower, upper []uint64) []Value {
	p := Param{Name: name, Type: t, Lower: lower, Upper: upper}
	for i := range upper {
		p.Limbs = append(p.Limbs, b.NewValue(fmt.Sprintf("%s[%d]", name, i), t))
	}
	b.f.Params = append(b.f.Params, p)
	return p.Limbs
}

// Return adds an output array with per-limb bounds.
func (b *Builder) Return(name string, t Type, limbs []Arg, lower, upper []uint64) {
	b.f.Rets = append(b.f.Rets, Result{Name: name, Type: t, Limbs: limbs, Lower: lower, Upper: upper})
}

// Emit appends an instruction defining fresh values and returns them.
func (b *Builder) Emit(op Op, t Type, size int, args ...Arg) []Value {
	in := Instr{Op: op, Type: t, Size: size, Args: args}
	in.Results = append(in.Results, b.NewValue("", t))
	if op.NumResults() == 2 {
		second := U1
		if op == OpMulx {
			second = t
		}
		in.Results = append(in.Results, b.NewValue("", second))
	}
	b.f.Body = append(b.f.Body, in)
	return in.Results
}

// Op1 emits a single-result operation and returns its value.
func (b *Builder) Op1(op Op, t Type, args ...Arg) Value { return b.Emit(op, t, 0, args...)[0] }

// Mulx emits a 64×64→128 product split into (lo, hi).
func (b *Builder) Mulx(x, y Arg) (lo, hi Value) {
	r := b.Emit(OpMulx, U64, 64, x, y)
	return r[0], r[1]
}

// AddCarry emits sum, cout = cin + x + y (64-bit).
func (b *Builder) AddCarry(cin, x, y Arg) (sum, cout Value) {
	r := b.Emit(OpAddCarryx, U64, 64, cin, x, y)
	return r[0], r[1]
}

// SubBorrow emits diff, bout = x - y - bin (64-bit).
func (b *Builder) SubBorrow(bin, x, y Arg) (diff, bout Value) {
	r := b.Emit(OpSubBorrowx, U64, 64, bin, x, y)
	return r[0], r[1]
}

// Func returns the function built so far.
func (b *Builder) Func() *Func { return b.f }
