package decode

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Error is a refusal of the code at a byte offset from the start of the function.
type Error struct {
	Off int
	Msg string
	// Incomplete marks code that ends without its ret: a truncated function (bad input)
	// rather than one whose bytes cannot be proved.
	Incomplete bool
}

func (e *Error) Error() string { return fmt.Sprintf("offset %#x: %s", e.Off, e.Msg) }

// Decoded is a function's code as the instruction model, with where each instruction was.
type Decoded struct {
	Insts []x86.Inst
	Offs  []int // byte offset of Insts[i]
	Lens  []int // encoded length of Insts[i]
	// Fields are the code offsets of the disp32 fields of the RIP-relative constants read
	// (through the ConstFunc): each must be exactly one relocation of the object.
	Fields []int
}

// Decode decodes code, the bytes of one function, into straight-line instructions that
// end with the only ret, exactly at the end of code. It refuses (with an *Error) bytes
// that do not decode, instructions or operands outside the model, any control flow other
// than that final ret, and code that falls off the end. RIP-relative loads are refused.
func Decode(code []byte) (*Decoded, error) { return DecodeConsts(code, nil) }

// DecodeConsts is Decode reading the constants of RIP-relative loads through consts.
func DecodeConsts(code []byte, consts ConstFunc) (*Decoded, error) {
	d := &Decoded{}
	off := 0
	for off < len(code) {
		in, n, err := decodeInst(code[off:], off, consts)
		if err != nil {
			return nil, &Error{Off: off, Msg: err.Error()}
		}
		if in.Op == x86.VPBROADCASTQ {
			d.Fields = append(d.Fields, off+n-4)
		}
		d.Insts = append(d.Insts, in)
		d.Offs = append(d.Offs, off)
		d.Lens = append(d.Lens, n)
		off += n
		if in.Op == x86.RET && off < len(code) {
			return nil, &Error{Off: off, Msg: fmt.Sprintf("%d byte(s) after ret inside the symbol", len(code)-off)}
		}
	}
	if len(d.Insts) == 0 || d.Insts[len(d.Insts)-1].Op != x86.RET {
		return nil, &Error{Off: len(code), Msg: "the code falls off the end of the symbol (no final ret)", Incomplete: true}
	}
	return d, nil
}

// decodeInst decodes the instruction at the start of b and its length.
func decodeInst(b []byte, off int, consts ConstFunc) (x86.Inst, int, error) {
	if len(b) >= 3 && b[0] == 0xc5 && b[1] == 0xf8 && b[2] == 0x77 {
		// x86asm takes a ModRM byte after vzeroupper's opcode (4 bytes when more follow).
		return x86.Inst{Op: x86.VZEROUPPER}, 3, nil
	}
	var raw x86asm.Inst
	op := ""
	if pd, ok := preDecode(b); ok {
		raw, op = pd.inst, pd.op
	} else {
		var err error
		if raw, err = x86asm.Decode(b, 64); err != nil || raw.Op == 0 {
			if truncated(b) || errors.Is(err, x86asm.ErrTruncated) {
				return x86.Inst{}, 0, fmt.Errorf("instruction runs past the end of the symbol (% x)", head(b))
			}
			return x86.Inst{}, 0, fmt.Errorf("bytes % x do not decode", head(b))
		}
		op = raw.Op.String()
	}
	if isControlFlow(raw, op) {
		return x86.Inst{}, 0, fmt.Errorf("control flow other than the final ret: %s", x86asm.IntelSyntax(raw, 0, nil))
	}
	if in, ok := movR32Imm(b, raw); ok {
		return in, raw.Len, nil
	}
	if in, ok, err := ripConst(b, raw, off, consts); ok {
		return in, raw.Len, err
	}
	if p, ok := extraPrefix(raw, op); ok {
		return x86.Inst{}, 0, fmt.Errorf("prefix %#02x is not in the model (% x)", uint8(p), b[:raw.Len])
	}
	in, err := convert(raw, op)
	if err != nil {
		return x86.Inst{}, 0, fmt.Errorf("%s (% x): %w", x86asm.IntelSyntax(raw, 0, nil), b[:raw.Len], err)
	}
	if err := in.Validate(); err != nil {
		return x86.Inst{}, 0, fmt.Errorf("unsupported form (% x): %w", b[:raw.Len], err)
	}
	if n := in.MemSize(); raw.MemBytes != 0 && n != 0 && raw.MemBytes != n {
		// movzx r, word [m] fits the byte form's operands: the access size tells them apart
		return x86.Inst{}, 0, fmt.Errorf("%d-byte memory operand (% x): the model's form accesses %d", raw.MemBytes, b[:raw.Len], n)
	}
	return in, raw.Len, nil
}

// truncated reports whether b is the start of an instruction longer than b (x86asm returns
// a prefix-only pseudo-instruction there rather than ErrTruncated).
func truncated(b []byte) bool {
	padded := append(append([]byte{}, b...), make([]byte, 16)...)
	in, err := x86asm.Decode(padded, 64)
	return err == nil && in.Op != 0 && in.Len > len(b)
}

// head is up to the first 8 bytes of b, for messages.
func head(b []byte) []byte { return b[:min(len(b), 8)] }

// extraPrefix finds a legacy prefix the model does not have (lock, rep, segment overrides,
// operand or address size): only REX, VEX and movq's mandatory 66 belong to it.
func extraPrefix(in x86asm.Inst, op string) (x86asm.Prefix, bool) {
	if in.Prefix[0].IsVEX() {
		return 0, false
	}
	for _, p := range in.Prefix {
		switch {
		case p == 0:
			return 0, false
		case p.IsREX() || p&x86asm.PrefixImplicit != 0:
		case op == "MOVQ" && p&0xff == x86asm.PrefixDataSize:
		default:
			return p & 0xff, true
		}
	}
	return 0, false
}

// isControlFlow reports jumps, calls, returns other than a plain ret, traps and halts.
func isControlFlow(in x86asm.Inst, op string) bool {
	switch op {
	case "RET":
		return in.Args[0] != nil // ret imm16
	case "CALL", "LCALL", "LJMP", "LRET", "IRET", "IRETD", "IRETQ", "SYSCALL", "SYSENTER",
		"SYSEXIT", "SYSRET", "INT", "INTO", "UD0", "UD1", "UD2", "HLT", "LOOP", "LOOPE", "LOOPNE":
		return true
	}
	return strings.HasPrefix(op, "J")
}

// movR32Imm decodes "mov r32, imm32" (B8+r id, REX.B alone for r8d–r15d) as the model's
// "mov r64, imm" with the zero-extended constant: the same effect, and the form NASM (and
// compilers) choose for "mov r64, imm" with a constant below 2^32.
func movR32Imm(b []byte, raw x86asm.Inst) (x86.Inst, bool) {
	r, isReg := raw.Args[0].(x86asm.Reg)
	imm, isImm := raw.Args[1].(x86asm.Imm)
	if raw.Op != x86asm.MOV || !isReg || !isImm || r < x86asm.EAX || r > x86asm.R15L {
		return x86.Inst{}, false
	}
	short := raw.Len == 5 && b[0]&0xf8 == 0xb8
	rex := raw.Len == 6 && b[0] == 0x41 && b[1]&0xf8 == 0xb8
	if !short && !rex {
		return x86.Inst{}, false
	}
	dst := x86.RAX + x86.Reg(r-x86asm.EAX)
	return x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.R(dst), x86.I(int64(uint32(imm)))}}, true
}
