package decode

import (
	"fmt"
	"math"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// opcodes maps x86asm's mnemonics to the model's (read-only); cmovCC/setCC are separate.
var opcodes = map[string]x86.Opcode{
	"MOV": x86.MOV, "MOVZX": x86.MOVZX, "MOVQ": x86.MOVQ, "XCHG": x86.XCHG,
	"ADD": x86.ADD, "ADC": x86.ADC, "ADCX": x86.ADCX, "ADOX": x86.ADOX, "SUB": x86.SUB,
	"SBB": x86.SBB, "MULX": x86.MULX, "MUL": x86.MUL, "IMUL": x86.IMUL, "LEA": x86.LEA,
	"SHL": x86.SHL, "SHR": x86.SHR, "SAR": x86.SAR, "SHLX": x86.SHLX, "SHRX": x86.SHRX,
	"SARX": x86.SARX, "SHRD": x86.SHRD, "SHLD": x86.SHLD, "RORX": x86.RORX, "ROR": x86.ROR,
	"AND": x86.AND, "ANDN": x86.ANDN, "BZHI": x86.BZHI, "OR": x86.OR, "XOR": x86.XOR,
	"NOT": x86.NOT, "NEG": x86.NEG, "TEST": x86.TEST, "CMP": x86.CMP, "CLC": x86.CLC,
	"STC": x86.STC, "INC": x86.INC, "DEC": x86.DEC, "PUSH": x86.PUSH, "POP": x86.POP,
	"RET": x86.RET, "VMOVQ": x86.VMOVQ, "VPUNPCKLQDQ": x86.VPUNPCKLQDQ,
	"VINSERTI128": x86.VINSERTI128, "VPBROADCASTQ": x86.VPBROADCASTQ, "VPAND": x86.VPAND,
	"VMOVDQU": x86.VMOVDQU, "VZEROUPPER": x86.VZEROUPPER,
}

// conds maps x86asm's condition suffixes (cmovb, setae, ...) to the model's.
var conds = map[string]x86.Cond{
	"O": x86.CondO, "NO": x86.CondNO, "B": x86.CondC, "AE": x86.CondNC, "E": x86.CondZ,
	"NE": x86.CondNZ, "BE": x86.CondBE, "A": x86.CondA, "S": x86.CondS, "NS": x86.CondNS,
	"P": x86.CondP, "NP": x86.CondNP, "L": x86.CondL, "GE": x86.CondGE, "LE": x86.CondLE,
	"G": x86.CondG,
}

// convert maps one decoded instruction into the model; op is its mnemonic.
func convert(raw x86asm.Inst, op string) (x86.Inst, error) {
	in, err := opcodeOf(op)
	if err != nil {
		return in, err
	}
	for _, a := range raw.Args {
		if a == nil {
			break
		}
		o, err := operand(a, raw)
		if err != nil {
			return in, err
		}
		in.Args = append(in.Args, o)
	}
	normaliseImm(&in)
	markByteMem(&in, raw)
	return in, nil
}

func opcodeOf(op string) (x86.Inst, error) {
	if o, ok := opcodes[op]; ok {
		return x86.Inst{Op: o}, nil
	}
	for prefix, o := range map[string]x86.Opcode{"CMOV": x86.CMOV, "SET": x86.SET} {
		if c, ok := conds[strings.TrimPrefix(op, prefix)]; ok && strings.HasPrefix(op, prefix) {
			return x86.Inst{Op: o, Cond: c}, nil
		}
	}
	return x86.Inst{}, fmt.Errorf("instruction %s is outside the supported set", strings.ToLower(op))
}

func operand(a x86asm.Arg, raw x86asm.Inst) (x86.Operand, error) {
	switch a := a.(type) {
	case x86asm.Reg:
		r, err := register(a)
		return x86.R(r), err
	case x86asm.Mem:
		return memory(a)
	case x86asm.Imm:
		return x86.I(int64(a)), nil
	}
	return x86.Operand{}, fmt.Errorf("operand %v is not in the model", a)
}

func register(r x86asm.Reg) (x86.Reg, error) {
	switch {
	case r >= x86asm.RAX && r <= x86asm.R15:
		return x86.RAX + x86.Reg(r-x86asm.RAX), nil
	case r >= x86asm.AL && r <= x86asm.BL:
		return x86.AL + x86.Reg(r-x86asm.AL), nil
	case r >= x86asm.SPB && r <= x86asm.DIB:
		return x86.SPL + x86.Reg(r-x86asm.SPB), nil
	case r >= x86asm.R8B && r <= x86asm.R15B:
		return x86.R8B + x86.Reg(r-x86asm.R8B), nil
	case r >= x86asm.X0 && r <= x86asm.X15:
		return x86.XMM0 + x86.Reg(r-x86asm.X0), nil
	case r >= x86asm.EAX && r <= x86asm.R15L:
		return x86.EAX + x86.Reg(r-x86asm.EAX), nil
	case r >= x86asm.Y0 && r <= x86asm.Y15:
		return x86.YMM0 + x86.Reg(r-x86asm.Y0), nil
	}
	return x86.NoReg, fmt.Errorf("register %v is not in the model", r)
}

// memory maps [base + index*scale + disp]; RIP-relative and segment-relative addresses
// point outside the function's arguments and stack, so they are refused.
func memory(m x86asm.Mem) (x86.Operand, error) {
	if m.Segment != 0 {
		return x86.Operand{}, fmt.Errorf("segment override %v", m.Segment)
	}
	if m.Base == x86asm.RIP {
		return x86.Operand{}, fmt.Errorf("RIP-relative address (data outside the function)")
	}
	if m.Disp < math.MinInt32 || m.Disp > math.MaxInt32 {
		return x86.Operand{}, fmt.Errorf("displacement %#x out of range", m.Disp)
	}
	o := x86.MI(x86.NoReg, x86.NoReg, m.Scale, int32(m.Disp))
	for _, p := range []struct {
		r   x86asm.Reg
		dst *x86.Reg
	}{{m.Base, &o.Base}, {m.Index, &o.Index}} {
		if p.r == 0 {
			continue
		}
		if p.r < x86asm.RAX || p.r > x86asm.R15 {
			return x86.Operand{}, fmt.Errorf("address register %v is not 64-bit", p.r)
		}
		*p.dst = x86.RAX + x86.Reg(p.r-x86asm.RAX)
	}
	if o.Base == x86.NoReg && o.Index == x86.NoReg {
		return x86.Operand{}, fmt.Errorf("absolute address %#x", m.Disp)
	}
	if o.Index == x86.NoReg || o.Scale == 0 {
		o.Scale = 1
	}
	return o, nil
}

// normaliseImm writes 8-bit immediates the way the model does: 0..255 for byte operations,
// shift counts and rorx/shrd/shld amounts (x86asm sign-extends some of them).
func normaliseImm(in *x86.Inst) {
	n := len(in.Args)
	if n == 0 || in.Args[n-1].Kind != x86.KindImm {
		return
	}
	switch in.Op {
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR, x86.RORX, x86.SHRD, x86.SHLD:
		in.Args[n-1].Imm &= 0xff
	default:
		if in.IsByteALU() || in.Op == x86.MOV && in.MemSize() == 1 {
			in.Args[n-1].Imm &= 0xff
		}
		if in.Dword() { // a 32-bit operation's imm32, read as the model's signed imm32
			in.Args[n-1].Imm = int64(int32(in.Args[n-1].Imm))
		}
	}
}

// markByteMem sets Size 1 on a byte memory operand no register operand sizes.
func markByteMem(in *x86.Inst, raw x86asm.Inst) {
	if raw.MemBytes != 1 {
		return
	}
	switch in.Op {
	case x86.MOV, x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.AND, x86.OR, x86.XOR, x86.CMP:
	default:
		return
	}
	for _, a := range in.Args {
		if a.Kind == x86.KindReg {
			return
		}
	}
	for i := range in.Args {
		if in.Args[i].Kind == x86.KindMem {
			in.Args[i].Size = 1
		}
	}
}
