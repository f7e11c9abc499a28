package measure

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func TestValidateProgram(t *testing.T) {
	cases := []struct {
		name  string
		body  string
		shape Shape
		want  string // error substring; "" means accepted
	}{
		{"add4", add4, Shape{4, 4, 4, ir.AliasNone}, ""},
		{"saved registers, frame, red zone, xmm", add4Saved, Shape{4, 4, 4, ir.AliasNone}, ""},
		{"pointer copied out of rdx", mul1, Shape{2, 1, 1, ir.AliasNone}, ""},
		{"pointer through the stack", "push rdx\npop rcx\nmov rax, [rcx+8]\nret\n", Shape{1, 1, 2, ir.AliasNone}, ""},
		{"pointer through xmm", "movq xmm0, rsi\nmovq rcx, xmm0\nmov rax, [rcx]\nret\n", Shape{1, 1, 0, ir.AliasNone}, ""},
		{"pointer swapped", "xchg rsi, rdx\nmov rax, [rsi+16]\nmov rax, [rdx]\nret\n", Shape{1, 1, 3, ir.AliasNone}, ""},
		{"saved through red zone", "mov [rsp-8], rbx\nmov rbx, 5\nmov rbx, [rsp-8]\nret\n", Shape{1, 1, 0, ir.AliasNone}, ""},
		{"load through garbage", "mov rax, [rax]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "does not hold an argument pointer"},
		{"write past out1", "mov [rdi+32], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside out1"},
		{"read before arg1", "mov rax, [rsi-8]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside arg1"},
		{"read past arg2", "mov rax, [rdx+25]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside arg2"},
		{"write into arg1", "mov [rsi], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "read-only"},
		{"rmw of arg2", "add [rdx], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "read-only"},
		{"rdx of a unary function", "mov rax, [rdx]\nret\n", Shape{4, 4, 0, ir.AliasNone}, "does not hold"},
		{"pointer overwritten", "mov rdx, [rsi]\nmov rax, [rdx]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "does not hold"},
		{"mul clobbers rdx", "mov rax, [rsi]\nmul qword ptr [rsi+8]\nmov rax, [rdx]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "does not hold"},
		{"pointer arithmetic", "mov rcx, rsi\nadd rcx, 8\nmov rax, [rcx]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "does not hold"},
		{"byte write into pointer", "mov rcx, rsi\nsetc cl\nmov rax, [rcx]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "does not hold"},
		{"return address", "mov [rsp], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside the frame"},
		{"above the entry", "mov rax, [rsp+8]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside the frame"},
		{"beyond the red zone", "mov [rsp-136], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside the frame"},
		{"misaligned slot", "mov [rsp-12], rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "8-byte stack slot"},
		{"frame", "sub rsp, 512\nmov [rsp+504], rax\nmov [rsp-128], rax\nadd rsp, 512\nret\n", Shape{4, 4, 4, ir.AliasNone}, ""},
		{"huge frame", "sub rsp, 100000\nadd rsp, 100000\nret\n", Shape{4, 4, 4, ir.AliasNone}, "frame"},
		{"unbalanced", "sub rsp, 16\nret\n", Shape{4, 4, 4, ir.AliasNone}, "not balanced"},
		{"pop above entry", "pop rax\npush rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "above the entry"},
		{"rsp moved", "mov rsp, rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "writes rsp"},
		{"rsp by lea", "lea rsp, [rsp-8]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "writes rsp"},
		{"rsp by register", "sub rsp, rax\nret\n", Shape{4, 4, 4, ir.AliasNone}, "non-constant"},
		{"rsp aligned", "and rsp, -16\nret\n", Shape{4, 4, 4, ir.AliasNone}, "writes rsp"},
		{"pop rsp", "push rax\npop rsp\nret\n", Shape{4, 4, 4, ir.AliasNone}, "writes rsp"},
		{"rbx clobbered", "mov rbx, 1\nret\n", Shape{4, 4, 4, ir.AliasNone}, "rbx not restored"},
		{"r15 partly clobbered", "setc r15b\nret\n", Shape{4, 4, 4, ir.AliasNone}, "r15 not restored"},
		{"saved swapped", "push rbx\npush r12\npop rbx\npop r12\nret\n", Shape{4, 4, 4, ir.AliasNone}, "not restored"},
		{"slot overwritten", "push rbx\nmov qword ptr [rsp], 0\npop rbx\nret\n", Shape{4, 4, 4, ir.AliasNone}, "rbx not restored"},
		{"slot left the red zone", "sub rsp, 512\nmov [rsp], rbx\nadd rsp, 512\nmov rbx, [rsp-512]\nret\n", Shape{4, 4, 4, ir.AliasNone}, "outside the frame"},
		{"no ret", "mov rax, [rsi]\n", Shape{4, 4, 4, ir.AliasNone}, "does not end with ret"},
		{"after ret", "ret\nmov rax, 1\n", Shape{4, 4, 4, ir.AliasNone}, "after ret"},
		{"alias read after write", "mov rax, [rsi]\nmov [rdi], rax\nmov rax, [rsi]\nret\n", Shape{4, 4, 0, ir.AliasOut1Arg1}, "aliases"},
		{"no alias read after write", "mov rax, [rsi]\nmov [rdi], rax\nmov rax, [rsi]\nret\n", Shape{4, 4, 0, ir.AliasNone}, ""},
		{"alias neg4", neg4, Shape{4, 4, 0, ir.AliasOut1Arg1}, ""},
		{"bad shape", "ret\n", Shape{0, 4, 4, ir.AliasNone}, "shape"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ValidateProgram(gnu(t, c.body), c.shape.Out, c.shape.Arg1, c.shape.Arg2, c.shape.aliased())
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.want)
			require.NotContains(t, err.Error(), "\n")
		})
	}
}

func TestValidateMalformed(t *testing.T) {
	rax, mem := x86.R(x86.RAX), x86.M(x86.RSI, 0)
	cases := []struct {
		name string
		in   x86.Inst
		want string
	}{
		{"bad opcode", x86.Inst{Op: x86.BAD}, "not in the instruction table"},
		{"opcode out of range", x86.Inst{Op: 200}, "not in the instruction table"},
		{"missing operand", x86.Inst{Op: x86.MOV, Args: []x86.Operand{rax}}, "operands"},
		{"extra operand", x86.Inst{Op: x86.RET, Args: []x86.Operand{rax}}, "operands"},
		{"immediate destination", x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.I(1), rax}}, "immediate destination"},
		{"empty operand", x86.Inst{Op: x86.MOV, Args: []x86.Operand{rax, {}}}, "missing"},
		{"bad register", x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.R(x86.NoReg), mem}}, "bad register"},
		{"absolute address", x86.Inst{Op: x86.MOV, Args: []x86.Operand{rax, x86.M(x86.NoReg, 64)}}, "base register"},
		{"xmm base", x86.Inst{Op: x86.MOV, Args: []x86.Operand{rax, x86.M(x86.XMM0, 0)}}, "base register"},
		{"indexed", x86.Inst{Op: x86.MOV, Args: []x86.Operand{rax, x86.MI(x86.RSI, x86.RAX, 8, 0)}}, "indexed"},
		{"pop to memory", x86.Inst{Op: x86.POP, Args: []x86.Operand{x86.M(x86.RDI, 0)}}, "pop into"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &x86.Program{Symbol: "f", Insts: []x86.Inst{c.in, {Op: x86.RET}}}
			require.ErrorContains(t, ValidateProgram(p, 4, 4, 4, false), c.want)
		})
	}
}

func TestOpTableCoversInstructionTable(t *testing.T) {
	for op := x86.BAD + 1; op < x86.NumOpcodes; op++ {
		require.True(t, known(op), "opcode %s has no validator entry", op)
	}
}
