package ir

import "fmt"

// Inline appends a copy of f's body to the function being built, with f's parameters
// bound to args (one operand list per parameter, as long as the parameter), and returns
// f's results as operands of the function being built. Composite functions (a ladder
// step, a point operation) are built from the field's own functions this way, so the
// checker proves the composite against exactly the field code it is made of.
//
// Bounds are the caller's business: Inline does not know the operands' ranges (see
// fields.Composer, which checks each call's inputs against the callee's bounds).
func (b *Builder) Inline(f *Func, args ...[]Arg) ([][]Arg, error) {
	if len(args) != len(f.Params) {
		return nil, fmt.Errorf("inline %s: %d arguments, want %d", f.Name, len(args), len(f.Params))
	}
	sub := make([]Arg, len(f.Values))
	bound := make([]bool, len(f.Values))
	for i, p := range f.Params {
		if len(args[i]) != len(p.Limbs) {
			return nil, fmt.Errorf("inline %s: argument %s has %d limbs, want %d", f.Name, p.Name, len(args[i]), len(p.Limbs))
		}
		for k, v := range p.Limbs {
			a := args[i][k]
			if !a.IsConst && b.f.TypeOf(a.Val) != p.Type {
				return nil, fmt.Errorf("inline %s: %s[%d] is %s, want %s", f.Name, p.Name, k, b.f.TypeOf(a.Val), p.Type)
			}
			sub[v], bound[v] = a, true
		}
	}
	for _, in := range f.Body {
		c := Instr{Op: in.Op, Type: in.Type, Size: in.Size, Args: make([]Arg, len(in.Args))}
		for k, a := range in.Args {
			if a.IsConst {
				c.Args[k] = a
				continue
			}
			if !bound[a.Val] {
				return nil, fmt.Errorf("inline %s: %s used before it is defined", f.Name, f.NameOf(a.Val))
			}
			c.Args[k] = sub[a.Val]
		}
		for _, r := range in.Results {
			nv := b.NewValue("", f.TypeOf(r))
			c.Results = append(c.Results, nv)
			sub[r], bound[r] = V(nv), true
		}
		b.f.Body = append(b.f.Body, c)
	}
	outs := make([][]Arg, len(f.Rets))
	for i, r := range f.Rets {
		for _, a := range r.Limbs {
			if !a.IsConst {
				if !bound[a.Val] {
					return nil, fmt.Errorf("inline %s: result %s uses %s, never defined", f.Name, r.Name, f.NameOf(a.Val))
				}
				a = sub[a.Val]
			}
			outs[i] = append(outs[i], a)
		}
	}
	return outs, nil
}
