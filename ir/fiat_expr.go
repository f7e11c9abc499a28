package ir

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// statement reads one top-level body expression, which names its results.
func (r *fiatReader) statement(raw any) error {
	e, err := parseExpr(raw)
	if err != nil {
		return err
	}
	names := e.Name
	if len(names) == 0 {
		return fmt.Errorf("%s statement defines no name", e.Operation)
	}
	r.temp = 0
	parent := names[0]
	if len(names) > 1 && parent == "_" {
		parent = names[1]
	}
	for _, n := range names {
		if strings.Contains(n, ".") {
			return fmt.Errorf("unsupported assignment target %q", n)
		}
	}
	_, err = r.expr(e, names, parent, false)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(names, ", "), err)
	}
	return nil
}

func parseExpr(raw any) (*fiatExpr, error) {
	fs, err := fields(raw, "expression", "datatype", "name", "operation", "arguments")
	if err != nil {
		return nil, err
	}
	var e fiatExpr
	if e.Datatype, err = asString(fs[0], "datatype"); err != nil {
		return nil, err
	}
	names, err := asList(fs[1], "name")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		s, err := asString(n, "name")
		if err != nil {
			return nil, err
		}
		e.Name = append(e.Name, s)
	}
	if e.Operation, err = asString(fs[2], "operation"); err != nil {
		return nil, err
	}
	if e.Arguments, err = asList(fs[3], "arguments"); err != nil {
		return nil, err
	}
	if p, ok := raw.(map[string]any)["parameters"]; ok {
		if e.Parameters, ok = p.(map[string]any); !ok {
			return nil, fmt.Errorf("parameters is not a JSON object")
		}
	}
	return &e, nil
}

// expr emits the instruction of e (after those of its nested arguments) defining values
// for names; nested expressions (no names) get the name parent.N. It returns the first
// result.
func (r *fiatReader) expr(e *fiatExpr, names []string, parent string, nested bool) (Value, error) {
	op, err := fiatOp(e.Operation)
	if err != nil {
		return 0, err
	}
	if want := op.NumResults(); len(names) != want {
		return 0, fmt.Errorf("%s defines %d names, want %d", op, len(names), want)
	}
	size, err := sizeParam(op, e.Parameters)
	if err != nil {
		return 0, err
	}
	args := make([]Arg, len(e.Arguments))
	for i, a := range e.Arguments {
		if args[i], err = r.argument(a, parent); err != nil {
			return 0, fmt.Errorf("argument %d of %s: %w", i, op, err)
		}
	}
	if lo, hi := Arity(op); len(args) < lo || (hi >= 0 && len(args) > hi) {
		return 0, fmt.Errorf("%s with %d arguments", op, len(args))
	}
	types, err := r.resultTypes(op, e.Datatype, size, args)
	if err != nil {
		return 0, err
	}
	in := Instr{Op: op, Type: types[0], Size: size, Args: args}
	for i, n := range names {
		if nested {
			in.Results = append(in.Results, r.newValue(n, types[i]))
			continue
		}
		v, err := r.define(n, types[i])
		if err != nil {
			return 0, err
		}
		in.Results = append(in.Results, v)
	}
	r.f.Body = append(r.f.Body, in)
	return in.Results[0], nil
}

func fiatOp(s string) (Op, error) {
	switch s {
	case "dereference":
		return OpInvalid, fmt.Errorf("unsupported operation dereference")
	case "shrd":
		return OpInvalid, fmt.Errorf("unknown operation %q", s)
	}
	return ParseOp(s)
}

func sizeParam(op Op, params map[string]any) (int, error) {
	raw, ok := params["size"]
	if op.NumResults() != 2 {
		if len(params) != 0 {
			return 0, fmt.Errorf("%s takes no parameters", op)
		}
		return 0, nil
	}
	if !ok || len(params) != 1 {
		return 0, fmt.Errorf("%s needs exactly the parameter size", op)
	}
	var s string
	switch n := raw.(type) {
	case json.Number:
		s = n.String()
	case string:
		s = n
	default:
		return 0, fmt.Errorf("%s size is not a number", op)
	}
	size, err := strconv.Atoi(s)
	if err != nil || size < 1 || size > 64 {
		return 0, fmt.Errorf("%s size %q not in 1..64", op, s)
	}
	return size, nil
}

