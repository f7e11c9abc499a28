package x86

import (
	"fmt"
	"math"
	"strings"
)

// class is a set of operand shapes one operand position of a form accepts.
type class uint16

const (
	cR64   class = 1 << iota // 64-bit general-purpose register
	cR8                      // low-byte register
	cCL                      // the register cl (shift counts)
	cXMM                     // xmm register
	cM64                     // qword [base + disp]
	cM8                      // byte [base + disp]
	cAddr                    // [base + index*scale + disp] (lea)
	cImm8                    // 0..255
	cImm32                   // sign-extended 32-bit immediate
	cImm64                   // any 64-bit immediate
	cR32                     // 32-bit general-purpose register (compiler code)
	cYMM                     // ymm register (compiler code)
	cConst                   // RIP-relative constant (KindConst, compiler code)
	cImm1                    // 0 or 1 (vinserti128's half)
)

// form is one allowed operand shape list of an opcode, Intel order.
type form []class

var (
	formsALU   = []form{{cR64, cR64}, {cR64, cM64}, {cM64, cR64}, {cR64, cImm32}, {cM64, cImm32}}
	formsRM    = []form{{cR64}, {cM64}}
	formsRRM   = []form{{cR64, cR64}, {cR64, cM64}}
	formsRRRM  = []form{{cR64, cR64, cR64}, {cR64, cR64, cM64}}
	formsRRMR  = []form{{cR64, cR64, cR64}, {cR64, cM64, cR64}}
	formsShift = []form{{cR64, cImm8}, {cM64, cImm8}, {cR64, cCL}, {cM64, cCL}}
	formsDbl   = []form{{cR64, cR64, cImm8}, {cM64, cR64, cImm8}, {cR64, cR64, cCL}, {cM64, cR64, cCL}}
	// formsALU8 are the byte forms CryptOpt uses to move saved flag bits back into CF/OF
	// ("add r8b, 0x7f", "adc r8b, 0", "add byte [rsp+8], 0x7f").
	formsALU8 = []form{{cR8, cR8}, {cR8, cM8}, {cM8, cR8}, {cR8, cImm8}, {cM8, cImm8}}
	formsALUB = append(append([]form{}, formsALU...), formsALU8...)
	// formsALU32 and formsShift32 are the 32-bit forms compilers write (adc esi, 0 after a
	// shift that leaves the value below 2^32; and eax, 0xf; xor eax, eax): the result is
	// the low 32 bits, zero-extended, with the flags of the 32-bit result.
	formsALU32   = []form{{cR32, cR32}, {cR32, cImm32}}
	formsALUB32  = append(append([]form{}, formsALUB...), formsALU32...)
	formsShift32 = append(append([]form{}, formsShift...), form{cR32, cImm8})
)

// classOf is the set of classes operand o belongs to (0 if it is malformed).
func classOf(o Operand) class {
	switch o.Kind {
	case KindReg:
		switch {
		case o.Reg == CL:
			return cR8 | cCL
		case o.Reg.IsGP64():
			return cR64
		case o.Reg.IsGP8():
			return cR8
		case o.Reg.IsXMM():
			return cXMM
		case o.Reg.IsGP32():
			return cR32
		case o.Reg.IsYMM():
			return cYMM
		}
	case KindConst:
		return cConst
	case KindMem:
		return memClass(o)
	case KindImm:
		c := cImm64
		if o.Imm >= math.MinInt32 && o.Imm <= math.MaxInt32 {
			c |= cImm32
		}
		if o.Imm >= 0 && o.Imm <= 255 {
			c |= cImm8
		}
		if o.Imm == 0 || o.Imm == 1 {
			c |= cImm1
		}
		return c
	}
	return 0
}

func memClass(o Operand) class {
	if o.Base == NoReg && o.Index.IsGP64() && o.Index != RSP && o.Size == 0 {
		switch o.Scale {
		case 2, 4, 8:
			return cAddr // [index*scale + disp]: lea only
		}
		return 0
	}
	if !o.Base.IsGP64() {
		return 0
	}
	if o.Index == NoReg {
		switch o.Size {
		case 0:
			return cM64 | cM8 | cAddr
		case 1:
			return cM8
		case 8:
			return cM64
		}
		return 0
	}
	if o.Size != 0 {
		return 0
	}
	if !o.Index.IsGP64() || o.Index == RSP {
		return 0
	}
	switch o.Scale {
	case 0, 1, 2, 4, 8:
		return cAddr
	}
	return 0
}

