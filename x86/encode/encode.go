package encode

import (
	"encoding/binary"
	"fmt"

	ia "github.com/cloudwego/iasm/x86_64"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

type (
	fn1 = func(*ia.Program, interface{}) *ia.Instruction
	fn2 = func(*ia.Program, interface{}, interface{}) *ia.Instruction
	fn3 = func(*ia.Program, interface{}, interface{}, interface{}) *ia.Instruction
)

// Encoders by opcode (read-only tables). iasm takes operands in AT&T order, source first.
var (
	enc1 = [x86.NumOpcodes]fn1{x86.MUL: (*ia.Program).MULQ, x86.NOT: (*ia.Program).NOTQ, x86.NEG: (*ia.Program).NEGQ,
		x86.INC: (*ia.Program).INCQ, x86.DEC: (*ia.Program).DECQ, x86.PUSH: (*ia.Program).PUSHQ, x86.POP: (*ia.Program).POPQ}
	enc2 = [x86.NumOpcodes]fn2{x86.MOVZX: (*ia.Program).MOVZBQ, x86.MOVQ: (*ia.Program).MOVQ, x86.XCHG: (*ia.Program).XCHGQ,
		x86.ADD: (*ia.Program).ADDQ, x86.ADC: (*ia.Program).ADCQ, x86.ADCX: (*ia.Program).ADCXQ, x86.ADOX: (*ia.Program).ADOXQ,
		x86.SUB: (*ia.Program).SUBQ, x86.SBB: (*ia.Program).SBBQ, x86.LEA: (*ia.Program).LEAQ,
		x86.SHL: (*ia.Program).SHLQ, x86.SHR: (*ia.Program).SHRQ, x86.SAR: (*ia.Program).SARQ, x86.ROR: (*ia.Program).RORQ,
		x86.AND: (*ia.Program).ANDQ, x86.OR: (*ia.Program).ORQ, x86.XOR: (*ia.Program).XORQ, x86.CMP: (*ia.Program).CMPQ}
	enc3 = [x86.NumOpcodes]fn3{x86.MULX: (*ia.Program).MULXQ, x86.SHLX: (*ia.Program).SHLXQ, x86.SHRX: (*ia.Program).SHRXQ,
		x86.SARX: (*ia.Program).SARXQ, x86.SHRD: (*ia.Program).SHRDQ, x86.SHLD: (*ia.Program).SHLDQ,
		x86.RORX: (*ia.Program).RORXQ, x86.ANDN: (*ia.Program).ANDNQ, x86.BZHI: (*ia.Program).BZHI}
	encALU8 = [x86.NumOpcodes]fn2{x86.ADD: (*ia.Program).ADDB, x86.ADC: (*ia.Program).ADCB, x86.SUB: (*ia.Program).SUBB,
		x86.SBB: (*ia.Program).SBBB, x86.AND: (*ia.Program).ANDB, x86.OR: (*ia.Program).ORB, x86.XOR: (*ia.Program).XORB,
		x86.CMP: (*ia.Program).CMPB}
	// enc32 are the 32-bit forms (x86.Inst.Dword).
	enc32 = [x86.NumOpcodes]fn2{x86.MOV: (*ia.Program).MOVL, x86.MOVZX: (*ia.Program).MOVZBL,
		x86.ADD: (*ia.Program).ADDL, x86.ADC: (*ia.Program).ADCL, x86.SUB: (*ia.Program).SUBL,
		x86.SBB: (*ia.Program).SBBL, x86.AND: (*ia.Program).ANDL, x86.OR: (*ia.Program).ORL,
		x86.XOR: (*ia.Program).XORL, x86.CMP: (*ia.Program).CMPL, x86.LEA: (*ia.Program).LEAL,
		x86.SHL: (*ia.Program).SHLL, x86.SHR: (*ia.Program).SHRL, x86.SAR: (*ia.Program).SARL}
	encCMOV = [16]fn2{(*ia.Program).CMOVO, (*ia.Program).CMOVNO, (*ia.Program).CMOVC, (*ia.Program).CMOVNC,
		(*ia.Program).CMOVZ, (*ia.Program).CMOVNZ, (*ia.Program).CMOVBE, (*ia.Program).CMOVA,
		(*ia.Program).CMOVS, (*ia.Program).CMOVNS, (*ia.Program).CMOVP, (*ia.Program).CMOVNP,
		(*ia.Program).CMOVL, (*ia.Program).CMOVGE, (*ia.Program).CMOVLE, (*ia.Program).CMOVG}
	encSET = [16]fn1{(*ia.Program).SETO, (*ia.Program).SETNO, (*ia.Program).SETC, (*ia.Program).SETNC,
		(*ia.Program).SETZ, (*ia.Program).SETNZ, (*ia.Program).SETBE, (*ia.Program).SETA,
		(*ia.Program).SETS, (*ia.Program).SETNS, (*ia.Program).SETP, (*ia.Program).SETNP,
		(*ia.Program).SETL, (*ia.Program).SETGE, (*ia.Program).SETLE, (*ia.Program).SETG}
	iaR64 = [16]ia.Register64{ia.RAX, ia.RCX, ia.RDX, ia.RBX, ia.RSP, ia.RBP, ia.RSI, ia.RDI,
		ia.R8, ia.R9, ia.R10, ia.R11, ia.R12, ia.R13, ia.R14, ia.R15}
	iaR8 = [16]ia.Register8{ia.AL, ia.CL, ia.DL, ia.BL, ia.SPL, ia.BPL, ia.SIL, ia.DIL,
		ia.R8b, ia.R9b, ia.R10b, ia.R11b, ia.R12b, ia.R13b, ia.R14b, ia.R15b}
	iaR32 = [16]ia.Register32{ia.EAX, ia.ECX, ia.EDX, ia.EBX, ia.ESP, ia.EBP, ia.ESI, ia.EDI,
		ia.R8d, ia.R9d, ia.R10d, ia.R11d, ia.R12d, ia.R13d, ia.R14d, ia.R15d}
)

// Encode assembles p.Insts into machine code (one function, no relocations). It validates
// p first; the bytes equal GNU as's for x86.PrintGNU(p).
func Encode(p *x86.Program) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	prog := ia.CreateArch().CreateProgram()
	for i, in := range p.Insts {
		if err := emit(prog, in); err != nil {
			return nil, fmt.Errorf("instruction %d (%s): %w", i, in, err)
		}
	}
	return assemble(prog)
}

