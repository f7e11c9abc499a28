package goemit

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// instr prints one machine-form instruction.
func instr(sb *strings.Builder, f *ir.Func, in *ir.Instr, used []bool) error {
	a := func(i int) string { return operand(in.Args[i]) }
	r := in.Results[0]
	def := func(expr string) { fmt.Fprintf(sb, "\t%s := %s // %s\n", local(r), expr, f.NameOf(r)) }
	switch in.Op {
	case ir.OpMulx:
		fmt.Fprintf(sb, "\t%s, %s := bits.Mul64(%s, %s)\n", lhs(in.Results[1], used), lhs(r, used), a(0), a(1))
	case ir.OpAddCarryx:
		fmt.Fprintf(sb, "\t%s, %s := bits.Add64(%s, %s, %s)\n", lhs(r, used), lhs(in.Results[1], used), a(1), a(2), a(0))
	case ir.OpSubBorrowx:
		fmt.Fprintf(sb, "\t%s, %s := bits.Sub64(%s, %s, %s)\n", lhs(r, used), lhs(in.Results[1], used), a(1), a(2), a(0))
	case ir.OpAdd:
		def(a(0) + " + " + a(1))
	case ir.OpSub:
		def(a(0) + " - " + a(1))
	case ir.OpMul:
		def(a(0) + " * " + a(1))
	case ir.OpAnd:
		def(a(0) + " & " + a(1))
	case ir.OpOr:
		def(a(0) + " | " + a(1))
	case ir.OpNot:
		def("^" + a(0))
	case ir.OpShr:
		def(fmt.Sprintf("%s >> %d", a(0), in.Args[1].Imm))
	case ir.OpShl:
		def(fmt.Sprintf("%s << %d", a(0), in.Args[1].Imm))
	case ir.OpShrd:
		k := in.Args[2].Imm
		def(fmt.Sprintf("(%s >> %d) | (%s << %d)", a(0), k, a(1), 64-k))
	case ir.OpCmovznz:
		// mask is all ones when the condition is nonzero: (c | -c) >> 63 is 1 iff c != 0.
		def(fmt.Sprintf("%s ^ ((%s ^ %s) & -((%s | -%s) >> 63))", a(1), a(1), a(2), a(0), a(0)))
	case ir.OpCast:
		if in.Type == ir.U1 {
			def(a(0) + " & 1")
		} else {
			def(a(0))
		}
	case ir.OpLNot:
		def(fmt.Sprintf("1 ^ ((%s | -%s) >> 63)", a(0), a(0)))
	default:
		return fmt.Errorf("unsupported operation %s", in.Op)
	}
	return nil
}