// typeForSize is the narrowest unsigned type of at least size bits.
func typeForSize(size int) Type {
	switch {
	case size <= 1:
		return U1
	case size <= 8:
		return U8
	case size <= 32:
		return U32
	case size <= 64:
		return U64
	}
	return U128
}

// resultTypes gives the types of op's results; "(auto)" infers them as Fiat's C does.
func (r *fiatReader) resultTypes(op Op, dt string, size int, args []Arg) ([]Type, error) {
	var t Type
	if dt == "(auto)" {
		switch op {
		case OpMulx, OpAddCarryx, OpSubBorrowx:
			t = typeForSize(size)
		default:
			for _, a := range args {
				if at := r.f.ArgType(a); at.Bits() > t.Bits() {
					t = at
				}
			}
		}
	} else {
		var err error
		if t, err = ParseType(dt); err != nil {
			return nil, err
		}
	}
	switch op {
	case OpMulx:
		return []Type{t, t}, nil
	case OpAddCarryx, OpSubBorrowx:
		return []Type{t, U1}, nil
	}
	return []Type{t}, nil
}

// define creates the value that a statement name denotes: a Fiat variable, "_", or a
// result limb.
func (r *fiatReader) define(name string, t Type) (Value, error) {
	switch {
	case name == "_":
		return r.newValue(name, t), nil
	case fiatVarName.MatchString(name):
		if err := r.checkNewName(name); err != nil {
			return 0, err
		}
		v := r.newValue(name, t)
		r.names[name] = v
		return v, nil
	}
	ri, limb, err := r.outLimb(name)
	if err != nil {
		return 0, err
	}
	if r.set[ri][limb] {
		return 0, fmt.Errorf("%s assigned twice", name)
	}
	r.set[ri][limb] = true
	v := r.newValue(name, t)
	r.f.Rets[ri].Limbs[limb] = V(v)
	return v, nil
}

// outLimb resolves "out1[2]" (or a scalar "out1") to a result index and limb.
func (r *fiatReader) outLimb(name string) (int, int, error) {
	base, idx := name, 0
	if m := fiatLimbName.FindStringSubmatch(name); m != nil {
		base = m[1]
		var err error
		if idx, err = strconv.Atoi(m[2]); err != nil {
			return 0, 0, fmt.Errorf("bad index in %q", name)
		}
	}
	ri, ok := r.outs[base]
	if !ok || (base == name) != r.f.Rets[ri].Scalar {
		return 0, 0, fmt.Errorf("unsupported assignment target %q", name)
	}
	if idx >= len(r.f.Rets[ri].Limbs) {
		return 0, 0, fmt.Errorf("%s out of range", name)
	}
	return ri, idx, nil
}

// argument reads an operand: a name, a number or a nested expression.
func (r *fiatReader) argument(raw any, parent string) (Arg, error) {
	s, isName := raw.(string)
	if !isName {
		e, err := parseExpr(raw)
		if err != nil {
			return Arg{}, err
		}
		if len(e.Name) != 0 {
			return Arg{}, fmt.Errorf("nested expression with names %v", e.Name)
		}
		r.temp++
		name := fmt.Sprintf("%s.%d", parent, r.temp)
		v, err := r.expr(e, []string{name}, parent, true)
		if err != nil {
			return Arg{}, err
		}
		return V(v), nil
	}
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		k, err := parseNumber(s)
		return C(k), err
	}
	if v, ok := r.names[s]; ok {
		return V(v), nil
	}
	if m := fiatLimbName.FindStringSubmatch(s); m != nil {
		for _, p := range r.f.Params {
			if p.Name == m[1] && !p.Scalar {
				i, err := strconv.Atoi(m[2])
				if err != nil || i >= len(p.Limbs) {
					return Arg{}, fmt.Errorf("%s out of range", s)
				}
				return V(p.Limbs[i]), nil
			}
		}
	}
	return Arg{}, fmt.Errorf("undefined or unsupported name %q", s)
}
