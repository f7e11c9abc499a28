package x86

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestValidate(t *testing.T) {
	m := M(RSI, 8)
	for _, c := range []struct {
		in      Inst
		wantErr string // "" means valid
	}{
		{Inst{Op: MULX, Args: []Operand{R(RAX), R(RBX), m}}, ""},
		{Inst{Op: MULX, Args: []Operand{R(RAX), m, R(RBX)}}, "mulx: invalid operands (r64, m, r64)"},
		{Inst{Op: MULX, Args: []Operand{R(RAX), R(RBX)}}, "invalid operands"},
		{Inst{Op: ADCX, Args: []Operand{R(RAX), m}}, ""},
		{Inst{Op: ADCX, Args: []Operand{m, R(RAX)}}, "invalid operands"},
		{Inst{Op: ADOX, Args: []Operand{R(RAX), I(1)}}, "invalid operands"},
		{Inst{Op: SHL, Args: []Operand{R(RAX), I(63)}}, ""},
		{Inst{Op: SHL, Args: []Operand{R(RAX), R(CL)}}, ""},
		{Inst{Op: SHL, Args: []Operand{R(RAX), R(DL)}}, "invalid operands"},
		{Inst{Op: SHL, Args: []Operand{R(RAX), I(256)}}, "invalid operands"},
		{Inst{Op: SHL, Args: []Operand{R(RAX), I(-1)}}, "invalid operands"},
		{Inst{Op: SHRD, Args: []Operand{R(RAX), R(RBX), R(CL)}}, ""},
		{Inst{Op: SHRD, Args: []Operand{R(RAX), m, I(3)}}, "invalid operands"},
		{Inst{Op: MOVZX, Args: []Operand{R(RAX), R(AL)}}, ""},
		{Inst{Op: MOVZX, Args: []Operand{R(RAX), R(RBX)}}, "invalid operands"},
		{Inst{Op: MOVQ, Args: []Operand{R(XMM0), R(RAX)}}, ""},
		{Inst{Op: MOVQ, Args: []Operand{R(RAX), R(XMM0 + 3)}}, ""},
		{Inst{Op: MOVQ, Args: []Operand{R(RAX), R(RBX)}}, "invalid operands"},
		{Inst{Op: MOVQ, Args: []Operand{R(XMM0), m}}, "invalid operands"},
		{Inst{Op: LEA, Args: []Operand{R(RAX), MI(RSI, RDX, 8, -8)}}, ""},
		{Inst{Op: LEA, Args: []Operand{R(RAX), R(RSI)}}, "invalid operands"},
		{Inst{Op: LEA, Args: []Operand{R(RAX), MI(RSI, RSP, 1, 0)}}, "malformed memory"},
		{Inst{Op: LEA, Args: []Operand{R(RAX), MI(RSI, RDX, 3, 0)}}, "malformed memory"},
		{Inst{Op: MOV, Args: []Operand{R(RAX), MI(RSI, RDX, 8, 0)}}, "invalid operands (r64, m(indexed))"},
		{Inst{Op: MOV, Args: []Operand{R(RAX), Operand{Kind: KindMem, Base: NoReg, Index: NoReg}}}, "malformed memory"},
		{Inst{Op: MOV, Args: []Operand{m, m}}, "invalid operands (m, m)"},
		{Inst{Op: MOV, Args: []Operand{R(RAX), I(math.MinInt64)}}, ""},
		{Inst{Op: MOV, Args: []Operand{m, I(math.MaxInt32)}}, ""},
		{Inst{Op: MOV, Args: []Operand{m, I(math.MaxInt32 + 1)}}, "invalid operands (m, imm64)"},
		{Inst{Op: MOV, Args: []Operand{m, R(AL)}}, ""},
		{Inst{Op: MOV, Args: []Operand{R(AL), R(BL)}}, ""},
		{Inst{Op: MOV, Args: []Operand{R(AL), R(RBX)}}, "invalid operands (r8, r64)"},
		{Inst{Op: ADD, Args: []Operand{R(R10B), I(0x7f)}}, ""},
		{Inst{Op: ADC, Args: []Operand{R(R8B), R(DL)}}, ""},
		{Inst{Op: ADD, Args: []Operand{R(R8B), R(RDX)}}, "invalid operands (r8, r64)"},
		{Inst{Op: ADD, Args: []Operand{R(R8B), I(256)}}, "invalid operands"},
		{Inst{Op: ADD, Args: []Operand{{Kind: KindMem, Base: RSP, Index: NoReg, Disp: 8, Size: 1}, I(0x7f)}}, ""},
		{Inst{Op: ADD, Args: []Operand{{Kind: KindMem, Base: RSP, Index: NoReg, Disp: 8, Size: 1}, R(RAX)}}, "invalid operands"},
		{Inst{Op: MUL, Args: []Operand{{Kind: KindMem, Base: RSP, Index: NoReg, Disp: 8, Size: 1}}}, "invalid operands"},
		{Inst{Op: ADD, Args: []Operand{{Kind: KindMem, Base: RSP, Index: NoReg, Size: 3}, I(1)}}, "malformed memory"},
		{Inst{Op: ADD, Args: []Operand{R(RAX), I(math.MinInt32)}}, ""},
		{Inst{Op: ADD, Args: []Operand{R(RAX), I(0xffffffff)}}, "invalid operands (r64, imm64)"},
		{Inst{Op: IMUL, Args: []Operand{R(RAX), m, I(38)}}, ""},
		{Inst{Op: IMUL, Args: []Operand{R(RAX), R(RBX), I(0x1000003d1)}}, "invalid operands"},
		{Inst{Op: IMUL, Args: []Operand{R(RAX)}}, "invalid operands"},
		{Inst{Op: TEST, Args: []Operand{R(AL), R(AL)}}, ""},
		{Inst{Op: CMOV, Cond: CondLE, Args: []Operand{R(RAX), m}}, ""},
		{Inst{Op: CMOV, Cond: 16, Args: []Operand{R(RAX), m}}, "invalid condition"},
		{Inst{Op: ADD, Cond: CondC, Args: []Operand{R(RAX), R(RBX)}}, "condition set on an unconditional"},
		{Inst{Op: SET, Cond: CondNZ, Args: []Operand{R(R15B)}}, ""},
		{Inst{Op: SET, Cond: CondNZ, Args: []Operand{R(R15)}}, "invalid operands"},
		{Inst{Op: PUSH, Args: []Operand{m}}, "invalid operands"},
		{Inst{Op: RET, Args: []Operand{I(0)}}, "invalid operands"},
		{Inst{Op: CLC}, ""},
		{Inst{Op: CLC, Comment: "a\nb"}, "line break"},
		{Inst{Op: BAD}, "invalid opcode"},
		{Inst{Op: NumOpcodes}, "invalid opcode"},
		{Inst{Op: NOT, Args: []Operand{{}}}, "malformed operand"},
	} {
		err := c.in.Validate()
		if c.wantErr == "" {
			require.NoError(t, err, "%s", c.in.Mnemonic())
		} else {
			require.ErrorContains(t, err, c.wantErr, "%s", c.in.Mnemonic())
		}
	}
}

func TestProgramValidate(t *testing.T) {
	ok := []Inst{{Op: RET}}
	for _, c := range []struct {
		p       Program
		wantErr string
	}{
		{Program{Symbol: "fiat_p256_mul", Insts: ok}, ""},
		{Program{Symbol: "", Insts: ok}, "invalid function symbol"},
		{Program{Symbol: "rax", Insts: ok}, "invalid function symbol"},
		{Program{Symbol: "mov", Insts: ok}, "invalid function symbol"},
		{Program{Symbol: "a b", Insts: ok}, "invalid function symbol"},
		{Program{Symbol: "f", Header: []string{"x\ny"}, Insts: ok}, "header line 1"},
		{Program{Symbol: "f", Insts: []Inst{{Op: RET}, {Op: MUL}}}, "instruction 1: mul: invalid operands"},
	} {
		err := c.p.Validate()
		if c.wantErr == "" {
			require.NoError(t, err)
		} else {
			require.ErrorContains(t, err, c.wantErr)
		}
	}
}
