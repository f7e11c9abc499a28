package x86

import "fmt"

// Opcode is an instruction mnemonic (Intel spelling, without condition suffix for cmov/set).
type Opcode uint8

// The opcodes; opTable below says what each one takes and does.
const (
	BAD Opcode = iota
	MOV
	MOVZX // movzx r64, r8
	MOVQ  // movq xmm, r64 / movq r64, xmm
	XCHG
	ADD
	ADC
	ADCX
	ADOX
	SUB
	SBB
	MULX // mulx hi, lo, src (Intel order; rdx implicit)
	MUL  // mul src: rdx:rax = rax * src
	IMUL // imul r, r/m or imul r, r/m, imm
	LEA
	SHL
	SHR
	SAR
	SHLX
	SHRX
	SARX
	SHRD
	SHLD
	RORX
	ROR
	AND
	ANDN
	BZHI
	OR
	XOR
	NOT
	NEG
	TEST
	CMP
	CMOV // Inst.Cond says which
	SET  // Inst.Cond says which
	CLC
	STC
	INC
	DEC
	PUSH
	POP
	RET
	// The AVX2 forms clang's default -O3 build ends some functions with (the final limbs
	// masked four at a time). Compiler code only: codegen never emits them, the random
	// program generators leave them out (FirstVector), the decoder and the checker read them.
	VMOVQ        // vmovq xmm, r64|m64: lane 0, bits 64..255 zeroed
	VPUNPCKLQDQ  // vpunpcklqdq xmm, xmm, xmm: the low qwords of both sources; bits 128..255 zeroed
	VINSERTI128  // vinserti128 ymm, ymm, xmm, imm8: the first source with one 128-bit half replaced
	VPBROADCASTQ // vpbroadcastq ymm, qword [rip + c]: the constant in all four lanes
	VPAND        // vpand ymm, ymm, ymm
	VMOVDQU      // vmovdqu ymmword [m], ymm: a 32-byte store
	VZEROUPPER   // bits 128..255 of every vector register zeroed
	NumOpcodes
)

// FirstVector is the first of the compiler-only vector opcodes (VMOVQ..VZEROUPPER).
const FirstVector = VMOVQ

// IsVector reports whether o is one of the AVX2 opcodes.
func (o Opcode) IsVector() bool { return o >= FirstVector && o < NumOpcodes }

func (o Opcode) String() string {
	if o >= NumOpcodes {
		return fmt.Sprintf("opcode(%d)", uint8(o))
	}
	return opTable[o].name
}

// Flags is a set of arithmetic flags.
type Flags uint8

// The flags the model tells apart: CF and OF carry the two ADX chains; the others (ZF,
// SF, PF, AF) are only ever read right after the instruction that set them.
const (
	CF Flags = 1 << iota
	OF
	OtherFlags
	AllFlags = CF | OF | OtherFlags
)

// opInfo is one row of the instruction table.
type opInfo struct {
	name  string
	forms []form
	// use says how each explicit operand is used, in Intel order: 'r' read, 'w' written,
	// 'x' read and written, 'a' an address computed, no memory accessed (lea).
	use string
	// flagsIn and flagsOut are the flags read and written (made undefined counts as
	// written); CMOV and SET read the flags of their condition instead.
	flagsIn, flagsOut Flags
}

