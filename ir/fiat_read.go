package ir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// The JSON shapes of Fiat Cryptography's IR (see FIAT-JSON-FORMAT.md), decoded once into
// generic values (one pass over the input, however deep the nesting) and then checked
// field by field, so that a missing or mistyped field is an error naming it.
type fiatVar struct {
	Datatype, Name string
	LBound, UBound any
}

type fiatExpr struct {
	Datatype   string
	Name       []string
	Operation  string
	Parameters map[string]any
	Arguments  []any
}

// fields reads the named fields of a JSON object; every one must be present.
func fields(v any, what string, names ...string) ([]any, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON object", what)
	}
	out := make([]any, len(names))
	for i, n := range names {
		if out[i], ok = obj[n]; !ok {
			return nil, fmt.Errorf("%s has no field %q", what, n)
		}
	}
	return out, nil
}

func asString(v any, what string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s is not a string", what)
	}
	return s, nil
}

func asList(v any, what string) ([]any, error) {
	l, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a list", what)
	}
	return l, nil
}

var (
	fiatVarName  = regexp.MustCompile(`^x[0-9]+$`)
	fiatLimbName = regexp.MustCompile(`^([a-z]+[0-9]+)\[([0-9]+)\]$`)
	fiatArrType  = regexp.MustCompile(`^([ui][0-9]+)\[([0-9]+)\]$`)
)

