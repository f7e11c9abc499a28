package ir

import "strings"

// EliminateCasts replaces the result of every cast or copy that cannot change its
// operand's value (a widening or same-type conversion) by the operand. The dead casts are
// left for DCE. A nested expression named "x26.1" whose value is copied into x26 takes
// the name x26, so later passes and assembly comments show Fiat's names.
func EliminateCasts(f *Func) {
	s := newSubstitution(f)
	for i := range f.Body {
		in := &f.Body[i]
		s.rewriteArgs(in)
		if in.Op != OpCast && in.Op != OpAssign {
			continue
		}
		a, r := in.Args[0], in.Results[0]
		if a.IsConst || !fits(f.TypeOf(a.Val), in.Type) {
			continue
		}
		s[r] = a
		if n := f.NameOf(r); f.TypeOf(a.Val) == in.Type && strings.HasPrefix(f.NameOf(a.Val), n+".") {
			f.Values[a.Val].Name = n
		}
	}
	s.rewriteResults(f)
}

// FoldConstants evaluates instructions whose operands are all constants (when the results
// are representable as constants) and simplifies a few identities: a cmovznz on a
// constant condition, shifts by zero, and additions or ors of zero.
func FoldConstants(f *Func) {
	s := newSubstitution(f)
	for i := range f.Body {
		in := &f.Body[i]
		s.rewriteArgs(in)
		if ks, ok := foldInstr(f, in); ok {
			for j, r := range in.Results {
				s[r] = C(ks[j])
			}
			continue
		}
		if a, ok := identity(f, in); ok && argFits(f, a, in.Type) {
			s[in.Results[0]] = a
		}
	}
	s.rewriteResults(f)
}

// identity returns the operand an instruction reduces to, if any.
func identity(f *Func, in *Instr) (Arg, bool) {
	switch in.Op {
	case OpCmovznz:
		if c := in.Args[0]; c.IsConst {
			if c.Imm == 0 {
				return in.Args[1], true
			}
			return in.Args[2], true
		}
	case OpShr, OpShl:
		if in.Args[1].IsConst && in.Args[1].Imm == 0 {
			return in.Args[0], true
		}
	case OpAdd, OpOr:
		var keep []Arg
		for _, a := range in.Args {
			if !a.IsConst || a.Imm != 0 {
				keep = append(keep, a)
			}
		}
		if len(keep) == 1 {
			return keep[0], true
		}
		if len(keep) >= 2 && len(keep) < len(in.Args) {
			in.Args = keep
		}
	}
	return Arg{}, false
}

// CSE shares instructions that compute the same operation on the same operands
// (commutative operands in any order); the duplicates are left for DCE.
func CSE(f *Func) {
	s := newSubstitution(f)
	seen := make(map[cseKey][]Value, len(f.Body))
	for i := range f.Body {
		in := &f.Body[i]
		s.rewriteArgs(in)
		k, ok := keyOf(f, in)
		if !ok {
			continue
		}
		if prev, dup := seen[k]; dup {
			for j, r := range in.Results {
				s[r] = V(prev[j])
			}
			continue
		}
		seen[k] = in.Results
	}
	s.rewriteResults(f)
}

type cseKey struct {
	op    Op
	t, t1 Type
	size  int
	n     int
	a     [3]Arg
}

// keyOf is the CSE key of in; false for instructions of more than three operands.
func keyOf(f *Func, in *Instr) (cseKey, bool) {
	if len(in.Args) > 3 {
		return cseKey{}, false
	}
	k := cseKey{op: in.Op, t: in.Type, size: in.Size, n: len(in.Args)}
	if len(in.Results) > 1 {
		k.t1 = f.TypeOf(in.Results[1])
	}
	copy(k.a[:], in.Args)
	switch in.Op {
	case OpAdd, OpMul, OpAnd, OpOr, OpMulx:
		sortArgs(k.a[:k.n])
	case OpAddCarryx:
		sortArgs(k.a[1:3])
	}
	return k, true
}

func argLess(a, b Arg) bool {
	if a.IsConst != b.IsConst {
		return !a.IsConst
	}
	if a.IsConst {
		return a.Imm < b.Imm
	}
	return a.Val < b.Val
}

func sortArgs(as []Arg) {
	for i := 1; i < len(as); i++ {
		for j := i; j > 0 && argLess(as[j], as[j-1]); j-- {
			as[j], as[j-1] = as[j-1], as[j]
		}
	}
}

// DCE removes instructions none of whose results is used, then renumbers the values so
// that only parameters and results of remaining instructions are left, in order.
func DCE(f *Func) {
	live := make([]bool, len(f.Values))
	for _, r := range f.Rets {
		for _, a := range r.Limbs {
			if !a.IsConst {
				live[a.Val] = true
			}
		}
	}
	keep := make([]bool, len(f.Body))
	for i := len(f.Body) - 1; i >= 0; i-- {
		in := &f.Body[i]
		for _, r := range in.Results {
			keep[i] = keep[i] || live[r]
		}
		if keep[i] {
			for _, a := range in.Args {
				if !a.IsConst {
					live[a.Val] = true
				}
			}
		}
	}
	body := f.Body[:0]
	for i, in := range f.Body {
		if keep[i] {
			body = append(body, in)
		}
	}
	f.Body = body
	compact(f)
}

// compact renumbers values: parameter limbs, then instruction results, in order.
func compact(f *Func) {
	index := make([]Value, len(f.Values))
	values := make([]ValueInfo, 0, len(f.Values))
	add := func(v Value) Value {
		values = append(values, f.Values[v])
		index[v] = Value(len(values) - 1)
		return index[v]
	}
	for _, p := range f.Params {
		for j, v := range p.Limbs {
			p.Limbs[j] = add(v)
		}
	}
	for i := range f.Body {
		in := &f.Body[i]
		for j, a := range in.Args {
			if !a.IsConst {
				in.Args[j] = V(index[a.Val])
			}
		}
		for j, v := range in.Results {
			in.Results[j] = add(v)
		}
	}
	for _, r := range f.Rets {
		for j, a := range r.Limbs {
			if !a.IsConst {
				r.Limbs[j] = V(index[a.Val])
			}
		}
	}
	f.Values = values
}
