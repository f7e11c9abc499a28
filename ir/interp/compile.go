package interp

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// compiler turns a Func into steps, rejecting malformed functions with an error.
type compiler struct {
	f       *ir.Func
	defined []bool
	steps   []step
	vals    []word
	consts  map[uint64]int32 // compile-time only: one slot per distinct constant
}

func (c *compiler) compile() error {
	f := c.f
	c.vals = make([]word, len(f.Values))
	c.consts = map[uint64]int32{}
	for _, vi := range f.Values {
		if vi.Type.Bits() == 0 {
			return fmt.Errorf("value %s has invalid type %s", vi.Name, vi.Type)
		}
	}
	for _, p := range f.Params {
		if b := p.Type.Bits(); b == 0 || b > 64 {
			return fmt.Errorf("parameter %s has unsupported type %s", p.Name, p.Type)
		}
		for _, v := range p.Limbs {
			if err := c.define(v); err != nil {
				return fmt.Errorf("parameter %s: %w", p.Name, err)
			}
		}
	}
	c.steps = make([]step, 0, len(f.Body))
	for i := range f.Body {
		if err := c.instr(&f.Body[i]); err != nil {
			return fmt.Errorf("instruction %d (%s): %w", i, f.Body[i].Op, err)
		}
	}
	for _, r := range f.Rets {
		if b := r.Type.Bits(); b == 0 || b > 64 {
			return fmt.Errorf("result %s has unsupported type %s", r.Name, r.Type)
		}
		for j, a := range r.Limbs {
			if _, err := c.operand(a); err != nil {
				return fmt.Errorf("result %s[%d]: %w", r.Name, j, err)
			}
			if !a.IsConst && f.TypeOf(a.Val).Bits() > 64 {
				return fmt.Errorf("result %s[%d] is %s, wider than 64 bits", r.Name, j, f.TypeOf(a.Val))
			}
		}
	}
	return nil
}

func (c *compiler) define(v ir.Value) error {
	if v < 0 || int(v) >= len(c.f.Values) {
		return fmt.Errorf("value %d out of range", v)
	}
	if c.defined[v] {
		return fmt.Errorf("value %s defined twice", c.f.NameOf(v))
	}
	c.defined[v] = true
	return nil
}

func (c *compiler) operand(a ir.Arg) (int32, error) {
	if a.IsConst {
		if s, ok := c.consts[a.Imm]; ok {
			return s, nil
		}
		c.vals = append(c.vals, word{a.Imm, 0})
		s := int32(len(c.vals) - 1)
		c.consts[a.Imm] = s
		return s, nil
	}
	if a.Val < 0 || int(a.Val) >= len(c.f.Values) {
		return 0, fmt.Errorf("operand value %d out of range", a.Val)
	}
	if !c.defined[a.Val] {
		return 0, fmt.Errorf("value %s used before it is defined", c.f.NameOf(a.Val))
	}
	return int32(a.Val), nil
}

func (c *compiler) instr(in *ir.Instr) error {
	if err := ir.CheckArity(in); err != nil {
		return err
	}
	s := step{op: in.Op, size: in.Size, args: make([]int32, len(in.Args))}
	switch in.Op {
	case ir.OpMulx, ir.OpAddCarryx, ir.OpSubBorrowx:
		if in.Size <= 0 || in.Size > 64 {
			return fmt.Errorf("unsupported size %d", in.Size)
		}
	}
	for i, a := range in.Args {
		slot, err := c.operand(a)
		if err != nil {
			return err
		}
		s.args[i] = slot
	}
	if in.Op == ir.OpMulx || in.Op == ir.OpAddCarryx || in.Op == ir.OpSubBorrowx {
		// carries and borrows are exact only for operands of at most 64 bits
		for _, a := range in.Args {
			if t := c.f.ArgType(a); t.Bits() > 64 {
				return fmt.Errorf("operand of type %s is wider than 64 bits", t)
			}
		}
	}
	s.signedArg = c.f.ArgType(in.Args[0]).Signed()
	for i, v := range in.Results {
		if err := c.define(v); err != nil {
			return err
		}
		if i == 0 {
			s.r0, s.t0 = int32(v), c.f.TypeOf(v)
		} else {
			s.r1, s.t1 = int32(v), c.f.TypeOf(v)
		}
	}
	c.steps = append(c.steps, s)
	return nil
}