// matchForm returns the index of the first form of in.Op that in.Args fit, or -1.
func (in Inst) matchForm() int {
	if in.Op == BAD || in.Op >= NumOpcodes {
		return -1
	}
	for i, f := range opTable[in.Op].forms {
		if len(f) != len(in.Args) {
			continue
		}
		ok := true
		for j, c := range f {
			if classOf(in.Args[j])&c == 0 {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// Validate reports whether in is one of the operand forms of the instruction table.
func (in Inst) Validate() error {
	if in.Op == BAD || in.Op >= NumOpcodes {
		return fmt.Errorf("invalid opcode %v", in.Op)
	}
	if in.Op == CMOV || in.Op == SET {
		if in.Cond > CondG {
			return fmt.Errorf("%s: invalid condition %d", in.Op, in.Cond)
		}
	} else if in.Cond != 0 {
		return fmt.Errorf("%s: condition set on an unconditional instruction", in.Op)
	}
	if hasLineBreak(in.Comment) {
		return fmt.Errorf("%s: comment contains a line break", in.Mnemonic())
	}
	if in.matchForm() < 0 {
		return fmt.Errorf("%s: invalid operands (%s); allowed: %s",
			in.Mnemonic(), describeArgs(in.Args), describeForms(opTable[in.Op].forms))
	}
	return nil
}

// hasLineBreak reports whether s holds \n or \r. Two IndexByte scans, not ContainsAny:
// every candidate of a search is validated twice, and building ContainsAny's byte set
// for each instruction's comment was a fifth of the validator's time.
func hasLineBreak(s string) bool {
	return strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// Validate checks the symbol, the header and every instruction of p.
func (p *Program) Validate() error {
	if !validSymbol(p.Symbol) {
		return fmt.Errorf("invalid function symbol %q", p.Symbol)
	}
	for i, h := range p.Header {
		if hasLineBreak(h) {
			return fmt.Errorf("header line %d contains a line break", i+1)
		}
	}
	for i, in := range p.Insts {
		if err := in.Validate(); err != nil {
			return fmt.Errorf("instruction %d: %w", i, err)
		}
	}
	return nil
}

// validSymbol accepts identifiers both GNU as and NASM take as a plain global label.
func validSymbol(s string) bool {
	if s == "" || len(s) > 200 || (s[0] >= '0' && s[0] <= '9') || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	_, isReg := lookupReg(strings.ToLower(s))
	return !isReg && !isKeyword(strings.ToLower(s))
}

// MemSize is the size in bytes of the memory operand of in: 1 for byte forms (movzx, setCC,
// byte mov), 0 for lea (an address, not an access), 8 otherwise.
func (in Inst) MemSize() int {
	switch in.Op {
	case LEA:
		return 0
	case VMOVDQU:
		return 32
	case MOVZX, SET:
		return 1
	case MOV, ADD, ADC, SUB, SBB, AND, OR, XOR, CMP:
		for _, a := range in.Args {
			if a.Kind == KindReg && a.Reg.IsGP8() || a.Kind == KindMem && a.Size == 1 {
				return 1
			}
		}
	}
	return 8
}

// Dword reports whether in operates on 32 bits: its first operand is a 32-bit register.
func (in Inst) Dword() bool {
	return len(in.Args) > 0 && in.Args[0].Kind == KindReg && in.Args[0].Reg.IsGP32()
}

// IsByteALU reports whether in is a byte-sized add, adc, sub, sbb, and, or, xor or cmp.
func (in Inst) IsByteALU() bool {
	switch in.Op {
	case ADD, ADC, SUB, SBB, AND, OR, XOR, CMP:
		return in.MemSize() == 1
	}
	return false
}

func describeArgs(args []Operand) string {
	if len(args) == 0 {
		return "none"
	}
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = describeOperand(a)
	}
	return strings.Join(s, ", ")
}

func describeOperand(o Operand) string {
	c := classOf(o)
	switch {
	case c == 0:
		return "malformed " + kindName(o.Kind)
	case c&cR64 != 0:
		return "r64"
	case c&cR8 != 0:
		return "r8"
	case c&cR32 != 0:
		return "r32"
	case c&cXMM != 0:
		return "xmm"
	case c&cYMM != 0:
		return "ymm"
	case c&cConst != 0:
		return "[rip+const]"
	case c&cM64 != 0:
		return "m"
	case c&cAddr != 0:
		return "m(indexed)"
	case c&cImm8 != 0:
		return "imm8"
	case c&cImm32 != 0:
		return "imm32"
	}
	return "imm64"
}

func kindName(k Kind) string {
	switch k {
	case KindReg:
		return "register"
	case KindMem:
		return "memory"
	case KindImm:
		return "immediate"
	}
	return "operand"
}

var classNames = []struct {
	c    class
	name string
}{{cR64, "r64"}, {cR32, "r32"}, {cR8, "r8"}, {cCL, "cl"}, {cXMM, "xmm"}, {cYMM, "ymm"}, {cConst, "[rip+const]"}, {cM64, "m64"}, {cM8, "m8"},
	{cAddr, "mem"}, {cImm1, "0|1"}, {cImm8, "imm8"}, {cImm32, "imm32"}, {cImm64, "imm64"}}

func describeForms(fs []form) string {
	var out []string
	for _, f := range fs {
		parts := make([]string, len(f))
		for i, c := range f {
			for _, cn := range classNames {
				if c&cn.c != 0 {
					parts[i] = cn.name
				}
			}
		}
		if len(parts) == 0 {
			out = append(out, "no operands")
			continue
		}
		out = append(out, strings.Join(parts, ", "))
	}
	return strings.Join(out, " | ")
}
