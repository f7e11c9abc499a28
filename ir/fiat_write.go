package ir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
)

// The output shapes, with fields in Fiat's order.
type wFunc struct {
	Operation string   `json:"operation"`
	Arguments []wVar   `json:"arguments"`
	Returns   []wVar   `json:"returns"`
	Body      []*wExpr `json:"body"`
}

type wVar struct {
	Datatype string `json:"datatype"`
	Name     string `json:"name"`
	LBound   any    `json:"lbound"`
	UBound   any    `json:"ubound"`
}

type wExpr struct {
	Datatype   string         `json:"datatype"`
	Name       []string       `json:"name"`
	Operation  string         `json:"operation"`
	Parameters map[string]int `json:"parameters,omitempty"`
	Arguments  []any          `json:"arguments"`
}

var fiatArrayName = regexp.MustCompile(`^[a-z]+[0-9]+$`)

// WriteFiat renders functions as one Fiat JSON array, using only Fiat's vocabulary and
// layout: values named like Fiat's (x12) keep their names, other values used once
// become nested expressions again (so ReadFiat(WriteFiat(fs)) gives back functions read
// from Fiat files exactly), and the remaining ones get fresh xN names. Machine-form
// functions containing shrd cannot be written: write the function before Lower.
func WriteFiat(fns []*Func) ([]byte, error) {
	out := make([]wFunc, 0, len(fns))
	for _, f := range fns {
		if err := Verify(f); err != nil {
			return nil, fmt.Errorf("write fiat json: %w", err)
		}
		w, err := newFiatWriter(f).function()
		if err != nil {
			return nil, fmt.Errorf("write fiat json: %s: %w", f.Name, err)
		}
		out = append(out, w)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("write fiat json: %w", err)
	}
	return buf.Bytes(), nil
}

type fiatWriter struct {
	f      *Func
	ref    []string // how an operand names each value
	uses   []int    // uses as an instruction operand
	def    []int    // defining instruction, -1 for parameters
	inline []bool   // written as a nested expression at its single use
	outTo  []string // "out1[2]" for a value written straight into a result limb
}

func newFiatWriter(f *Func) *fiatWriter {
	n := len(f.Values)
	w := &fiatWriter{f: f, ref: make([]string, n), uses: make([]int, n), def: make([]int, n),
		inline: make([]bool, n), outTo: make([]string, n)}
	for i := range w.def {
		w.def[i] = -1
	}
	for i, in := range f.Body {
		for _, a := range in.Args {
			if !a.IsConst {
				w.uses[a.Val]++
			}
		}
		for _, r := range in.Results {
			w.def[r] = i
		}
	}
	return w
}

func (w *fiatWriter) function() (wFunc, error) {
	f := w.f
	wf := wFunc{Operation: f.Name, Arguments: []wVar{}, Returns: []wVar{}, Body: []*wExpr{}}
	for _, p := range f.Params {
		if !fiatArrayName.MatchString(p.Name) {
			return wf, fmt.Errorf("argument name %q is not Fiat's", p.Name)
		}
		wf.Arguments = append(wf.Arguments, declaration(p.Name, p.Type, p.Scalar, p.Lower, p.Upper))
		for j, v := range p.Limbs {
			w.ref[v] = limbRef(p.Name, p.Scalar, j)
		}
	}
	limbUses := make([]int, len(f.Values))
	for _, r := range f.Rets {
		if !fiatArrayName.MatchString(r.Name) {
			return wf, fmt.Errorf("return name %q is not Fiat's", r.Name)
		}
		wf.Returns = append(wf.Returns, declaration(r.Name, r.Type, r.Scalar, r.Lower, r.Upper))
		for _, a := range r.Limbs {
			if !a.IsConst {
				limbUses[a.Val]++
			}
		}
	}
	w.nameValues(limbUses)
	for i := range f.Body {
		in := &f.Body[i]
		if w.inline[in.Results[0]] {
			continue
		}
		e, err := w.expr(in, true)
		if err != nil {
			return wf, err
		}
		wf.Body = append(wf.Body, e)
	}
	wf.Body = append(wf.Body, w.resultCopies()...)
	return wf, nil
}

