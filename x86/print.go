package x86

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// syntax selects the printed dialect.
type syntax uint8

const (
	gnu syntax = iota
	nasm
)

// String is the Intel text of one instruction, GNU flavour, without its comment.
func (in Inst) String() string {
	var b []byte
	return string(appendInst(b, in, gnu))
}

// PrintGNU prints p for the GNU assembler in Intel syntax (a .S/.s file).
func PrintGNU(p *Program) []byte {
	var b bytes.Buffer
	for _, h := range p.Header {
		b.WriteString("# " + h + "\n")
	}
	b.WriteString("\t.intel_syntax noprefix\n\t.text\n")
	b.WriteString("\t.globl " + p.Symbol + "\n\t.type " + p.Symbol + ",@function\n")
	b.WriteString(p.Symbol + ":\n")
	line := make([]byte, 0, 96)
	for _, in := range p.Insts {
		line = append(line[:0], '\t')
		line = appendInst(line, in, gnu)
		if in.Comment != "" {
			line = append(line, "\t# "...)
			line = append(line, in.Comment...)
		}
		b.Write(append(line, '\n'))
	}
	b.WriteString("\t.size " + p.Symbol + ", .-" + p.Symbol + "\n")
	b.WriteString("\t.section .note.GNU-stack,\"\",@progbits\n")
	return b.Bytes()
}

// PrintNASM prints p in NASM syntax, in the layout of CryptOpt's published .asm files.
func PrintNASM(p *Program) []byte {
	var b bytes.Buffer
	for _, h := range p.Header {
		b.WriteString("; " + h + "\n")
	}
	b.WriteString("SECTION .text\n\tGLOBAL " + p.Symbol + "\n" + p.Symbol + ":\n")
	line := make([]byte, 0, 96)
	for _, in := range p.Insts {
		line = appendInst(line[:0], in, nasm)
		if in.Comment != "" {
			line = append(line, " ; "...)
			line = append(line, in.Comment...)
		}
		b.Write(append(line, '\n'))
	}
	return b.Bytes()
}

func appendInst(b []byte, in Inst, sx syntax) []byte {
	b = append(b, in.Mnemonic()...)
	sized := sx == gnu || needsSize(in)
	for i, a := range in.Args {
		if i == 0 {
			b = append(b, ' ')
		} else {
			b = append(b, ", "...)
		}
		b = appendOperand(b, in, a, sx, sized)
	}
	return b
}

// needsSize reports whether NASM needs a size keyword on the memory operand of in: only
// when no register operand implies the size (imm and cl operands do not).
func needsSize(in Inst) bool {
	if in.Op == MOVZX {
		return true
	}
	for i, a := range in.Args {
		isCount := i == len(in.Args)-1 && (in.Op == SHL || in.Op == SHR || in.Op == SAR || in.Op == ROR)
		if a.Kind == KindReg && !isCount {
			return false
		}
	}
	return true
}

func appendOperand(b []byte, in Inst, o Operand, sx syntax, sized bool) []byte {
	switch o.Kind {
	case KindReg:
		return append(b, o.Reg.String()...)
	case KindImm:
		return appendImm(b, in, o.Imm)
	case KindConst:
		// Objects only: the displacement before linking is 0; the constant is what the
		// relocated address reads (printed in a comment-like suffix for messages).
		b = append(b, "qword "...)
		if sx == gnu {
			b = append(b, "ptr "...)
		}
		b = append(b, "[rip + 0] /* = 0x"...)
		b = strconv.AppendUint(b, uint64(o.Imm), 16)
		return append(b, " */"...)
	case KindMem:
		if sized {
			switch in.MemSize() {
			case 1:
				b = append(b, "byte "...)
			case 8:
				b = append(b, "qword "...)
			case 32:
				b = append(b, "ymmword "...)
			}
			if sx == gnu && in.MemSize() != 0 {
				b = append(b, "ptr "...)
			}
		}
		return appendAddr(b, o, sx)
	}
	return append(b, "?"...)
}

// appendImm prints immediates in hex; a 64-bit mov constant that does not fit a sign-extended
// imm32 is printed unsigned, the way it reads in field code (0xffffffff00000001).
func appendImm(b []byte, in Inst, v int64) []byte {
	if in.Op == MOV && v < math.MinInt32 {
		b = append(b, "0x"...)
		return strconv.AppendUint(b, uint64(v), 16)
	}
	if v < 0 {
		b = append(b, "-0x"...)
		return strconv.AppendUint(b, uint64(-v), 16) // -MinInt64 wraps to its own magnitude
	}
	b = append(b, "0x"...)
	return strconv.AppendUint(b, uint64(v), 16)
}

func appendAddr(b []byte, o Operand, sx syntax) []byte {
	sp := ""
	if sx == nasm {
		sp = " "
	}
	b = append(b, '[')
	b = append(b, sp...)
	if o.Base != NoReg {
		b = append(b, o.Base.String()...)
	} else if sx == nasm {
		b = append(b, "nosplit "...) // else NASM encodes [r*2] as [r + r*1], unlike GNU as
	}
	if o.Index != NoReg {
		if o.Base != NoReg {
			b = append(b, " + "...)
		}
		b = append(b, o.Index.String()...)
		if o.Scale > 1 {
			b = append(b, '*')
			b = strconv.AppendUint(b, uint64(o.Scale), 10)
		}
	}
	if o.Disp > 0 {
		b = append(b, " + 0x"...)
		b = strconv.AppendUint(b, uint64(o.Disp), 16)
	} else if o.Disp < 0 {
		b = append(b, " - 0x"...)
		b = strconv.AppendUint(b, uint64(-int64(o.Disp)), 16)
	}
	b = append(b, sp...)
	return append(b, ']')
}

// headerText strips the comment marker and one space, the inverse of the printers.
func headerText(comment string) string {
	return strings.TrimPrefix(comment, " ")
}
