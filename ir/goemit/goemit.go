package goemit

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Emit prints f (machine form, see ir.VerifyMachine) as the body-complete Go function
//
//	func name(out1 *[n]uint64, arg1 *[m]uint64[, arg2 *[k]uint64])
//
// with u1 values held in uint64 (0 or 1). Every input limb is read into a local before
// anything is stored, so out1 may alias an input. Conditional moves are mask selects and
// nothing branches on data: the code is constant-time as far as Go's compiler keeps it so
// (the same caveat as any pure-Go field arithmetic).
func Emit(f *ir.Func, name string) ([]byte, error) {
	if !token.IsIdentifier(name) {
		return nil, fmt.Errorf("goemit: %q is not a Go identifier", name)
	}
	if err := ir.VerifyMachine(f); err != nil {
		return nil, fmt.Errorf("goemit: %w", err)
	}
	if len(f.Rets) != 1 || f.Rets[0].Scalar {
		return nil, fmt.Errorf("goemit: %s: want one array result", f.Name)
	}
	used := usedValues(f)
	var sb strings.Builder
	fmt.Fprintf(&sb, "func %s(%s) {\n", name, strings.Join(Params(f), ", "))
	for pi, p := range f.Params {
		if p.Scalar {
			return nil, fmt.Errorf("goemit: %s: scalar argument %s", f.Name, p.Name)
		}
		for j, v := range p.Limbs {
			if used[v] {
				fmt.Fprintf(&sb, "\t%s := arg%d[%d] // %s\n", local(v), pi+1, j, f.NameOf(v))
			}
		}
	}
	for i := range f.Body {
		if err := instr(&sb, f, &f.Body[i], used); err != nil {
			return nil, fmt.Errorf("goemit: %s: instruction %d: %w", f.Name, i, err)
		}
	}
	for j, a := range f.Rets[0].Limbs {
		fmt.Fprintf(&sb, "\tout1[%d] = %s\n", j, operand(a))
	}
	sb.WriteString("}\n")
	return []byte(sb.String()), nil
}

// Params are the Go parameters of Emit's function: out1 then arg1 (and arg2).
func Params(f *ir.Func) []string {
	ps := []string{fmt.Sprintf("out1 *[%d]uint64", len(f.Rets[0].Limbs))}
	for i, p := range f.Params {
		ps = append(ps, fmt.Sprintf("arg%d *[%d]uint64", i+1, len(p.Limbs)))
	}
	return ps
}

// usedValues marks the values some instruction or result reads.
func usedValues(f *ir.Func) []bool {
	used := make([]bool, len(f.Values))
	mark := func(a ir.Arg) {
		if !a.IsConst {
			used[a.Val] = true
		}
	}
	for _, in := range f.Body {
		for _, a := range in.Args {
			mark(a)
		}
	}
	for _, a := range f.Rets[0].Limbs {
		mark(a)
	}
	return used
}

func local(v ir.Value) string { return fmt.Sprintf("x%d", v) }

func operand(a ir.Arg) string {
	if a.IsConst {
		return fmt.Sprintf("%#x", a.Imm)
	}
	return local(a.Val)
}

// lhs names a result, or _ when nothing reads it.
func lhs(v ir.Value, used []bool) string {
	if used[v] {
		return local(v)
	}
	return "_"
}