// Encoder encodes programs and memoizes the bytes of every distinct instruction, so that a
// search that re-encodes mostly unchanged programs pays iasm's cost only for new ones.
// An Encoder is not safe for concurrent use.
type Encoder struct {
	arch  *ia.Arch
	cache memo
}

// encKey is an instruction without its comment, packed without padding so it hashes fast:
// h holds opcode, condition, operand count and kinds; a holds one word per operand.
type encKey struct {
	h uint64
	a [4]uint64
}

func keyOf(in x86.Inst) encKey {
	k := encKey{h: uint64(in.Op) | uint64(in.Cond)<<8 | uint64(len(in.Args))<<16}
	for i := range in.Args {
		o := &in.Args[i]
		k.h |= uint64(o.Kind) << (24 + 8*i)
		switch o.Kind {
		case x86.KindReg:
			k.a[i] = uint64(o.Reg)
		case x86.KindMem:
			k.a[i] = uint64(o.Base) | uint64(o.Index)<<8 | uint64(o.Scale)<<16 | uint64(uint32(o.Disp))<<24 |
				uint64(o.Size)<<56
		case x86.KindImm, x86.KindConst:
			k.a[i] = uint64(o.Imm)
		}
	}
	return k
}

// maxCache bounds the memo; it is cleared when full (a search rarely gets there).
const maxCache = 1 << 16

