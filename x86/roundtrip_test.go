package x86

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRandomProgramsValidate(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		require.NoError(t, RandomProgram(rng, 100).Validate())
	}
}

func TestPrintParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for i := 0; i < 200; i++ {
		p := RandomProgram(rng, 100)
		for _, c := range []struct {
			name  string
			print func(*Program) []byte
			parse func([]byte) (*Program, error)
		}{
			{"gnu", PrintGNU, ParseGNU}, {"nasm", PrintNASM, ParseNASM},
			{"gnu-auto", PrintGNU, Parse}, {"nasm-auto", PrintNASM, Parse},
		} {
			got, err := c.parse(c.print(p))
			require.NoError(t, err, c.name)
			require.Equal(t, p, got, c.name)
		}
	}
}

func TestPrintDeterministic(t *testing.T) {
	a := PrintGNU(RandomProgram(rand.New(rand.NewSource(9)), 300))
	b := PrintGNU(RandomProgram(rand.New(rand.NewSource(9)), 300))
	require.Equal(t, a, b)
}

func TestInstString(t *testing.T) {
	for _, c := range []struct {
		in   Inst
		want string
	}{
		{Inst{Op: MULX, Args: []Operand{R(R10), R(R11), M(RSI, 8)}}, "mulx r10, r11, qword ptr [rsi + 0x8]"},
		{Inst{Op: MOV, Args: []Operand{M(RSP, -0x48), R(RBX)}}, "mov qword ptr [rsp - 0x48], rbx"},
		{Inst{Op: MOV, Args: []Operand{R(RDX), I(-0xffffffff)}}, "mov rdx, 0xffffffff00000001"},
		{Inst{Op: MOV, Args: []Operand{R(RDX), I(-2)}}, "mov rdx, -0x2"},
		{Inst{Op: MOV, Args: []Operand{M(RSP, 0xe0), R(R14B)}}, "mov byte ptr [rsp + 0xe0], r14b"},
		{Inst{Op: LEA, Args: []Operand{R(R15), MI(R15, RBX, 1, 0)}}, "lea r15, [r15 + rbx]"},
		{Inst{Op: LEA, Args: []Operand{R(RAX), MI(RDI, RCX, 8, -16)}}, "lea rax, [rdi + rcx*8 - 0x10]"},
		{Inst{Op: CMOV, Cond: CondC, Args: []Operand{R(R13), R(RCX)}}, "cmovc r13, rcx"},
		{Inst{Op: SET, Cond: CondO, Args: []Operand{R(DIL)}}, "seto dil"},
		{Inst{Op: MOVQ, Args: []Operand{R(XMM0 + 15), R(R12)}}, "movq xmm15, r12"},
		{Inst{Op: SHRD, Args: []Operand{R(R11), R(R14), I(0x38)}}, "shrd r11, r14, 0x38"},
		{Inst{Op: CLC}, "clc"},
	} {
		require.Equal(t, c.want, c.in.String())
		require.NoError(t, c.in.Validate(), c.want)
	}
}

func TestPrintNASMSizes(t *testing.T) {
	p := &Program{Symbol: "f", Insts: []Inst{
		{Op: MULX, Args: []Operand{R(R10), R(R11), M(RSI, 8)}},
		{Op: MOV, Args: []Operand{M(RSP, -0x48), I(0)}},
		{Op: SHL, Args: []Operand{M(RSP, 0), R(CL)}},
		{Op: MOVZX, Args: []Operand{R(RAX), M(RSP, 0x90)}},
		{Op: MOV, Args: []Operand{M(RSP, 0xe0), R(R14B)}, Comment: "spill"},
	}}
	require.Equal(t, "SECTION .text\n\tGLOBAL f\nf:\n"+
		"mulx r10, r11, [ rsi + 0x8 ]\n"+
		"mov qword [ rsp - 0x48 ], 0x0\n"+
		"shl qword [ rsp ], cl\n"+
		"movzx rax, byte [ rsp + 0x90 ]\n"+
		"mov [ rsp + 0xe0 ], r14b ; spill\n", string(PrintNASM(p)))
}