// ReadFiat parses a Fiat Cryptography JSON file: one array of functions.
func ReadFiat(data []byte) ([]*Func, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var top any
	if err := d.Decode(&top); err != nil {
		return nil, fmt.Errorf("fiat json: %w", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("fiat json: trailing data after the array of functions")
	}
	raw, err := asList(top, "the top level")
	if err != nil {
		return nil, fmt.Errorf("fiat json: %w", err)
	}
	fns := make([]*Func, 0, len(raw))
	for i, r := range raw {
		f, err := readFiatFunc(r)
		if err != nil {
			return nil, fmt.Errorf("fiat json: function %d: %w", i, err)
		}
		fns = append(fns, f)
	}
	return fns, nil
}

// ReadFiatFunc parses a Fiat JSON file and returns the function called name.
func ReadFiatFunc(data []byte, name string) (*Func, error) {
	fns, err := ReadFiat(data)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range fns {
		if f.Name == name {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return nil, fmt.Errorf("fiat json: no function %q (have %s)", name, strings.Join(names, ", "))
}

// fiatReader holds the state of reading one function.
type fiatReader struct {
	f     *Func
	names map[string]Value // Fiat variable and scalar parameter names
	outs  map[string]int   // result name → index in f.Rets
	set   [][]bool         // result limbs already assigned
	temp  int              // counter for names of nested expressions
}

func readFiatFunc(v any) (*Func, error) {
	fs, err := fields(v, "function", "operation", "arguments", "returns", "body")
	if err != nil {
		return nil, err
	}
	name, err := asString(fs[0], "function operation")
	if err != nil {
		return nil, err
	}
	r := &fiatReader{f: &Func{Name: name}, names: map[string]Value{}, outs: map[string]int{}}
	if err := r.read(fs[1], fs[2], fs[3]); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := Verify(r.f); err != nil {
		return nil, err
	}
	return r.f, nil
}

func declarations(v any, what string) ([]fiatVar, error) {
	l, err := asList(v, what)
	if err != nil {
		return nil, err
	}
	out := make([]fiatVar, len(l))
	for i, d := range l {
		fs, err := fields(d, what, "datatype", "name", "lbound", "ubound")
		if err != nil {
			return nil, err
		}
		if out[i].Datatype, err = asString(fs[0], what+" datatype"); err != nil {
			return nil, err
		}
		if out[i].Name, err = asString(fs[1], what+" name"); err != nil {
			return nil, err
		}
		out[i].LBound, out[i].UBound = fs[2], fs[3]
	}
	return out, nil
}

func (r *fiatReader) read(args, rets, body any) error {
	params, err := declarations(args, "argument")
	if err != nil {
		return err
	}
	results, err := declarations(rets, "return")
	if err != nil {
		return err
	}
	stmts, err := asList(body, "body")
	if err != nil {
		return err
	}
	for _, a := range params {
		if err := r.param(a); err != nil {
			return err
		}
	}
	for _, a := range results {
		if err := r.result(a); err != nil {
			return err
		}
	}
	for i, s := range stmts {
		if err := r.statement(s); err != nil {
			return fmt.Errorf("body statement %d: %w", i, err)
		}
	}
	for i, ret := range r.f.Rets {
		for j, ok := range r.set[i] {
			if !ok {
				return fmt.Errorf("%s[%d] is never assigned", ret.Name, j)
			}
		}
	}
	return nil
}

// shape reads a variable declaration: element type, limb count, scalar flag and bounds.
func shape(v fiatVar) (name string, t Type, scalar bool, lower, upper []uint64, err error) {
	name = v.Name
	n := 1
	ts := v.Datatype
	if m := fiatArrType.FindStringSubmatch(ts); m != nil {
		ts = m[1]
		if n, err = strconv.Atoi(m[2]); err != nil || n < 1 || n > 1<<16 {
			return "", 0, false, nil, nil, fmt.Errorf("%s: bad array length in %q", name, v.Datatype)
		}
	} else {
		scalar = true
	}
	if t, err = ParseType(ts); err != nil {
		return "", 0, false, nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if t.Bits() > 64 {
		return "", 0, false, nil, nil, fmt.Errorf("%s: type %s wider than 64 bits", name, t)
	}
	if lower, err = bounds(v.LBound, n, scalar); err != nil {
		return "", 0, false, nil, nil, fmt.Errorf("%s lbound: %w", name, err)
	}
	if upper, err = bounds(v.UBound, n, scalar); err != nil {
		return "", 0, false, nil, nil, fmt.Errorf("%s ubound: %w", name, err)
	}
	return name, t, scalar, lower, upper, nil
}

func bounds(raw any, n int, scalar bool) ([]uint64, error) {
	strs := []any{raw}
	if !scalar {
		var err error
		if strs, err = asList(raw, "bounds"); err != nil {
			return nil, err
		}
	}
	if len(strs) != n {
		return nil, fmt.Errorf("%d bounds for %d limbs", len(strs), n)
	}
	out := make([]uint64, n)
	for i, b := range strs {
		s, err := asString(b, "bound")
		if err != nil {
			return nil, err
		}
		k, err := parseNumber(s)
		if err != nil {
			return nil, err
		}
		out[i] = k
	}
	return out, nil
}

// parseNumber reads a Fiat number: decimal or 0x-hexadecimal, at most 64 bits.
func parseNumber(s string) (uint64, error) {
	var k uint64
	var err error
	if rest, ok := strings.CutPrefix(s, "0x"); ok && rest != "" {
		k, err = strconv.ParseUint(rest, 16, 64)
	} else {
		k, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil {
		return 0, fmt.Errorf("bad or wider than 64-bit number %q", s)
	}
	return k, nil
}

func (r *fiatReader) checkNewName(name string) error {
	if _, dup := r.names[name]; dup {
		return fmt.Errorf("name %q declared twice", name)
	}
	if _, dup := r.outs[name]; dup {
		return fmt.Errorf("name %q declared twice", name)
	}
	return nil
}

func (r *fiatReader) param(v fiatVar) error {
	name, t, scalar, lower, upper, err := shape(v)
	if err != nil {
		return fmt.Errorf("argument: %w", err)
	}
	if err := r.checkNewName(name); err != nil {
		return err
	}
	p := Param{Name: name, Type: t, Scalar: scalar, Lower: lower, Upper: upper}
	for i := range lower {
		vn := fmt.Sprintf("%s[%d]", name, i)
		if scalar {
			vn = name
		}
		p.Limbs = append(p.Limbs, r.newValue(vn, t))
	}
	if scalar {
		r.names[name] = p.Limbs[0]
	}
	r.f.Params = append(r.f.Params, p)
	return nil
}

func (r *fiatReader) result(v fiatVar) error {
	name, t, scalar, lower, upper, err := shape(v)
	if err != nil {
		return fmt.Errorf("return: %w", err)
	}
	if err := r.checkNewName(name); err != nil {
		return err
	}
	r.outs[name] = len(r.f.Rets)
	r.f.Rets = append(r.f.Rets, Result{Name: name, Type: t, Scalar: scalar,
		Limbs: make([]Arg, len(lower)), Lower: lower, Upper: upper})
	r.set = append(r.set, make([]bool, len(lower)))
	return nil
}

func (r *fiatReader) newValue(name string, t Type) Value {
	r.f.Values = append(r.f.Values, ValueInfo{Name: name, Type: t})
	return Value(len(r.f.Values) - 1)
}