// NewEncoder returns an empty memoizing encoder.
func NewEncoder() *Encoder {
	return &Encoder{arch: ia.CreateArch()}
}

// Encode is like the package function Encode but memoized; the result is a new slice.
func (e *Encoder) Encode(p *x86.Program) ([]byte, error) {
	out := make([]byte, 0, 5*len(p.Insts))
	for i, in := range p.Insts {
		var err error
		if out, err = e.AppendInst(out, in); err != nil {
			return nil, fmt.Errorf("instruction %d: %w", i, err)
		}
	}
	return out, nil
}

// AppendInst appends the machine code of in to dst.
func (e *Encoder) AppendInst(dst []byte, in x86.Inst) ([]byte, error) {
	if len(in.Args) > 4 {
		return dst, fmt.Errorf("%s: too many operands", in.Mnemonic())
	}
	k := keyOf(in)
	if b, ok := e.cache.get(&k); ok {
		return append(dst, b...), nil
	}
	if err := in.Validate(); err != nil {
		return dst, err
	}
	prog := e.arch.CreateProgram()
	if err := emit(prog, in); err != nil {
		return dst, fmt.Errorf("%s: %w", in, err)
	}
	b, err := assemble(prog)
	if err != nil {
		return dst, fmt.Errorf("%s: %w", in, err)
	}
	e.cache.put(&k, b)
	return append(dst, b...), nil
}

// assemble runs iasm's assembler, turning its panics into errors.
func assemble(prog *ia.Program) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("iasm: %v", r)
		}
	}()
	return prog.AssembleAndFree(0), nil
}

// emit adds one validated instruction to prog; iasm panics on operands it cannot encode.
func emit(prog *ia.Program, in x86.Inst) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("iasm: %v", r)
		}
	}()
	var a [4]interface{} // AT&T order
	n := len(in.Args)
	for i, o := range in.Args {
		a[n-1-i] = iaOperand(o)
	}
	if in.Op.IsVector() {
		return emitVector(prog, in, a)
	}
	switch {
	case in.Dword() && n == 2 && enc32[in.Op] != nil:
		enc32[in.Op](prog, a[0], a[1])
	case in.Op == x86.MOV && in.MemSize() == 1:
		prog.MOVB(a[0], a[1])
	case in.IsByteALU():
		encALU8[in.Op](prog, a[0], a[1])
	case in.Op == x86.MOV:
		prog.MOVQ(a[0], a[1])
	case in.Op == x86.TEST && in.Args[0].Kind == x86.KindReg && in.Args[0].Reg.IsGP8():
		prog.TESTB(a[0], a[1])
	case in.Op == x86.TEST:
		prog.TESTQ(a[0], a[1])
	case in.Op == x86.IMUL && n == 2:
		prog.IMULQ(a[0], a[1])
	case in.Op == x86.IMUL && in.Args[2].Imm >= 128:
		return emitIMULImm32(prog, in.Args[2].Imm, a[1], a[2])
	case in.Op == x86.IMUL:
		prog.IMULQ(a[0], a[1], a[2])
	case in.Op == x86.CMOV:
		encCMOV[in.Cond&15](prog, a[0], a[1])
	case in.Op == x86.SET:
		encSET[in.Cond&15](prog, a[0])
	case in.Op == x86.CLC:
		prog.CLC()
	case in.Op == x86.STC:
		prog.STC()
	case in.Op == x86.RET:
		prog.RET()
	case n == 1 && enc1[in.Op] != nil:
		enc1[in.Op](prog, a[0])
	case n == 2 && enc2[in.Op] != nil:
		enc2[in.Op](prog, a[0], a[1])
	case n == 3 && enc3[in.Op] != nil:
		enc3[in.Op](prog, a[0], a[1], a[2])
	default:
		return fmt.Errorf("no encoder for %s with %d operands", in.Mnemonic(), n)
	}
	return nil
}

