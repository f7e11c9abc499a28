package ir

import "fmt"

// Arity is the allowed operand count of op: min and max (-1: unbounded).
func Arity(op Op) (int, int) {
	switch op {
	case OpAssign, OpCast, OpNot, OpLNot:
		return 1, 1
	case OpSub, OpShr, OpShl, OpMulx:
		return 2, 2
	case OpAddCarryx, OpSubBorrowx, OpCmovznz, OpShrd:
		return 3, 3
	case OpAdd, OpMul, OpAnd, OpOr:
		return 2, -1
	}
	return -1, -1
}

// Verify checks that f is well formed: every value has a valid type and is defined
// exactly once (by a parameter or an instruction) before it is used; every instruction
// has a known op, the op's arity and result count, result types consistent with the op
// (carries and borrows u1); parameters and results have consistent limbs and bounds.
func Verify(f *Func) error {
	if err := verify(f); err != nil {
		return fmt.Errorf("verify %s: %w", f.Name, err)
	}
	return nil
}

func verify(f *Func) error {
	for _, vi := range f.Values {
		if vi.Type.Bits() == 0 {
			return fmt.Errorf("value %s has invalid type %s", vi.Name, vi.Type)
		}
	}
	defined := make([]bool, len(f.Values))
	define := func(v Value) error {
		if v < 0 || int(v) >= len(f.Values) {
			return fmt.Errorf("value %d out of range", v)
		}
		if defined[v] {
			return fmt.Errorf("value %s defined twice", f.NameOf(v))
		}
		defined[v] = true
		return nil
	}
	use := func(a Arg) error {
		if a.IsConst {
			return nil
		}
		if a.Val < 0 || int(a.Val) >= len(f.Values) {
			return fmt.Errorf("operand value %d out of range", a.Val)
		}
		if !defined[a.Val] {
			return fmt.Errorf("value %s used before it is defined", f.NameOf(a.Val))
		}
		return nil
	}
	for _, p := range f.Params {
		if err := verifyParam(f, &p, define); err != nil {
			return fmt.Errorf("parameter %s: %w", p.Name, err)
		}
	}
	for i := range f.Body {
		in := &f.Body[i]
		for _, a := range in.Args {
			if err := use(a); err != nil {
				return fmt.Errorf("instruction %d (%s): %w", i, in.Op, err)
			}
		}
		for _, v := range in.Results {
			if err := define(v); err != nil {
				return fmt.Errorf("instruction %d (%s): %w", i, in.Op, err)
			}
		}
		if err := verifyInstr(f, in); err != nil {
			return fmt.Errorf("instruction %d (%s): %w", i, in.Op, err)
		}
	}
	for _, r := range f.Rets {
		if err := verifyResult(f, &r, use); err != nil {
			return fmt.Errorf("result %s: %w", r.Name, err)
		}
	}
	return nil
}

func verifyShape(t Type, scalar bool, n int, lower, upper []uint64) error {
	if b := t.Bits(); b == 0 || b > 64 {
		return fmt.Errorf("unsupported type %s", t)
	}
	if scalar && n != 1 {
		return fmt.Errorf("scalar with %d limbs", n)
	}
	if n == 0 {
		return fmt.Errorf("no limbs")
	}
	if len(lower) != len(upper) || (len(upper) != 0 && len(upper) != n) {
		return fmt.Errorf("%d lower and %d upper bounds for %d limbs", len(lower), len(upper), n)
	}
	for j := range upper {
		if lower[j] > upper[j] {
			return fmt.Errorf("limb %d: lower bound %#x above upper bound %#x", j, lower[j], upper[j])
		}
		if b := t.Bits(); b < 64 && !t.Signed() && upper[j]>>b != 0 {
			return fmt.Errorf("limb %d: upper bound %#x does not fit %s", j, upper[j], t)
		}
	}
	return nil
}

func verifyParam(f *Func, p *Param, define func(Value) error) error {
	if err := verifyShape(p.Type, p.Scalar, len(p.Limbs), p.Lower, p.Upper); err != nil {
		return err
	}
	for _, v := range p.Limbs {
		if err := define(v); err != nil {
			return err
		}
		if f.TypeOf(v) != p.Type {
			return fmt.Errorf("limb %s has type %s, want %s", f.NameOf(v), f.TypeOf(v), p.Type)
		}
	}
	return nil
}

