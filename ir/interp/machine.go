package interp

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// step is one instruction compiled to slot indices: operands and results index
// Machine.vals, where constants occupy slots after the function's values, so evaluation
// never branches on "is this operand a constant".
type step struct {
	op        ir.Op
	size      int
	signedArg bool // first operand is of a signed type (arithmetic >>)
	t0, t1    ir.Type
	r0, r1    int32
	args      []int32
}

// Machine evaluates one function many times without allocating: compile once with New,
// then call Eval.
type Machine struct {
	f     *ir.Func
	steps []step
	vals  []word
}

// Run evaluates f on args (args[i][j] is limb j of f.Params[i]) and returns the result
// limbs (out[i][j] is limb j of f.Rets[i]).
func Run(f *ir.Func, args [][]uint64) ([][]uint64, error) {
	m, err := New(f)
	if err != nil {
		return nil, err
	}
	out := m.NewOutputs()
	if err := m.Eval(args, out); err != nil {
		return nil, err
	}
	return out, nil
}

// New checks f and compiles it for repeated evaluation.
func New(f *ir.Func) (*Machine, error) {
	c := compiler{f: f, defined: make([]bool, len(f.Values))}
	if err := c.compile(); err != nil {
		return nil, fmt.Errorf("interp: function %s: %w", f.Name, err)
	}
	return &Machine{f: f, steps: c.steps, vals: c.vals}, nil
}

// NewOutputs allocates an output buffer shaped like the function's results.
func (m *Machine) NewOutputs() [][]uint64 {
	out := make([][]uint64, len(m.f.Rets))
	for i, r := range m.f.Rets {
		out[i] = make([]uint64, len(r.Limbs))
	}
	return out
}

// Eval evaluates the function on args into out (shaped as by NewOutputs).
func (m *Machine) Eval(args [][]uint64, out [][]uint64) error {
	f := m.f
	if len(args) != len(f.Params) {
		return fmt.Errorf("interp: %s takes %d arguments, got %d", f.Name, len(f.Params), len(args))
	}
	for i := range f.Params {
		p := &f.Params[i]
		if len(args[i]) != len(p.Limbs) {
			return fmt.Errorf("interp: %s: argument %s has %d limbs, got %d", f.Name, p.Name, len(p.Limbs), len(args[i]))
		}
		for j, x := range args[i] {
			w, ok := inputWord(x, p.Type)
			if !ok {
				return fmt.Errorf("interp: %s: %s[%d] = %#x does not fit %s", f.Name, p.Name, j, x, p.Type)
			}
			m.vals[p.Limbs[j]] = w
		}
	}
	m.exec()
	if len(out) != len(f.Rets) {
		return fmt.Errorf("interp: %s has %d results, output buffer has %d", f.Name, len(f.Rets), len(out))
	}
	for i := range f.Rets {
		r := &f.Rets[i]
		if len(out[i]) != len(r.Limbs) {
			return fmt.Errorf("interp: %s: result %s has %d limbs, buffer has %d", f.Name, r.Name, len(r.Limbs), len(out[i]))
		}
		for j, a := range r.Limbs {
			if a.IsConst {
				out[i][j] = a.Imm
			} else {
				out[i][j] = m.vals[a.Val].lo
			}
		}
	}
	return nil
}

// inputWord is the stored form of an input limb x of type t; false if x does not fit.
func inputWord(x uint64, t ir.Type) (word, bool) {
	if t.Signed() {
		return reduce(word{x, 0}, t), true
	}
	if b := t.Bits(); b < 64 && x>>b != 0 {
		return word{}, false
	}
	return word{x, 0}, true
}

func (m *Machine) exec() {
	v := m.vals
	for i := range m.steps {
		s := &m.steps[i]
		a := s.args
		var r0 word
		switch s.op {
		case ir.OpAssign, ir.OpCast:
			r0 = v[a[0]]
		case ir.OpMulx:
			p := truncBits(v[a[0]], s.size).mul(truncBits(v[a[1]], s.size))
			v[s.r1] = reduce(p.shr(uint64(s.size), false), s.t1)
			r0 = truncBits(p, s.size)
		case ir.OpAddCarryx:
			t := v[a[0]].add(v[a[1]]).add(v[a[2]])
			v[s.r1] = reduce(t.shr(uint64(s.size), false), s.t1)
			r0 = truncBits(t, s.size)
		case ir.OpSubBorrowx:
			t := v[a[1]].sub(v[a[2]]).sub(v[a[0]])
			v[s.r1] = word{t.hi >> 63, 0}
			r0 = truncBits(t, s.size)
		case ir.OpCmovznz:
			r0 = v[a[2]]
			if v[a[0]].isZero() {
				r0 = v[a[1]]
			}
		case ir.OpMul:
			r0 = v[a[0]]
			for _, x := range a[1:] {
				r0 = r0.mul(v[x])
			}
		case ir.OpAdd:
			r0 = v[a[0]]
			for _, x := range a[1:] {
				r0 = r0.add(v[x])
			}
		case ir.OpSub:
			r0 = v[a[0]].sub(v[a[1]])
		case ir.OpAnd:
			r0 = v[a[0]]
			for _, x := range a[1:] {
				r0 = word{r0.lo & v[x].lo, r0.hi & v[x].hi}
			}
		case ir.OpOr:
			r0 = v[a[0]]
			for _, x := range a[1:] {
				r0 = word{r0.lo | v[x].lo, r0.hi | v[x].hi}
			}
		case ir.OpShr:
			r0 = v[a[0]].shr(shiftCount(v[a[1]]), s.signedArg)
		case ir.OpShl:
			r0 = v[a[0]].shl(shiftCount(v[a[1]]))
		case ir.OpNot:
			r0 = word{^v[a[0]].lo, ^v[a[0]].hi}
		case ir.OpLNot:
			if v[a[0]].isZero() {
				r0 = word{1, 0}
			}
		case ir.OpShrd:
			r0 = word{v[a[0]].lo, v[a[1]].lo}.shr(shiftCount(v[a[2]]), false)
		}
		v[s.r0] = reduce(r0, s.t0)
	}
}

// shiftCount saturates a shift amount at 128 (every larger shift gives the same result).
func shiftCount(k word) uint64 {
	if k.hi != 0 || k.lo > 128 {
		return 128
	}
	return k.lo
}