// emitVector adds one of the AVX2 forms (operands a in AT&T order). iasm picks the VEX
// encodings GNU as and clang pick for these operands (two-byte VEX where it can).
func emitVector(prog *ia.Program, in x86.Inst, a [4]interface{}) error {
	switch in.Op {
	case x86.VMOVQ:
		if m := in.Args[1]; m.Kind == x86.KindMem && (m.Disp < -128 || m.Disp > 127) && m.Disp%8 == 0 {
			return emitVMOVQDisp32(prog, m, a[1])
		}
		prog.VMOVQ(a[0], a[1])
	case x86.VPUNPCKLQDQ:
		prog.VPUNPCKLQDQ(a[0], a[1], a[2])
	case x86.VINSERTI128:
		prog.VINSERTI128(a[0], a[1], a[2], a[3])
	case x86.VPBROADCASTQ:
		prog.VPBROADCASTQ(a[0], a[1])
	case x86.VPAND:
		prog.VPAND(a[0], a[1], a[2])
	case x86.VMOVDQU:
		prog.VMOVDQU(a[0], a[1])
	case x86.VZEROUPPER:
		prog.VZEROUPPER()
	default:
		return fmt.Errorf("no encoder for %s", in.Mnemonic())
	}
	return nil
}

// emitVMOVQDisp32 works around iasm choosing the EVEX form of vmovq xmm, m64 for a
// displacement that EVEX's scaled disp8 holds and VEX's disp8 does not (0x100 = 8*0x20):
// GNU as and the compilers write VEX with a disp32. It encodes the displacement plus one
// (no scaled form then, the same disp32 layout) and patches the last 4 bytes back.
func emitVMOVQDisp32(prog *ia.Program, m x86.Operand, dst interface{}) error {
	one := ia.CreateArch().CreateProgram()
	m.Disp++
	one.VMOVQ(iaOperand(m), dst)
	b, err := assemble(one)
	if err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(b[len(b)-4:], uint32(m.Disp-1))
	prog.Data(b)
	return nil
}

// emitIMULImm32 works around iasm v0.2.0 choosing the sign-extended imm8 form of
// imul r64, r/m64, imm for 128..255 (which multiplies by imm-256): it encodes the imm32 form
// with a placeholder constant, patches the constant (the last 4 bytes) and emits raw bytes.
func emitIMULImm32(prog *ia.Program, imm int64, src, dst interface{}) error {
	one := ia.CreateArch().CreateProgram()
	one.IMULQ(int64(0x12345678), src, dst)
	b, err := assemble(one)
	if err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(b[len(b)-4:], uint32(imm))
	prog.Data(b)
	return nil
}

func iaOperand(o x86.Operand) interface{} {
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			return iaR64[o.Reg.Num()]
		case o.Reg.IsGP8():
			return iaR8[o.Reg.Num()]
		case o.Reg.IsGP32():
			return iaR32[o.Reg.Num()]
		case o.Reg.IsXMM():
			return ia.XMMRegister(o.Reg.Num())
		case o.Reg.IsYMM():
			return ia.YMMRegister(o.Reg.Num())
		}
	case x86.KindConst:
		// [rip + 0]: the object's placeholder, which the linker's PC32 relocation fills.
		m := ia.CreateMemoryOperand()
		m.Addr.Type = ia.Offset
		return m
	case x86.KindMem:
		if o.Index == x86.NoReg {
			return ia.Ptr(iaR64[o.Base.Num()], o.Disp)
		}
		s := o.Scale
		if s == 0 {
			s = 1
		}
		if o.Base == x86.NoReg {
			return ia.Sib(nil, iaR64[o.Index.Num()], s, o.Disp)
		}
		return ia.Sib(iaR64[o.Base.Num()], iaR64[o.Index.Num()], s, o.Disp)
	case x86.KindImm:
		return o.Imm
	}
	return nil
}
