package goasm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// goReg64 and goReg8 are the Go assembler's names of the general-purpose registers in
// hardware order.
var (
	goReg64 = [16]string{"AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI",
		"R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}
	goReg8 = [16]string{"AL", "CL", "DL", "BL", "SPB", "BPB", "SIB", "DIB",
		"R8B", "R9B", "R10B", "R11B", "R12B", "R13B", "R14B", "R15B"}
	// goCond are Go's condition suffixes in x86.Cond order (o no c nc z nz be a s ns p np l ge le g).
	goCond = [16]string{"OS", "OC", "CS", "CC", "EQ", "NE", "LS", "HI", "MI", "PL", "PS", "PC", "LT", "GE", "LE", "GT"}
)

// goMnemonic are the Go spellings of the quadword forms; byte forms replace the final Q by B.
var goMnemonic = map[x86.Opcode]string{
	x86.MOV: "MOVQ", x86.XCHG: "XCHGQ", x86.ADD: "ADDQ", x86.ADC: "ADCQ", x86.ADCX: "ADCXQ",
	x86.ADOX: "ADOXQ", x86.SUB: "SUBQ", x86.SBB: "SBBQ", x86.MULX: "MULXQ", x86.MUL: "MULQ",
	x86.IMUL: "IMULQ", x86.LEA: "LEAQ", x86.SHL: "SHLQ", x86.SHR: "SHRQ", x86.SAR: "SARQ",
	x86.SHLX: "SHLXQ", x86.SHRX: "SHRXQ", x86.SARX: "SARXQ", x86.SHRD: "SHRQ", x86.SHLD: "SHLQ",
	x86.RORX: "RORXQ", x86.ROR: "RORQ", x86.AND: "ANDQ", x86.ANDN: "ANDNQ", x86.BZHI: "BZHIQ",
	x86.OR: "ORQ", x86.XOR: "XORQ", x86.NOT: "NOTQ", x86.NEG: "NEGQ", x86.TEST: "TESTQ",
	x86.CMP: "CMPQ", x86.CLC: "CLC", x86.STC: "STC", x86.INC: "INCQ", x86.DEC: "DECQ",
	x86.PUSH: "PUSHQ", x86.POP: "POPQ", x86.RET: "RET", x86.MOVQ: "MOVQ",
}

// Inst is the Go assembler text of one instruction (without comment). Operands are in Go
// order: sources first, destination last, except CMP which keeps Intel order. It refuses
// forms it has no tested spelling for.
func Inst(in x86.Inst) (string, error) {
	if err := in.Validate(); err != nil {
		return "", err
	}
	if err := checkShape(in); err != nil {
		return "", fmt.Errorf("%s: %w", in, err)
	}
	mn, args, err := spell(in)
	if err != nil {
		return "", fmt.Errorf("%s: %w", in, err)
	}
	ops := make([]string, len(args))
	for i, a := range args {
		if ops[i], err = operand(a); err != nil {
			return "", fmt.Errorf("%s: %w", in, err)
		}
	}
	if len(ops) == 0 {
		return mn, nil
	}
	return mn + "\t" + strings.Join(ops, ", "), nil
}

// spell picks the mnemonic and orders the operands.
func spell(in x86.Inst) (string, []x86.Operand, error) {
	a := in.Args
	switch in.Op {
	case x86.CMOV:
		return "CMOVQ" + goCond[in.Cond], []x86.Operand{a[1], a[0]}, nil
	case x86.SET:
		return "SET" + goCond[in.Cond], a, nil
	case x86.MOVZX:
		return "MOVBQZX", []x86.Operand{a[1], a[0]}, nil
	case x86.CMP:
		return sized(in, "CMPQ"), a, nil // Go keeps the Intel order for CMP
	case x86.IMUL:
		if len(a) == 3 {
			return "IMUL3Q", []x86.Operand{a[2], a[1], a[0]}, nil
		}
	}
	mn, ok := goMnemonic[in.Op]
	if !ok {
		return "", nil, fmt.Errorf("no Go spelling")
	}
	// Intel order reversed is Go order for every other form we accept, including the
	// three-operand ones (mulx hi, lo, src → MULXQ src, lo, hi; shrd d, s, n → SHRQ n, s, d).
	rev := make([]x86.Operand, len(a))
	for i := range a {
		rev[len(a)-1-i] = a[i]
	}
	return sized(in, mn), rev, nil
}

// sized turns a quadword mnemonic into the byte one when the destination is a byte
// register or a byte memory operand (a cl shift count does not make a byte form).
func sized(in x86.Inst, mn string) string {
	if len(in.Args) == 0 {
		return mn
	}
	d := in.Args[0]
	byteForm := (d.Kind == x86.KindReg && d.Reg.IsGP8()) || (d.Kind == x86.KindMem && in.MemSize() == 1)
	if in.Op != x86.MOVQ && byteForm && strings.HasSuffix(mn, "Q") {
		return strings.TrimSuffix(mn, "Q") + "B"
	}
	return mn
}

// checkShape refuses what the Go assembler rejects or we have no tested spelling for:
// shift and rotate counts of 64 or more, and the low bytes of rsp and rbp.
func checkShape(in x86.Inst) error {
	switch in.Op {
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR, x86.SHLD, x86.SHRD, x86.RORX:
		if last := in.Args[len(in.Args)-1]; last.Kind == x86.KindImm && (last.Imm < 0 || last.Imm > 63) {
			return fmt.Errorf("shift count %d outside 0..63", last.Imm)
		}
	}
	for _, a := range in.Args {
		if a.Kind == x86.KindReg && (a.Reg == x86.SPL || a.Reg == x86.BPL) {
			return fmt.Errorf("register %s", a.Reg)
		}
	}
	return nil
}

func operand(o x86.Operand) (string, error) {
	switch o.Kind {
	case x86.KindReg:
		return regName(o.Reg)
	case x86.KindImm:
		if o.Imm < 0 {
			return "$-0x" + strconv.FormatUint(uint64(-o.Imm), 16), nil
		}
		return "$0x" + strconv.FormatUint(uint64(o.Imm), 16), nil
	case x86.KindMem:
		return memory(o)
	}
	return "", fmt.Errorf("operand kind %d", o.Kind)
}

func regName(r x86.Reg) (string, error) {
	switch {
	case r.IsGP64():
		return goReg64[r], nil
	case r.IsGP8():
		return goReg8[r.Num()], nil
	case r.IsXMM():
		return "X" + strconv.Itoa(r.Num()), nil
	}
	return "", fmt.Errorf("register %d", r)
}

// memory prints disp(base)(index*scale). A base of SP with no symbol is the hardware
// stack pointer (go.dev/doc/asm: "-8(SP)" is hardware, "x-8(SP)" the pseudo-register).
func memory(o x86.Operand) (string, error) {
	if o.Base == x86.NoReg {
		return "", fmt.Errorf("memory operand without base")
	}
	s := strconv.Itoa(int(o.Disp)) + "(" + goReg64[o.Base.Full()] + ")"
	if o.Index != x86.NoReg {
		scale := max(o.Scale, 1)
		s += "(" + goReg64[o.Index.Full()] + "*" + strconv.Itoa(int(scale)) + ")"
	}
	return s, nil
}
