package x86

import (
	"fmt"
	"slices"
)

// Reg is a register. 0–15 are the 64-bit general-purpose registers in encoding order,
// 16–31 their low-byte forms (same order), 32–47 xmm0–xmm15, 48–63 the 32-bit forms of
// the general-purpose registers (same order), 64–79 ymm0–ymm15 (the 256-bit registers
// whose low halves are the xmm registers; compiler code only). NoReg marks an absent
// register.
type Reg uint8

// The 64-bit general-purpose registers in hardware encoding order.
const (
	RAX Reg = iota
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
)

// The low-byte registers (same order as the 64-bit ones).
const (
	AL Reg = iota + 16
	CL
	DL
	BL
	SPL
	BPL
	SIL
	DIL
	R8B
	R9B
	R10B
	R11B
	R12B
	R13B
	R14B
	R15B
)

// XMM0 is the first xmm register; XMM0+i is xmm<i>.
const XMM0 Reg = 32

// The 32-bit registers (same order as the 64-bit ones). Compilers write them; a write
// zeroes the upper 32 bits of the 64-bit register.
const (
	EAX Reg = iota + 48
	ECX
	EDX
	EBX
	ESP
	EBP
	ESI
	EDI
	R8D
	R9D
	R10D
	R11D
	R12D
	R13D
	R14D
	R15D
)

// YMM0 is the first ymm register; YMM0+i is ymm<i>, whose low 128 bits are xmm<i>.
const YMM0 Reg = 64

// NoReg is the absent register (e.g. no index in a memory operand).
const NoReg Reg = 255

var gp64Names = [16]string{"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}
var gp8Names = [16]string{"al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil",
	"r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"}
var gp32Names = [16]string{"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
	"r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"}

// IsGP64 reports whether r is a 64-bit general-purpose register.
func (r Reg) IsGP64() bool { return r < 16 }

// IsGP8 reports whether r is a low-byte register.
func (r Reg) IsGP8() bool { return r >= 16 && r < 32 }

// IsXMM reports whether r is an xmm register.
func (r Reg) IsXMM() bool { return r >= 32 && r < 48 }

// IsGP32 reports whether r is a 32-bit general-purpose register.
func (r Reg) IsGP32() bool { return r >= 48 && r < 64 }

// IsYMM reports whether r is a ymm register.
func (r Reg) IsYMM() bool { return r >= 64 && r < 80 }

// Num is the hardware number of r (0–15) within its class.
func (r Reg) Num() int { return int(r) & 15 }

// Byte is the low-byte form of a 64-bit register.
func (r Reg) Byte() Reg { return Reg(r.Num()) + 16 }

// Dword is the 32-bit form of a 64-bit register.
func (r Reg) Dword() Reg { return Reg(r.Num()) + 48 }

// Full is the 64-bit register that contains r (r itself for 64-bit and xmm registers).
func (r Reg) Full() Reg {
	if r.IsGP8() || r.IsGP32() {
		return Reg(r.Num())
	}
	return r
}

func (r Reg) String() string {
	switch {
	case r.IsGP64():
		return gp64Names[r]
	case r.IsGP8():
		return gp8Names[r.Num()]
	case r.IsXMM():
		return fmt.Sprintf("xmm%d", r.Num())
	case r.IsGP32():
		return gp32Names[r.Num()]
	case r.IsYMM():
		return fmt.Sprintf("ymm%d", r.Num())
	}
	return "noreg"
}

// CalleeSaved are the registers the System V ABI requires a function to restore.
var CalleeSaved = [...]Reg{RBX, RBP, R12, R13, R14, R15}

// Kind says what an operand is.
type Kind uint8

// Operand kinds.
const (
	KindNone Kind = iota
	KindReg
	KindMem // qword [Base + Index*Scale + Disp] (Index NoReg when absent)
	KindImm
	// KindConst is a constant read from a read-only data section of the object through a
	// RIP-relative address (qword [rip + disp32], relocated by R_X86_64_PC32): Imm is the
	// 64-bit constant, which objfile read from the section and proved no link can change.
	// Before linking the displacement is 0, which the encoder writes back. Compiler code
	// only (vpbroadcastq).
	KindConst
)

// Operand is a register, a 64-bit memory location or an immediate. (The byte fields come
// first: 24 bytes, not 32 with Size last; codegen allocates an array of them per candidate.)
type Operand struct {
	Kind  Kind
	Reg   Reg   // KindReg
	Base  Reg   // KindMem
	Index Reg   // KindMem; NoReg when absent
	Scale uint8 // KindMem; 1, 2, 4 or 8 (0 means 1)
	// Size is, for KindMem, the access size in bytes where no register operand fixes it
	// ("add byte [m], 0x7f" is 1); 0 means the instruction's default (MemSize).
	Size uint8
	Disp int32 // KindMem
	Imm  int64 // KindImm
}

// R makes a register operand.
func R(r Reg) Operand { return Operand{Kind: KindReg, Reg: r} }

// M makes a memory operand [base + disp].
func M(base Reg, disp int32) Operand {
	return Operand{Kind: KindMem, Base: base, Index: NoReg, Scale: 1, Disp: disp}
}

// MI makes a memory operand [base + index*scale + disp] (for lea).
func MI(base, index Reg, scale uint8, disp int32) Operand {
	return Operand{Kind: KindMem, Base: base, Index: index, Scale: scale, Disp: disp}
}

// C makes a RIP-relative constant operand holding v (see KindConst).
func C(v uint64) Operand { return Operand{Kind: KindConst, Imm: int64(v)} }

// I makes an immediate operand.
func I(v int64) Operand { return Operand{Kind: KindImm, Imm: v} }

// Cond is a condition code for cmovCC and setCC.
type Cond uint8

// Condition codes in hardware encoding order (the low nibble of the 0F 4x / 0F 9x opcodes).
const (
	CondO Cond = iota
	CondNO
	CondC // = b, nae
	CondNC
	CondZ // = e
	CondNZ
	CondBE
	CondA
	CondS
	CondNS
	CondP
	CondNP
	CondL
	CondGE
	CondLE
	CondG
)

var condNames = [16]string{"o", "no", "c", "nc", "z", "nz", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"}

func (c Cond) String() string { return condNames[c&15] }

// Inst is one instruction with operands in Intel order (destination first).
// Comment is printed after the instruction (codegen carries IR value names there).
type Inst struct {
	Op      Opcode
	Cond    Cond // CMOV and SET only
	Args    []Operand
	Comment string
}

// Mnemonic is the printed mnemonic, e.g. "cmovc" or "adox".
func (in Inst) Mnemonic() string {
	if in.Op == CMOV || in.Op == SET {
		return in.Op.String() + in.Cond.String()
	}
	return in.Op.String()
}

// Program is one function: a global symbol and its straight-line instructions.
// Header lines are printed as comments before the code.
type Program struct {
	Symbol string
	Header []string
	Insts  []Inst
}

// SameCode reports whether p and q are the same instructions with the same operands,
// comments, header and symbol aside: they encode to the same bytes.
func (p *Program) SameCode(q *Program) bool {
	if len(p.Insts) != len(q.Insts) {
		return false
	}
	for i, a := range p.Insts {
		b := q.Insts[i]
		if a.Op != b.Op || a.Cond != b.Cond || !slices.Equal(a.Args, b.Args) {
			return false
		}
	}
	return true
}
