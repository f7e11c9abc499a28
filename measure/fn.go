package measure

import (
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// Shape is how a function is called (see abi.Shape).
type Shape abi.Shape

// ShapeOf is the calling shape of f: one u64 result array and one or two u64 argument
// arrays (the field-arithmetic ABI).
func ShapeOf(f *ir.Func) (Shape, error) {
	if len(f.Rets) != 1 || len(f.Params) < 1 || len(f.Params) > 2 {
		return Shape{}, fmt.Errorf("measure: %s has %d results and %d arguments; the ABI takes 1 result and 1 or 2 arguments",
			f.Name, len(f.Rets), len(f.Params))
	}
	if r := f.Rets[0]; r.Type != ir.U64 || r.Scalar {
		return Shape{}, fmt.Errorf("measure: %s: result %s is not a u64 array", f.Name, r.Name)
	}
	s := Shape{Out: len(f.Rets[0].Limbs)}
	for i, p := range f.Params {
		if p.Type != ir.U64 || p.Scalar {
			return Shape{}, fmt.Errorf("measure: %s: argument %s is not a u64 array", f.Name, p.Name)
		}
		if i == 0 {
			s.Arg1 = len(p.Limbs)
		} else {
			s.Arg2 = len(p.Limbs)
		}
	}
	if err := abi.Shape(s).Check(); err != nil {
		return Shape{}, fmt.Errorf("measure: %w (function %s)", err, f.Name)
	}
	return s, nil
}

// sameLimbs reports whether s and t have the same limb counts.
func sameLimbs(s, t Shape) bool { return s.Out == t.Out && s.Arg1 == t.Arg1 && s.Arg2 == t.Arg2 }

// Fn is a function a Runner can call: generated code loaded by Runner.Load, or a native
// symbol from CompileC. It is a small value; copies refer to the same code.
type Fn struct {
	Name  string
	shape Shape       // validated shape (JIT only)
	code  *jitCode    // JIT only
	addr  uintptr     // native only
	check OutputCheck // nil: the output must equal the reference's
}

// OutputCheck accepts or refuses got, a function's output on args, given want, the
// reference interpreter's output on the same args; an error says what is wrong with got.
type OutputCheck func(args [][]uint64, got, want []uint64) error

// Checked is fn with its outputs checked by c instead of compared limb for limb with the
// reference: for another formulation of the same field function (Fiat's C, say), whose
// limbs may differ from the reference's while the value is the same mod p.
func (fn Fn) Checked(c OutputCheck) Fn {
	fn.check = c
	return fn
}

// IsZero reports whether fn is the zero Fn (nothing loaded).
func (fn Fn) IsZero() bool { return fn.code == nil && fn.addr == 0 }

// Load validates p for shape s (see abi.Validate), encodes it and returns it as an Fn
// of r. A program that fails validation is refused and never runs. Loading copies no
// code to executable memory yet: that happens, in microseconds, on the worker when the
// Fn is first called or timed (and again if the arena ring has overwritten it since).
func (r *Runner) Load(p *x86.Program, s Shape) (Fn, error) { return r.LoadWith(nil, p, s) }

// LoadWith is Load encoding with enc (nil: encode.Encode), whose memo of instruction bytes
// makes re-encoding mostly unchanged candidates cheap. enc is not safe for concurrent use.
func (r *Runner) LoadWith(enc *encode.Encoder, p *x86.Program, s Shape) (Fn, error) {
	return r.LoadChecked(enc, p, s, abi.Options{})
}

// LoadChecked is LoadWith validating with opts, checks on top of the ABI's that every
// option adds (codegen.VerifyOptions: its own invariants), so a generator that defers its
// own verification to here validates each candidate once.
func (r *Runner) LoadChecked(enc *encode.Encoder, p *x86.Program, s Shape, opts abi.Options) (Fn, error) {
	if err := abi.Validate(p, abi.Shape(s), opts); err != nil {
		return Fn{}, fmt.Errorf("measure: %w", err)
	}
	encodeFn := encode.Encode
	if enc != nil {
		encodeFn = enc.Encode
	}
	code, err := encodeFn(p)
	if err != nil {
		return Fn{}, fmt.Errorf("measure: encoding %s: %w", p.Symbol, err)
	}
	return r.loadCode(p.Symbol, code, s), nil
}

// loadCode wraps machine code as an Fn without validating it: trusted code only.
func (r *Runner) loadCode(name string, code []byte, s Shape) Fn {
	return Fn{Name: name, shape: s, code: &jitCode{bytes: code, runner: r, pos: -1}}
}

// resolve returns the addresses of fns, placing JIT code in the arena; worker only.
func (r *Runner) resolve(fns []Fn, addrs []uint64) error {
	var codes []*jitCode
	for i, fn := range fns {
		switch {
		case fn.code != nil && fn.code.runner != r:
			return fmt.Errorf("measure: function %d (%s) was loaded by another runner", i, fn.Name)
		case fn.code != nil:
			codes = append(codes, fn.code)
		case fn.addr == 0:
			return fmt.Errorf("measure: function %d is not loaded", i)
		}
	}
	if err := r.arena.ensure(codes); err != nil {
		return err
	}
	for i, fn := range fns {
		if fn.code != nil {
			addrs[i] = uint64(r.arena.addr(fn.code))
		} else {
			addrs[i] = uint64(fn.addr)
		}
	}
	return nil
}

// Call runs fn once: fn(out1, arg1, arg2). Passing the same slice as out1 and arg1 makes
// an aliased call. For generated code the lengths must match the shape it was validated
// for (and aliasing must have been validated); native code is trusted to stay within them.
func (r *Runner) Call(fn Fn, out1, arg1, arg2 []uint64) error {
	alias := len(out1) > 0 && len(arg1) > 0 && &out1[0] == &arg1[0]
	s := Shape{Out: len(out1), Arg1: len(arg1), Arg2: len(arg2), Alias: alias}
	if fn.code != nil && (!sameLimbs(fn.shape, s) || (alias && !fn.shape.Alias)) {
		return fmt.Errorf("measure: %s was validated for %+v, called with %+v", fn.Name, fn.shape, s)
	}
	if len(out1) == 0 || len(arg1) == 0 {
		return errors.New("measure: call with an empty out1 or arg1")
	}
	var err error
	werr := r.do(func() { err = r.callOnWorker(fn, out1, arg1, arg2, alias) })
	return errors.Join(werr, err)
}

func (r *Runner) callOnWorker(fn Fn, out1, arg1, arg2 []uint64, alias bool) error {
	var l layout
	addrAt := l.take(1)
	outAt := l.take(max(len(out1), len(arg1)))
	a1At, a2At := l.take(len(arg1)), l.take(len(arg2))
	if err := r.ws.ensure(l.next); err != nil {
		return err
	}
	w := r.ws.words
	if err := r.resolve([]Fn{fn}, w[addrAt:addrAt+1]); err != nil {
		return err
	}
	copy(w[outAt:], out1)
	copy(w[a1At:], arg1)
	copy(w[a2At:], arg2)
	if alias {
		a1At = outAt
		copy(w[outAt:], arg1)
	}
	callOnce(uintptr(w[addrAt]), &w[outAt], &w[a1At], &w[a2At])
	copy(out1, w[outAt:outAt+len(out1)])
	return nil
}
