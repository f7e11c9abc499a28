package cemit

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Emit prints f as a C function called symbol with the project ABI: result arrays
// first, then the arguments, e.g. void symbol(uint64_t *out1, const uint64_t *arg1,
// const uint64_t *arg2). A scalar argument is passed by value as uint64_t, a scalar
// result through a one-limb pointer. All inputs are read into locals before anything is
// stored, so out1 may alias arg1. Every operation is computed on unsigned __int128 and
// converted to its result type, which is exactly the IR's "mathematical result reduced
// to the type" semantics (gcc and clang convert to signed types modulo 2^n).
func Emit(f *ir.Func, symbol string) ([]byte, error) {
	if !cIdent.MatchString(symbol) {
		return nil, fmt.Errorf("cemit: symbol %q is not a C identifier", symbol)
	}
	if err := ir.Verify(f); err != nil {
		return nil, fmt.Errorf("cemit: %w", err)
	}
	for _, p := range f.Params {
		if !cIdent.MatchString(p.Name) {
			return nil, fmt.Errorf("cemit: %s: argument name %q is not a C identifier", f.Name, p.Name)
		}
	}
	for _, r := range f.Rets {
		if !cIdent.MatchString(r.Name) {
			return nil, fmt.Errorf("cemit: %s: result name %q is not a C identifier", f.Name, r.Name)
		}
	}
	var sb strings.Builder
	sb.WriteString("#include <stdint.h>\n\n")
	sb.WriteString(Prototype(f, symbol))
	sb.WriteString(" {\n")
	for _, p := range f.Params {
		for j, v := range p.Limbs {
			src := fmt.Sprintf("%s[%d]", p.Name, j)
			if p.Scalar {
				src = p.Name
			}
			fmt.Fprintf(&sb, "  %s %s = (%s)%s; /* %s */\n", cType(p.Type), local(v), cType(p.Type), src, f.NameOf(v))
		}
	}
	for i := range f.Body {
		if err := instr(&sb, f, &f.Body[i]); err != nil {
			return nil, fmt.Errorf("cemit: %s: instruction %d: %w", f.Name, i, err)
		}
	}
	for _, r := range f.Rets {
		for j, a := range r.Limbs {
			fmt.Fprintf(&sb, "  %s[%d] = (uint64_t)%s;\n", r.Name, j, operand(f, a))
		}
	}
	sb.WriteString("}\n")
	return []byte(sb.String()), nil
}

// Prototype is the C declaration of Emit's function, without a semicolon.
func Prototype(f *ir.Func, symbol string) string {
	var ps []string
	for _, r := range f.Rets {
		ps = append(ps, "uint64_t *"+r.Name)
	}
	for _, p := range f.Params {
		if p.Scalar {
			ps = append(ps, "uint64_t "+p.Name)
		} else {
			ps = append(ps, "const uint64_t *"+p.Name)
		}
	}
	return fmt.Sprintf("void %s(%s)", symbol, strings.Join(ps, ", "))
}

// cIdent matches C identifiers.
var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func local(v ir.Value) string { return fmt.Sprintf("v%d", v) }

func cType(t ir.Type) string {
	switch t {
	case ir.U1, ir.U8:
		return "uint8_t"
	case ir.U32:
		return "uint32_t"
	case ir.U64:
		return "uint64_t"
	case ir.U128:
		return "unsigned __int128"
	case ir.I1:
		return "int8_t"
	case ir.I64:
		return "int64_t"
	}
	return "__int128"
}

// wide is an operand as its value modulo 2^128.
func wide(f *ir.Func, a ir.Arg) string {
	return "((unsigned __int128)" + operand(f, a) + ")"
}

func operand(f *ir.Func, a ir.Arg) string {
	if a.IsConst {
		return fmt.Sprintf("UINT64_C(%#x)", a.Imm)
	}
	return local(a.Val)
}

// convert reduces a 128-bit expression to type t.
func convert(expr string, t ir.Type) string {
	switch t {
	case ir.U1:
		return "(uint8_t)((" + expr + ") & 1)"
	case ir.I1:
		return "(int8_t)(-(int8_t)((" + expr + ") & 1))"
	}
	return "(" + cType(t) + ")(" + expr + ")"
}

func mask(bits int) string {
	if bits >= 128 {
		return "(~(unsigned __int128)0)"
	}
	return fmt.Sprintf("((((unsigned __int128)1) << %d) - 1)", bits)
}