// opTable is the instruction model (read-only): everything codegen emits, measure runs, the
// validators check and the checker reads. Adding an opcode starts here; the encoder
// (x86/encode), the Go printer (x86/goasm), the decoder (x86/decode) and the checker's
// semantics then say how to write and what it computes.
var opTable = [NumOpcodes]opInfo{
	BAD: {name: "bad"},
	MOV: {"mov", []form{{cR64, cR64}, {cR64, cM64}, {cM64, cR64}, {cR64, cImm64}, {cM64, cImm32},
		{cM8, cR8}, {cR8, cM8}, {cR8, cR8}, {cR8, cImm8}, {cR32, cR32}}, "wr", 0, 0},
	MOVZX: {"movzx", []form{{cR64, cR8}, {cR64, cM8}, {cR32, cR8}, {cR32, cM8}}, "wr", 0, 0},
	MOVQ:  {"movq", []form{{cXMM, cR64}, {cR64, cXMM}}, "wr", 0, 0},
	XCHG:  {"xchg", []form{{cR64, cR64}, {cR64, cM64}, {cM64, cR64}}, "xx", 0, 0},
	ADD:   {"add", formsALUB32, "xr", 0, AllFlags},
	ADC:   {"adc", formsALUB32, "xr", CF, AllFlags},
	ADCX:  {"adcx", formsRRM, "xr", CF, CF},
	ADOX:  {"adox", formsRRM, "xr", OF, OF},
	SUB:   {"sub", formsALUB32, "xr", 0, AllFlags},
	SBB:   {"sbb", formsALUB32, "xr", CF, AllFlags},
	MULX:  {"mulx", formsRRRM, "wwr", 0, 0},   // mulx hi, lo, src: rdx implicit
	MUL:   {"mul", formsRM, "r", 0, AllFlags}, // rdx:rax = rax * src
	IMUL: {"imul", []form{{cR64, cR64}, {cR64, cM64}, {cR64, cR64, cImm32}, {cR64, cM64, cImm32}},
		"xrr", 0, AllFlags}, // the three-operand form writes without reading: see Access
	LEA:  {"lea", []form{{cR64, cAddr}, {cR32, cAddr}}, "wa", 0, 0},
	SHL:  {"shl", formsShift32, "xr", 0, AllFlags},
	SHR:  {"shr", formsShift32, "xr", 0, AllFlags},
	SAR:  {"sar", formsShift32, "xr", 0, AllFlags},
	SHLX: {"shlx", formsRRMR, "wrr", 0, 0},
	SHRX: {"shrx", formsRRMR, "wrr", 0, 0},
	SARX: {"sarx", formsRRMR, "wrr", 0, 0},
	SHRD: {"shrd", formsDbl, "xrr", 0, AllFlags},
	SHLD: {"shld", formsDbl, "xrr", 0, AllFlags},
	RORX: {"rorx", []form{{cR64, cR64, cImm8}, {cR64, cM64, cImm8}}, "wrr", 0, 0},
	ROR:  {"ror", formsShift, "xr", 0, CF | OF},
	AND:  {"and", formsALUB32, "xr", 0, AllFlags},
	ANDN: {"andn", formsRRRM, "wrr", 0, AllFlags},
	BZHI: {"bzhi", formsRRMR, "wrr", 0, AllFlags},
	OR:   {"or", formsALUB32, "xr", 0, AllFlags},
	XOR:  {"xor", formsALUB32, "xr", 0, AllFlags},
	NOT:  {"not", formsRM, "x", 0, 0},
	NEG:  {"neg", formsRM, "x", 0, AllFlags},
	TEST: {"test", []form{{cR64, cR64}, {cM64, cR64}, {cR64, cImm32}, {cM64, cImm32}, {cR8, cR8}}, "rr", 0, AllFlags},
	CMP:  {"cmp", formsALUB32, "rr", 0, AllFlags},
	CMOV: {"cmov", formsRRM, "xr", 0, 0}, // keeps the destination when the condition fails
	SET:  {"set", []form{{cR8}, {cM8}}, "w", 0, 0},
	CLC:  {"clc", []form{{}}, "", 0, CF},
	STC:  {"stc", []form{{}}, "", 0, CF},
	INC:  {"inc", formsRM, "x", 0, OF | OtherFlags},
	DEC:  {"dec", formsRM, "x", 0, OF | OtherFlags},
	PUSH: {"push", []form{{cR64}}, "r", 0, 0},
	POP:  {"pop", []form{{cR64}}, "w", 0, 0},
	RET:  {"ret", []form{{}}, "", 0, 0},
	// VEX-encoded, no flags. vinserti128's immediate is 0 or 1 (which half).
	VMOVQ:        {"vmovq", []form{{cXMM, cR64}, {cXMM, cM64}}, "wr", 0, 0},
	VPUNPCKLQDQ:  {"vpunpcklqdq", []form{{cXMM, cXMM, cXMM}}, "wrr", 0, 0},
	VINSERTI128:  {"vinserti128", []form{{cYMM, cYMM, cXMM, cImm1}}, "wrrr", 0, 0},
	VPBROADCASTQ: {"vpbroadcastq", []form{{cYMM, cConst}}, "wr", 0, 0},
	VPAND:        {"vpand", []form{{cYMM, cYMM, cYMM}}, "wrr", 0, 0},
	VMOVDQU:      {"vmovdqu", []form{{cM64, cYMM}}, "wr", 0, 0},
	VZEROUPPER:   {"vzeroupper", []form{{}}, "", 0, 0},
}

