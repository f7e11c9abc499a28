package ir

import "fmt"

// Pass transforms a function. A pass may modify its argument in place and return it, or
// return a new function; callers that need the original pass a Clone.
type Pass func(f *Func) (*Func, error)

// Concat runs passes in order, stopping at the first error.
func Concat(passes ...Pass) Pass {
	return func(f *Func) (*Func, error) {
		var err error
		for _, p := range passes {
			if f, err = p(f); err != nil {
				return nil, err
			}
		}
		return f, nil
	}
}

// Check adapts a checker such as Verify to a pass that returns f unchanged.
func Check(check func(*Func) error) Pass {
	return func(f *Func) (*Func, error) {
		if err := check(f); err != nil {
			return nil, err
		}
		return f, nil
	}
}

// InPlace adapts an in-place transformation that cannot fail to a Pass.
func InPlace(t func(*Func)) Pass {
	return func(f *Func) (*Func, error) {
		t(f)
		return f, nil
	}
}

// Normalize simplifies a copy of f: casts and copies that do not change a value are
// removed, constant expressions folded, common subexpressions shared and dead code
// dropped. The result computes the same outputs as f on every input.
func Normalize(f *Func) (*Func, error) {
	g, err := Concat(
		Check(Verify),
		InPlace(EliminateCasts),
		InPlace(FoldConstants),
		InPlace(CSE),
		InPlace(DCE),
		Check(Verify),
	)(f.Clone())
	if err != nil {
		return nil, fmt.Errorf("normalize: %w", err)
	}
	return g, nil
}

// substitution maps each value to the operand that replaces it (itself by default);
// passes fill it in instruction order, so a replacement is always already resolved.
type substitution []Arg

func newSubstitution(f *Func) substitution {
	s := make(substitution, len(f.Values))
	for i := range s {
		s[i] = V(Value(i))
	}
	return s
}

func (s substitution) arg(a Arg) Arg {
	if a.IsConst {
		return a
	}
	return s[a.Val]
}

// rewriteArgs applies s to the operands of in.
func (s substitution) rewriteArgs(in *Instr) {
	for i, a := range in.Args {
		in.Args[i] = s.arg(a)
	}
}

// rewriteResults applies s to the result limbs where the replacement has the limb's type
// (a constant must fit it); elsewhere the limb keeps its value, which stays defined.
func (s substitution) rewriteResults(f *Func) {
	for i := range f.Rets {
		r := &f.Rets[i]
		for j, a := range r.Limbs {
			b := s.arg(a)
			switch {
			case b.IsConst && (r.Type.Bits() >= 64 || b.Imm>>r.Type.Bits() == 0) && !r.Type.Signed():
				r.Limbs[j] = b
			case !b.IsConst && f.TypeOf(b.Val) == r.Type:
				r.Limbs[j] = b
			}
		}
	}
}

// fits reports whether every value of type from is a value of type to, so that a
// conversion from → to never changes it.
func fits(from, to Type) bool {
	switch {
	case from == to:
		return true
	case from.Signed() && to.Signed():
		return to.Bits() >= from.Bits()
	case from.Signed():
		return false
	case to.Signed():
		return to.Bits() > from.Bits()
	}
	return to.Bits() >= from.Bits()
}

// argFits reports whether a, used where type t is computed, keeps its value.
func argFits(f *Func, a Arg, t Type) bool {
	if a.IsConst {
		return !t.Signed() && (t.Bits() >= 64 || a.Imm>>t.Bits() == 0) ||
			t.Signed() && t.Bits() > 64 || t.Signed() && t.Bits() == 64 && a.Imm>>63 == 0
	}
	return fits(f.TypeOf(a.Val), t)
}
