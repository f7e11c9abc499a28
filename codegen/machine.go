package codegen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// checkMachine checks that f is in the machine form codegen consumes (see ir.Lower): the
// ABI shape (out1 plus one or two u64 arrays), u64/u1 values, and only the instruction
// shapes selected below. Anything else is rejected rather than miscompiled.
func checkMachine(f *ir.Func) error {
	if len(f.Params) < 1 || len(f.Params) > 2 {
		return fmt.Errorf("%d parameters, want 1 or 2 arrays", len(f.Params))
	}
	if len(f.Rets) != 1 || f.Rets[0].Type != ir.U64 || len(f.Rets[0].Limbs) == 0 {
		return errors.New("want exactly one u64 result array")
	}
	defined := make([]bool, len(f.Values))
	for _, p := range f.Params {
		if p.Type != ir.U64 || len(p.Limbs) == 0 {
			return fmt.Errorf("parameter %s: want a u64 array", p.Name)
		}
		for _, v := range p.Limbs {
			if int(v) >= len(f.Values) || f.TypeOf(v) != ir.U64 {
				return fmt.Errorf("parameter %s: limb is not a u64 value", p.Name)
			}
			defined[v] = true
		}
	}
	for j := range f.Body {
		if err := checkInstr(f, &f.Body[j], defined); err != nil {
			return fmt.Errorf("instruction %d (%s): %w", j, f.Body[j].Op, err)
		}
	}
	for i, a := range f.Rets[0].Limbs {
		if !a.IsConst && (int(a.Val) >= len(f.Values) || !defined[a.Val] || f.TypeOf(a.Val) != ir.U64) {
			return fmt.Errorf("result limb %d is not a defined u64 value", i)
		}
	}
	return nil
}

// shape gives, per operation, the argument count and the allowed kinds of each argument:
// 'w' u64 value or constant, 'W' u64 value, 'c' u1 value or constant 0/1, 'b' u1 value,
// 'k' shift constant 1..63, 'x' u64 or u1 value, 'y' u64 or u1 value or constant.
var shape = map[ir.Op]string{
	ir.OpMulx: "ww", ir.OpAddCarryx: "cww", ir.OpSubBorrowx: "cww",
	ir.OpAdd: "ww", ir.OpSub: "ww", ir.OpMul: "ww", ir.OpAnd: "yy", ir.OpOr: "yy",
	ir.OpNot: "W", ir.OpShr: "Wk", ir.OpShl: "Wk", ir.OpShrd: "wwk", ir.OpCmovznz: "xww",
	ir.OpCast: "x", ir.OpLNot: "b",
}

func checkInstr(f *ir.Func, in *ir.Instr, defined []bool) error {
	sh, ok := shape[in.Op]
	if !ok {
		return errors.New("operation not in machine form")
	}
	if len(in.Args) != len(sh) || len(in.Results) != in.Op.NumResults() {
		return errors.New("wrong number of arguments or results")
	}
	if (in.Op == ir.OpMulx || in.Op == ir.OpAddCarryx || in.Op == ir.OpSubBorrowx) && in.Size != 64 {
		return fmt.Errorf("size %d, want 64", in.Size)
	}
	allConst := true
	for i, a := range in.Args {
		if !a.IsConst {
			if int(a.Val) >= len(f.Values) || !defined[a.Val] {
				return fmt.Errorf("argument %d used before definition", i)
			}
			allConst = false
		}
		if err := checkArg(f, a, sh[i]); err != nil {
			return fmt.Errorf("argument %d: %w", i, err)
		}
	}
	if allConst {
		return errors.New("all arguments constant")
	}
	if err := checkResults(f, in); err != nil {
		return err
	}
	for _, r := range in.Results {
		if int(r) >= len(f.Values) || defined[r] {
			return errors.New("result redefined or out of range")
		}
		defined[r] = true
	}
	return nil
}

func checkArg(f *ir.Func, a ir.Arg, kind byte) error {
	if a.IsConst {
		if kind == 'w' || kind == 'y' || kind == 'c' && a.Imm <= 1 || kind == 'k' && a.Imm >= 1 && a.Imm <= 63 {
			return nil
		}
		return fmt.Errorf("constant %#x not allowed here", a.Imm)
	}
	t := f.TypeOf(a.Val)
	if t == ir.U64 && strings.IndexByte("wWxy", kind) >= 0 || t == ir.U1 && strings.IndexByte("cbxy", kind) >= 0 {
		return nil
	}
	return fmt.Errorf("value of type %s not allowed here", t)
}

func checkResults(f *ir.Func, in *ir.Instr) error {
	want, u1Arg := []ir.Type{ir.U64}, !in.Args[0].IsConst && f.TypeOf(in.Args[0].Val) == ir.U1
	switch {
	case in.Op == ir.OpMulx:
		want = []ir.Type{ir.U64, ir.U64}
	case in.Op == ir.OpAddCarryx || in.Op == ir.OpSubBorrowx:
		want = []ir.Type{ir.U64, ir.U1}
	case in.Op == ir.OpLNot, (in.Op == ir.OpAnd || in.Op == ir.OpOr) && u1Arg, in.Op == ir.OpCast && !u1Arg:
		want = []ir.Type{ir.U1}
	}
	for i, r := range in.Results {
		if int(r) >= len(f.Values) || f.TypeOf(r) != want[i] {
			return fmt.Errorf("result %d: want type %s", i, want[i])
		}
	}
	if in.Op == ir.OpAnd || in.Op == ir.OpOr {
		for _, a := range in.Args {
			if a.IsConst && want[0] == ir.U1 && a.Imm > 1 {
				return errors.New("u1 operation with a constant above 1")
			}
			if !a.IsConst && f.TypeOf(a.Val) != want[0] {
				return errors.New("mixed u1/u64 operands")
			}
		}
	}
	return nil
}
