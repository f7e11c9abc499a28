package ir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// textOp is the mnemonic of an op in the text form.
var textOps = [...]string{"invalid", "assign", "cast", "mulx", "addcarryx", "subborrowx",
	"cmovznz", "mul", "add", "sub", "and", "or", "shr", "shl", "not", "lnot", "shrd"}

// Text renders f as readable SSA: a header with the parameters, results and their
// bounds, one line per instruction such as "x5, x6 = mulx64 x4, arg1[3]" or
// "x19 = add.u64 x18, x6", and the result limbs. Values whose names are not unique are
// shown as name#index.
func (f *Func) Text() string {
	var sb strings.Builder
	names := f.uniqueNames()
	fmt.Fprintf(&sb, "func %s\n", f.Name)
	for _, p := range f.Params {
		fmt.Fprintf(&sb, "  param %s %s%s lower %s upper %s\n", p.Name, p.Type, shapeText(p.Scalar, len(p.Limbs)), hexList(p.Lower), hexList(p.Upper))
	}
	for _, r := range f.Rets {
		fmt.Fprintf(&sb, "  result %s %s%s lower %s upper %s\n", r.Name, r.Type, shapeText(r.Scalar, len(r.Limbs)), hexList(r.Lower), hexList(r.Upper))
	}
	arg := func(a Arg) string {
		if a.IsConst {
			return fmt.Sprintf("%#x", a.Imm)
		}
		if a.Val < 0 || int(a.Val) >= len(names) {
			return fmt.Sprintf("?%d", a.Val)
		}
		return names[a.Val]
	}
	for _, in := range f.Body {
		var rs, as []string
		for _, v := range in.Results {
			if v < 0 || int(v) >= len(names) {
				rs = append(rs, fmt.Sprintf("?%d", v))
				continue
			}
			rs = append(rs, names[v])
		}
		for _, a := range in.Args {
			as = append(as, arg(a))
		}
		fmt.Fprintf(&sb, "  %s = %s %s\n", strings.Join(rs, ", "), f.mnemonic(&in), strings.Join(as, ", "))
	}
	for _, r := range f.Rets {
		var ls []string
		for _, a := range r.Limbs {
			ls = append(ls, arg(a))
		}
		fmt.Fprintf(&sb, "  return %s = [%s]\n", r.Name, strings.Join(ls, ", "))
	}
	return sb.String()
}

// mnemonic is "mulx64" for the sized ops with their usual result types (the types
// appended otherwise, e.g. "addcarryx51.u64") and "add.u64" for the others.
func (f *Func) mnemonic(in *Instr) string {
	name := "op?"
	if int(in.Op) < len(textOps) {
		name = textOps[in.Op]
	}
	if in.Op.NumResults() == 2 {
		name = fmt.Sprintf("%s%d", name, in.Size)
		if in.Type != typeForSize(in.Size) {
			name += "." + in.Type.String()
		}
		return name
	}
	return name + "." + in.Type.String()
}

func shapeText(scalar bool, n int) string {
	if scalar {
		return ""
	}
	return fmt.Sprintf("[%d]", n)
}

func hexList(xs []uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%#x", x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// uniqueNames gives every value a distinct printable name.
func (f *Func) uniqueNames() []string {
	count := make(map[string]int, len(f.Values))
	for _, vi := range f.Values {
		count[vi.Name]++
	}
	names := make([]string, len(f.Values))
	for i, vi := range f.Values {
		names[i] = vi.Name
		if count[vi.Name] > 1 || vi.Name == "" {
			names[i] = fmt.Sprintf("%s#%d", vi.Name, i)
		}
	}
	return names
}

// Hash is the SHA-256 (hex) of a canonical serialization of f: the text form, which
// spells out every name, type, bound, instruction and result.
func (f *Func) Hash() string {
	sum := sha256.Sum256([]byte("rules_cryptopt ir v1\n" + f.Text()))
	return hex.EncodeToString(sum[:])
}
