package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// OpLadderStep is one step of the RFC 7748 Montgomery ladder as a single function:
//
//	out1 = (x2', x3', z2', z3') for arg1 = (x2, x3, z2, z3) and arg2 = x1,
//
// each element n limbs, built by inlining the field's own add, sub, square, mul and
// scmul(121666) (see ladderStepFunc). One function instead of eighteen calls: an
// assembly function cannot be inlined by Go, so in Go each call costs an ABI0 call with
// its arguments in memory, and the values pass between calls through memory.
const OpLadderStep = "ladderstep"

// CompositeOps are the ops built by inlining the field's own functions (composer).
var CompositeOps = []string{OpLadderStep, OpJacDouble, OpJacAdd, OpJacAddAffine, OpJacAddUnified, OpCoZAdd}

// elem is an element inside a composite function: its limbs and their bounds.
type elem struct {
	limbs        []ir.Arg
	lower, upper []uint64
}

// composer builds a composite function from calls of the field's functions, checking
// every call's inputs against the callee's input bounds (the field contract holds only
// inside them, and the checker proves the composite against the same inlined code).
type composer struct {
	b     *ir.Builder
	funcs map[string]*ir.Func
	err   error // the first failed call's (see do)
}

func newComposer(F Field, name string, ops ...string) (*composer, error) {
	c := &composer{b: ir.NewBuilder(name), funcs: map[string]*ir.Func{}}
	for _, op := range ops {
		var f *ir.Func
		var err error
		switch {
		case op == OpScmul:
			f, err = F.ScmulFunc(121666)
		case F.Method == Montgomery && (op == "mul" || op == "square"):
			// The forms with fewer multiplications (see montgomeryForm).
			f, err = montgomeryForm(F, op, F.Name+"_"+op, true)
		default:
			f, err = F.Func(op)
		}
		if err != nil {
			return nil, err
		}
		c.funcs[op] = f
	}
	return c, nil
}

// param declares an array argument of k elements, each with the bounds of the output of op
// (so that the composite's inputs are what the field's functions return).
func (c *composer) param(name, op string, k int) []elem {
	r := c.funcs[op].Rets[0]
	var lo, hi []uint64
	for range k {
		lo, hi = append(lo, fill(r.Lower, len(r.Limbs), 0)...), append(hi, fill(r.Upper, len(r.Limbs), r.Type.LimbMax())...)
	}
	vals := c.b.Param(name, r.Type, lo, hi)
	n := len(r.Limbs)
	out := make([]elem, k)
	for i := range out {
		for _, v := range vals[i*n : (i+1)*n] {
			out[i].limbs = append(out[i].limbs, ir.V(v))
		}
		out[i].lower, out[i].upper = lo[i*n:(i+1)*n], hi[i*n:(i+1)*n]
	}
	return out
}

// call inlines op on args after checking each argument against op's input bounds.
func (c *composer) call(op string, args ...elem) (elem, error) {
	f := c.funcs[op]
	limbs := make([][]ir.Arg, len(args))
	for i, a := range args {
		p := f.Params[i]
		lo, hi := fill(p.Lower, len(p.Limbs), 0), fill(p.Upper, len(p.Limbs), p.Type.LimbMax())
		for k := range p.Limbs {
			if a.lower[k] < lo[k] || a.upper[k] > hi[k] {
				return elem{}, fmt.Errorf("%s argument %d limb %d: bounds [%#x, %#x] not within [%#x, %#x]",
					f.Name, i+1, k, a.lower[k], a.upper[k], lo[k], hi[k])
			}
		}
		limbs[i] = a.limbs
	}
	outs, err := c.b.Inline(f, limbs...)
	if err != nil {
		return elem{}, err
	}
	r := f.Rets[0]
	return elem{limbs: outs[0], lower: fill(r.Lower, len(r.Limbs), 0), upper: fill(r.Upper, len(r.Limbs), r.Type.LimbMax())}, nil
}

// do is call that keeps the first error in c.err and does nothing after it, so a formula
// reads as a list of calls with one check at the end.
func (c *composer) do(op string, args ...elem) elem {
	if c.err != nil {
		return elem{}
	}
	r, err := c.call(op, args...)
	c.err = err
	return r
}

// result declares the output array as the concatenation of es.
func (c *composer) result(name string, es ...elem) *ir.Func {
	var limbs []ir.Arg
	var lo, hi []uint64
	for _, e := range es {
		limbs, lo, hi = append(limbs, e.limbs...), append(lo, e.lower...), append(hi, e.upper...)
	}
	c.b.Return(name, ir.U64, limbs, lo, hi)
	return c.b.Func()
}

// fill is b, or n copies of def when b is absent.
func fill(b []uint64, n int, def uint64) []uint64 {
	if len(b) == n {
		return b
	}
	return repeat(def, n)
}
