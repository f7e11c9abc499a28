package ir

import "fmt"

// VerifyMachine checks the machine form that Lower produces and codegen consumes:
//
//   - f passes Verify; every value, parameter and result is u64 or u1;
//   - the only instructions are
//     mulx (size 64; u64 operands, at most one constant; results u64, u64),
//     addcarryx/subborrowx (size 64; carry in a u1 value or the constant 0 or 1, two u64
//     operands; results u64, u1),
//     add/sub/mul u64 with two u64 operands (mul: the low product),
//     and/or with two operands of the result's type (u64 or u1),
//     not u64 of a u64 value, shr/shl u64 of a u64 value by a constant 1..63,
//     shrd u64 (u64 lo, u64 hi, constant 1..63),
//     cmovznz u64 (a u1 or u64 value, u64 z, u64 nz),
//     cast u1→u64 (zero extension) or u64→u1 (low bit) of a value,
//     lnot u1 of a u1 or u64 value;
//   - no instruction has only constant operands; a "u64 operand" is a u64 value or a
//     constant;
//   - every instruction has a used result (the other result of a two-result
//     instruction may be unused).
func VerifyMachine(f *Func) error {
	if err := Verify(f); err != nil {
		return fmt.Errorf("machine form: %w", err)
	}
	if err := verifyMachine(f); err != nil {
		return fmt.Errorf("machine form of %s: %w", f.Name, err)
	}
	return nil
}

func verifyMachine(f *Func) error {
	for _, vi := range f.Values {
		if vi.Type != U64 && vi.Type != U1 {
			return fmt.Errorf("value %s has type %s, want u64 or u1", vi.Name, vi.Type)
		}
	}
	used := make([]bool, len(f.Values))
	for _, r := range f.Rets {
		for _, a := range r.Limbs {
			if !a.IsConst {
				used[a.Val] = true
			}
		}
	}
	for i := len(f.Body) - 1; i >= 0; i-- {
		in := &f.Body[i]
		if err := machineInstr(f, in); err != nil {
			return fmt.Errorf("instruction %d (%s %s): %w", i, in.Op, f.NameOf(in.Results[0]), err)
		}
		live := false
		for _, r := range in.Results {
			live = live || used[r]
		}
		if !live {
			return fmt.Errorf("instruction %d (%s %s): no result is used", i, in.Op, f.NameOf(in.Results[0]))
		}
		for _, a := range in.Args {
			if !a.IsConst {
				used[a.Val] = true
			}
		}
	}
	return nil
}

// operand kinds of the machine form.
func isU64(f *Func, a Arg) bool { return a.IsConst || f.TypeOf(a.Val) == U64 }
func isBit(f *Func, a Arg) bool {
	return (a.IsConst && a.Imm <= 1) || (!a.IsConst && f.TypeOf(a.Val) == U1)
}
func allConst(as []Arg) bool {
	for _, a := range as {
		if !a.IsConst {
			return false
		}
	}
	return true
}

func shiftCount(a Arg) bool { return a.IsConst && a.Imm >= 1 && a.Imm <= 63 }

func machineInstr(f *Func, in *Instr) error {
	want := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("want %s", what)
		}
		return nil
	}
	if allConst(in.Args) {
		return fmt.Errorf("all operands are constants")
	}
	a := in.Args
	switch in.Op {
	case OpMulx:
		return want(in.Size == 64 && in.Type == U64 && isU64(f, a[0]) && isU64(f, a[1]), "size 64, u64 operands")
	case OpAddCarryx, OpSubBorrowx:
		return want(in.Size == 64 && in.Type == U64 && isBit(f, a[0]) && isU64(f, a[1]) && isU64(f, a[2]),
			"size 64, a u1 carry in and u64 operands")
	case OpAdd, OpSub, OpMul:
		return want(in.Type == U64 && len(a) == 2 && isU64(f, a[0]) && isU64(f, a[1]), "u64 with two u64 operands")
	case OpAnd, OpOr:
		if in.Type == U1 {
			return want(len(a) == 2 && isBit(f, a[0]) && isBit(f, a[1]), "two u1 operands")
		}
		return want(in.Type == U64 && len(a) == 2 && isU64(f, a[0]) && isU64(f, a[1]), "u64 with two u64 operands")
	case OpNot:
		return want(in.Type == U64 && isU64(f, a[0]), "u64 of a u64 value")
	case OpShr, OpShl:
		return want(in.Type == U64 && isU64(f, a[0]) && shiftCount(a[1]), "u64 of a u64 value by 1..63")
	case OpShrd:
		return want(in.Type == U64 && isU64(f, a[0]) && isU64(f, a[1]) && shiftCount(a[2]), "u64 of u64 operands by 1..63")
	case OpCmovznz:
		return want(in.Type == U64 && !a[0].IsConst && isU64(f, a[1]) && isU64(f, a[2]),
			"u64 with a u1 or u64 condition value and u64 operands")
	case OpCast:
		return want(!a[0].IsConst && (in.Type == U64) == (f.TypeOf(a[0].Val) == U1),
			"u1→u64 or u64→u1 of a value")
	case OpLNot:
		return want(in.Type == U1 && !a[0].IsConst, "u1 of a value")
	}
	return fmt.Errorf("operation not allowed in machine form")
}