// condFlags are the flags each condition code reads.
var condFlags = [16]Flags{CondO: OF, CondNO: OF, CondC: CF, CondNC: CF, CondZ: OtherFlags,
	CondNZ: OtherFlags, CondBE: CF | OtherFlags, CondA: CF | OtherFlags, CondS: OtherFlags,
	CondNS: OtherFlags, CondP: OtherFlags, CondNP: OtherFlags, CondL: OF | OtherFlags,
	CondGE: OF | OtherFlags, CondLE: OF | OtherFlags, CondG: OF | OtherFlags}

// Valid reports whether o is an opcode of the instruction table.
func (o Opcode) Valid() bool { return o > BAD && o < NumOpcodes }

// Arity is the least and the greatest number of explicit operands o takes.
func (o Opcode) Arity() (lo, hi int) {
	if !o.Valid() {
		return 0, 0
	}
	lo = 4
	for _, f := range opTable[o].forms {
		lo, hi = min(lo, len(f)), max(hi, len(f))
	}
	return lo, hi
}

// Access is how an instruction uses one operand.
type Access uint8

// Access bits.
const (
	Read  Access = 1 << iota // the operand's value (or memory) is read
	Write                    // the operand is written
)

// Access says how in uses its explicit operand i: 0 for lea's address and for operands
// in does not have.
func (in Inst) Access(i int) Access { return OperandAccess(in.Op, len(in.Args), i) }

// OperandAccess is Inst.Access of operand i of an op instruction with nargs operands. It
// needs no Inst: the validator, asking for every operand of every search candidate, was
// spending a twentieth of a candidate's preparation copying instructions to ask.
func OperandAccess(op Opcode, nargs, i int) Access {
	if !op.Valid() {
		return 0
	}
	use := opTable[op].use
	if op == IMUL && nargs == 3 {
		use = "wrr"
	}
	if i < 0 || i >= len(use) || i >= nargs {
		return 0
	}
	switch use[i] {
	case 'r':
		return Read
	case 'w':
		return Write
	case 'x':
		return Read | Write
	}
	return 0
}

// Reads reports whether in reads its explicit operand i.
func (in Inst) Reads(i int) bool { return in.Access(i)&Read != 0 }

// Writes reports whether in writes its explicit operand i.
func (in Inst) Writes(i int) bool { return in.Access(i)&Write != 0 }

// ImplicitReads are the registers in reads without naming them (rsp of push/pop/ret aside).
func (in Inst) ImplicitReads() []Reg {
	switch in.Op {
	case MUL:
		return []Reg{RAX}
	case MULX:
		return []Reg{RDX}
	}
	return nil
}

// ImplicitWrites are the registers in writes without naming them (rsp aside).
func (in Inst) ImplicitWrites() []Reg {
	if in.Op == MUL {
		return []Reg{RAX, RDX}
	}
	return nil
}

// FlagsRead are the flags in reads.
func (in Inst) FlagsRead() Flags {
	if in.Op == CMOV || in.Op == SET {
		return condFlags[in.Cond&15]
	}
	if !in.Op.Valid() {
		return 0
	}
	return opTable[in.Op].flagsIn
}

// FlagsWritten are the flags in writes or leaves undefined.
func (in Inst) FlagsWritten() Flags {
	if !in.Op.Valid() {
		return 0
	}
	return opTable[in.Op].flagsOut
}