// nameValues decides how each instruction result is written: into a result limb, as a
// nested expression, under its own Fiat name, as "_" when unused, or under a fresh name.
func (w *fiatWriter) nameValues(limbUses []int) {
	f := w.f
	for _, r := range f.Rets {
		for j, a := range r.Limbs {
			if lr := limbRef(r.Name, r.Scalar, j); !a.IsConst && w.def[a.Val] >= 0 &&
				f.NameOf(a.Val) == lr && limbUses[a.Val] == 1 && w.uses[a.Val] == 0 {
				w.outTo[a.Val] = lr
			}
		}
	}
	next, taken := 0, map[string]bool{}
	for _, vi := range f.Values {
		if fiatVarName.MatchString(vi.Name) {
			n, _ := strconv.Atoi(vi.Name[1:])
			next = max(next, n)
		}
	}
	for _, in := range f.Body {
		for _, v := range in.Results {
			name := f.NameOf(v)
			switch {
			case w.outTo[v] != "":
				w.ref[v] = w.outTo[v]
			case fiatVarName.MatchString(name) && !taken[name]:
				w.ref[v], taken[name] = name, true
			case len(in.Results) == 1 && w.uses[v] == 1 && limbUses[v] == 0:
				w.inline[v] = true
			case w.uses[v] == 0 && limbUses[v] == 0:
				w.ref[v] = "_"
			default:
				next++
				w.ref[v] = "x" + strconv.Itoa(next)
			}
		}
	}
}

func limbRef(name string, scalar bool, j int) string {
	if scalar {
		return name
	}
	return fmt.Sprintf("%s[%d]", name, j)
}

func declaration(name string, t Type, scalar bool, lower, upper []uint64) wVar {
	hexes := func(xs []uint64) any {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = "0x" + strconv.FormatUint(x, 16)
		}
		if scalar && len(s) == 1 {
			return s[0]
		}
		return s
	}
	dt := t.String()
	if !scalar {
		dt = fmt.Sprintf("%s[%d]", t, len(upper))
	}
	return wVar{Datatype: dt, Name: name, LBound: hexes(lower), UBound: hexes(upper)}
}

// expr renders an instruction; top-level ones carry their result names.
func (w *fiatWriter) expr(in *Instr, top bool) (*wExpr, error) {
	if in.Op == OpShrd || in.Op <= OpInvalid || in.Op >= numOps {
		return nil, fmt.Errorf("operation %s has no Fiat equivalent (write the function before Lower)", in.Op)
	}
	e := &wExpr{Datatype: in.Type.String(), Name: []string{}, Operation: in.Op.String(), Arguments: []any{}}
	if in.Op.NumResults() == 2 {
		if in.Type == typeForSize(in.Size) {
			e.Datatype = "(auto)"
		}
		e.Parameters = map[string]int{"size": in.Size}
	}
	if top {
		for _, r := range in.Results {
			e.Name = append(e.Name, w.ref[r])
		}
	}
	for i, a := range in.Args {
		arg, err := w.operand(in, i, a)
		if err != nil {
			return nil, err
		}
		e.Arguments = append(e.Arguments, arg)
	}
	return e, nil
}

func (w *fiatWriter) operand(in *Instr, i int, a Arg) (any, error) {
	switch {
	case a.IsConst && (in.Op == OpShr || in.Op == OpShl) && i == 1:
		return strconv.FormatUint(a.Imm, 10), nil
	case a.IsConst:
		return "0x" + strconv.FormatUint(a.Imm, 16), nil
	case w.inline[a.Val]:
		return w.expr(&w.f.Body[w.def[a.Val]], false)
	}
	return w.ref[a.Val], nil
}

// resultCopies writes the result limbs not already written by their instruction.
func (w *fiatWriter) resultCopies() []*wExpr {
	var out []*wExpr
	for _, r := range w.f.Rets {
		for j, a := range r.Limbs {
			if !a.IsConst && w.outTo[a.Val] != "" {
				continue
			}
			src := "0x" + strconv.FormatUint(a.Imm, 16)
			if !a.IsConst {
				src = w.ref[a.Val]
			}
			out = append(out, &wExpr{Datatype: r.Type.String(), Name: []string{limbRef(r.Name, r.Scalar, j)},
				Operation: OpCast.String(), Arguments: []any{src}})
		}
	}
	return out
}