func verifyResult(f *Func, r *Result, use func(Arg) error) error {
	if err := verifyShape(r.Type, r.Scalar, len(r.Limbs), r.Lower, r.Upper); err != nil {
		return err
	}
	for j, a := range r.Limbs {
		if err := use(a); err != nil {
			return fmt.Errorf("limb %d: %w", j, err)
		}
		if a.IsConst {
			if b := r.Type.Bits(); b < 64 && a.Imm>>b != 0 {
				return fmt.Errorf("limb %d: constant %#x does not fit %s", j, a.Imm, r.Type)
			}
		} else if t := f.TypeOf(a.Val); t != r.Type {
			return fmt.Errorf("limb %d: value %s has type %s, want %s", j, f.NameOf(a.Val), t, r.Type)
		}
	}
	return nil
}

// CheckArity reports an instruction whose operation is unknown or whose operand or result
// count does not fit its operation (the verifier and the interpreter's compiler share it).
func CheckArity(in *Instr) error {
	lo, hi := Arity(in.Op)
	if lo < 0 {
		return fmt.Errorf("unknown operation")
	}
	if len(in.Args) < lo || (hi >= 0 && len(in.Args) > hi) {
		return fmt.Errorf("%d operands", len(in.Args))
	}
	if len(in.Results) != in.Op.NumResults() {
		return fmt.Errorf("%d results, want %d", len(in.Results), in.Op.NumResults())
	}
	return nil
}

func verifyInstr(f *Func, in *Instr) error {
	if err := CheckArity(in); err != nil {
		return err
	}
	if t := f.TypeOf(in.Results[0]); t != in.Type {
		return fmt.Errorf("instruction type %s but result type %s", in.Type, t)
	}
	switch in.Op {
	case OpMulx, OpAddCarryx, OpSubBorrowx:
		return verifyCarryOp(f, in)
	case OpShr, OpShl:
		if !in.Args[1].IsConst {
			return fmt.Errorf("shift count is not a constant")
		}
	case OpShrd:
		if k := in.Args[2]; !k.IsConst || k.Imm < 1 || k.Imm > 63 {
			return fmt.Errorf("shrd count must be a constant in 1..63")
		}
		for _, a := range in.Args[:2] {
			if f.ArgType(a) != U64 {
				return fmt.Errorf("shrd operand of type %s, want u64", f.ArgType(a))
			}
		}
		if in.Type != U64 {
			return fmt.Errorf("shrd of type %s, want u64", in.Type)
		}
	}
	if in.Size != 0 {
		return fmt.Errorf("size %d on an operation without size", in.Size)
	}
	return nil
}

// verifyCarryOp checks mulx, addcarryx and subborrowx: a size in 1..64, operands of at
// most 64 bits, a u1 (or constant 0/1) carry in, and result types that hold size bits.
func verifyCarryOp(f *Func, in *Instr) error {
	if in.Size < 1 || in.Size > 64 {
		return fmt.Errorf("size %d not in 1..64", in.Size)
	}
	for _, a := range in.Args {
		if t := f.ArgType(a); t.Bits() > 64 || t.Signed() {
			return fmt.Errorf("operand of type %s, want unsigned of at most 64 bits", t)
		}
	}
	if in.Type.Signed() || in.Type.Bits() < in.Size {
		return fmt.Errorf("result type %s cannot hold %d bits", in.Type, in.Size)
	}
	second := f.TypeOf(in.Results[1])
	if in.Op == OpMulx {
		if second != in.Type {
			return fmt.Errorf("mulx high half of type %s, want %s", second, in.Type)
		}
		return nil
	}
	if second != U1 {
		return fmt.Errorf("carry out of type %s, want u1", second)
	}
	if c := in.Args[0]; (c.IsConst && c.Imm > 1) || (!c.IsConst && f.TypeOf(c.Val) != U1) {
		return fmt.Errorf("carry in must be u1 or the constant 0 or 1")
	}
	return nil
}
