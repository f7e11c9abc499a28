package cemit

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func define(sb *strings.Builder, f *ir.Func, v ir.Value, expr string) {
	t := f.TypeOf(v)
	fmt.Fprintf(sb, "  %s %s = %s; /* %s */\n", cType(t), local(v), convert(expr, t), f.NameOf(v))
}

// instr prints one instruction as C definitions of its results.
func instr(sb *strings.Builder, f *ir.Func, in *ir.Instr) error {
	w := func(i int) string { return wide(f, in.Args[i]) }
	r := in.Results[0]
	switch in.Op {
	case ir.OpAssign, ir.OpCast:
		define(sb, f, r, w(0))
	case ir.OpMulx, ir.OpAddCarryx, ir.OpSubBorrowx:
		carryOp(sb, f, in, w)
	case ir.OpCmovznz:
		cmovznz(sb, f, in, w)
	case ir.OpAdd, ir.OpMul, ir.OpAnd, ir.OpOr:
		sym := map[ir.Op]string{ir.OpAdd: " + ", ir.OpMul: " * ", ir.OpAnd: " & ", ir.OpOr: " | "}[in.Op]
		parts := make([]string, len(in.Args))
		for i := range in.Args {
			parts[i] = w(i)
		}
		define(sb, f, r, strings.Join(parts, sym))
	case ir.OpSub:
		define(sb, f, r, w(0)+" - "+w(1))
	case ir.OpNot:
		define(sb, f, r, "~"+w(0))
	case ir.OpLNot:
		define(sb, f, r, "(unsigned __int128)("+w(0)+" == 0)")
	case ir.OpShr, ir.OpShl:
		return shift(sb, f, in)
	case ir.OpShrd:
		define(sb, f, r, fmt.Sprintf("((((unsigned __int128)(uint64_t)%s << 64) | (uint64_t)%s) >> %d)",
			operand(f, in.Args[1]), operand(f, in.Args[0]), in.Args[2].Imm))
	default:
		return fmt.Errorf("unsupported operation %s", in.Op)
	}
	return nil
}

// carryOp prints mulx/addcarryx/subborrowx of size s (operands of at most 64 bits, as
// Verify guarantees, so the 128-bit intermediate is exact).
func carryOp(sb *strings.Builder, f *ir.Func, in *ir.Instr, w func(int) string) {
	t := fmt.Sprintf("t%d", in.Results[0])
	m := mask(in.Size)
	switch in.Op {
	case ir.OpMulx:
		fmt.Fprintf(sb, "  unsigned __int128 %s = (%s & %s) * (%s & %s);\n", t, w(0), m, w(1), m)
		define(sb, f, in.Results[0], t+" & "+m)
		define(sb, f, in.Results[1], fmt.Sprintf("%s >> %d", t, in.Size))
	case ir.OpAddCarryx:
		fmt.Fprintf(sb, "  unsigned __int128 %s = %s + %s + %s;\n", t, w(0), w(1), w(2))
		define(sb, f, in.Results[0], t+" & "+m)
		define(sb, f, in.Results[1], fmt.Sprintf("%s >> %d", t, in.Size))
	default:
		fmt.Fprintf(sb, "  unsigned __int128 %s = %s - %s - %s;\n", t, w(1), w(2), w(0))
		define(sb, f, in.Results[0], t+" & "+m)
		define(sb, f, in.Results[1], t+" >> 127")
	}
}

// shift prints >> (arithmetic for signed operands) and <<; counts of 128 or more give
// what the IR's unbounded shift gives.
func shift(sb *strings.Builder, f *ir.Func, in *ir.Instr) error {
	k := in.Args[1].Imm
	a := in.Args[0]
	signed := !a.IsConst && f.TypeOf(a.Val).Signed()
	var expr string
	switch {
	case in.Op == ir.OpShl && k >= 128:
		expr = "0"
	case in.Op == ir.OpShl:
		expr = fmt.Sprintf("%s << %d", wide(f, a), k)
	case signed:
		expr = fmt.Sprintf("(unsigned __int128)((__int128)%s >> %d)", operand(f, a), min(k, 127))
	case k >= 128:
		expr = "0"
	default:
		expr = fmt.Sprintf("%s >> %d", wide(f, a), k)
	}
	define(sb, f, in.Results[0], expr)
	return nil
}

// cmovznz prints the select as Fiat does, with an all-ones-or-zero mask that an empty asm
// statement hides from the optimiser: written as "c == 0 ? a : b", gcc -O3 compiles the
// final reduction of Montgomery and Solinas functions to a branch on the borrow (secret
// data, and control flow the object checker refuses); with the mask both gcc and clang
// emit straight-line and/andn/or. Results wider than 64 bits keep the conditional.
func cmovznz(sb *strings.Builder, f *ir.Func, in *ir.Instr, w func(int) string) {
	r := in.Results[0]
	if f.TypeOf(r).Bits() > 64 {
		define(sb, f, r, fmt.Sprintf("(%s == 0 ? %s : %s)", w(0), w(1), w(2)))
		return
	}
	m := fmt.Sprintf("m%d", r)
	fmt.Fprintf(sb, "  uint64_t %s = (uint64_t)0 - (uint64_t)(%s != 0);\n", m, w(0))
	fmt.Fprintf(sb, "  __asm__(\"\" : \"+r\"(%s)); /* value barrier */\n", m)
	define(sb, f, r, fmt.Sprintf("(unsigned __int128)((%s & (uint64_t)%s) | (~%s & (uint64_t)%s))", m, w(2), m, w(1)))
}
