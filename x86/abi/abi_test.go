package abi

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func TestValidateProgram(t *testing.T) {
	cases := []struct {
		name  string
		body  string
		shape Shape
		want  string // error substring; "" means accepted
	}{
		{"add4", add4, Shape{4, 4, 4, false}, ""},
		{"saved registers, frame, red zone, xmm", add4Saved, Shape{4, 4, 4, false}, ""},
		{"pointer copied out of rdx", mul1, Shape{2, 1, 1, false}, ""},
		{"pointer through the stack", "push rdx\npop rcx\nmov rax, [rcx+8]\nret\n", Shape{1, 1, 2, false}, ""},
		{"pointer through xmm", "movq xmm0, rsi\nmovq rcx, xmm0\nmov rax, [rcx]\nret\n", Shape{1, 1, 0, false}, ""},
		{"pointer swapped", "xchg rsi, rdx\nmov rax, [rsi+16]\nmov rax, [rdx]\nret\n", Shape{1, 1, 3, false}, ""},
		{"saved through red zone", "mov [rsp-8], rbx\nmov rbx, 5\nmov rbx, [rsp-8]\nret\n", Shape{1, 1, 0, false}, ""},
		{"load through garbage", "mov rax, [rax]\nret\n", Shape{4, 4, 4, false}, "does not hold an argument pointer"},
		{"write past out1", "mov [rdi+32], rax\nret\n", Shape{4, 4, 4, false}, "outside out1"},
		{"read before arg1", "mov rax, [rsi-8]\nret\n", Shape{4, 4, 4, false}, "outside arg1"},
		{"read past arg2", "mov rax, [rdx+25]\nret\n", Shape{4, 4, 4, false}, "outside arg2"},
		{"write into arg1", "mov [rsi], rax\nret\n", Shape{4, 4, 4, false}, "read-only"},
		{"rmw of arg2", "add [rdx], rax\nret\n", Shape{4, 4, 4, false}, "read-only"},
		{"rdx of a unary function", "mov rax, [rdx]\nret\n", Shape{4, 4, 0, false}, "does not hold"},
		{"pointer overwritten", "mov rdx, [rsi]\nmov rax, [rdx]\nret\n", Shape{4, 4, 4, false}, "does not hold"},
		{"mul clobbers rdx", "mov rax, [rsi]\nmul qword ptr [rsi+8]\nmov rax, [rdx]\nret\n", Shape{4, 4, 4, false}, "does not hold"},
		{"pointer arithmetic", "mov rcx, rsi\nadd rcx, 8\nmov rax, [rcx]\nret\n", Shape{4, 4, 4, false}, "does not hold"},
		{"byte write into pointer", "clc\nmov rcx, rsi\nsetc cl\nmov rax, [rcx]\nret\n", Shape{4, 4, 4, false}, "does not hold"},
		{"return address", "mov [rsp], rax\nret\n", Shape{4, 4, 4, false}, "outside the frame"},
		{"above the entry", "mov rax, [rsp+8]\nret\n", Shape{4, 4, 4, false}, "outside the frame"},
		{"beyond the red zone", "mov [rsp-136], rax\nret\n", Shape{4, 4, 4, false}, "outside the frame"},
		{"misaligned slot", "mov [rsp-12], rax\nret\n", Shape{4, 4, 4, false}, "8-byte stack slot"},
		{"frame", "sub rsp, 512\nmov [rsp+504], rax\nmov [rsp-128], rax\nadd rsp, 512\nret\n", Shape{4, 4, 4, false}, ""},
		{"huge frame", "sub rsp, 100000\nadd rsp, 100000\nret\n", Shape{4, 4, 4, false}, "frame"},
		{"unbalanced", "sub rsp, 16\nret\n", Shape{4, 4, 4, false}, "not balanced"},
		{"pop above entry", "pop rax\npush rax\nret\n", Shape{4, 4, 4, false}, "above the entry"},
		{"rsp moved", "mov rsp, rax\nret\n", Shape{4, 4, 4, false}, "writes rsp"},
		{"rsp by lea", "lea rsp, [rsp-8]\nret\n", Shape{4, 4, 4, false}, "writes rsp"},
		{"rsp by register", "sub rsp, rax\nret\n", Shape{4, 4, 4, false}, "non-constant"},
		{"rsp aligned", "and rsp, -16\nret\n", Shape{4, 4, 4, false}, "writes rsp"},
		{"pop rsp", "push rax\npop rsp\nret\n", Shape{4, 4, 4, false}, "writes rsp"},
		{"rbx clobbered", "mov rbx, 1\nret\n", Shape{4, 4, 4, false}, "rbx not restored"},
		{"r15 partly clobbered", "clc\nsetc r15b\nret\n", Shape{4, 4, 4, false}, "r15 not restored"},
		{"saved swapped", "push rbx\npush r12\npop rbx\npop r12\nret\n", Shape{4, 4, 4, false}, "not restored"},
		{"slot overwritten", "push rbx\nmov qword ptr [rsp], 0\npop rbx\nret\n", Shape{4, 4, 4, false}, "rbx not restored"},
		{"slot left the red zone", "sub rsp, 512\nmov [rsp], rbx\nadd rsp, 512\nmov rbx, [rsp-512]\nret\n", Shape{4, 4, 4, false}, "outside the frame"},
		{"no ret", "mov rax, [rsi]\n", Shape{4, 4, 4, false}, "does not end with ret"},
		{"after ret", "ret\nmov rax, 1\n", Shape{4, 4, 4, false}, "after ret"},
		{"alias read after write", "mov rax, [rsi]\nmov [rdi], rax\nmov rax, [rsi]\nret\n", Shape{4, 4, 0, true}, "aliases"},
		{"no alias read after write", "mov rax, [rsi]\nmov [rdi], rax\nmov rax, [rsi]\nret\n", Shape{4, 4, 0, false}, ""},
		{"alias neg4", neg4, Shape{4, 4, 0, true}, ""},
		// Checks codegen's verifier made, now made for every program.
		{"carry read at entry", "adc rax, 1\nret\n", Shape{4, 4, 4, false}, "reads a flag"},
		{"overflow read after clc", "clc\nadox rax, rcx\nret\n", Shape{4, 4, 4, false}, "reads a flag"},
		{"zero flag read at entry", "cmovz rax, rcx\nret\n", Shape{4, 4, 4, false}, "reads a flag"},
		{"flags set by test", "test rax, rax\ncmovz rax, rcx\nsetc cl\nseto dl\nret\n", Shape{4, 4, 4, false}, ""},
		{"carry chain", "xor rax, rax\nadcx rax, rcx\nadox rax, rcx\nret\n", Shape{4, 4, 4, false}, ""},
		{"limb misaligned", "mov rax, [rsi+4]\nret\n", Shape{4, 4, 4, false}, "not at a limb"},
		{"setc through arg1", "clc\nsetc byte ptr [rsi]\nret\n", Shape{4, 4, 4, false}, "read-only"},
		{"mul clobbers rax", "mov rax, rsi\nmul qword ptr [rsi+8]\nmov rcx, [rax]\nret\n", Shape{4, 4, 4, false}, "does not hold"},
		{"alias longer arg1", "mov [rdi], rax\nmov rax, [rsi+32]\nret\n", Shape{1, 8, 0, true}, ""},
		{"bad shape", "ret\n", Shape{0, 4, 4, false}, "shape"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(gnu(t, c.body), c.shape, Options{})
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
			require.ErrorContains(t, Validate(p, Shape{4, 4, 4, false}, Options{}), c.want)
		})
	}
}

// gnu parses a function body written in GNU Intel syntax.
func gnu(t testing.TB, body string) *x86.Program {
	t.Helper()
	p, err := x86.ParseGNU([]byte(".intel_syntax noprefix\n.globl f\nf:\n" + body))
	require.NoError(t, err)
	return p
}

// add4 is a straightforward add4Func.
const add4 = `
	mov rax, [rsi]
	add rax, [rdx]
	mov [rdi], rax
	mov rax, [rsi+8]
	adc rax, [rdx+8]
	mov [rdi+8], rax
	mov rax, [rsi+16]
	adc rax, [rdx+16]
	mov [rdi+16], rax
	mov rax, [rsi+24]
	adc rax, [rdx+24]
	mov [rdi+24], rax
	ret
`

// add4Saved computes add4Func in callee-saved registers, through a stack frame, the red
// zone and an xmm register, restoring everything.
const add4Saved = `
	push rbx
	push r12
	sub rsp, 32
	mov rbx, [rsi]
	mov r12, [rsi+8]
	add rbx, [rdx]
	adc r12, [rdx+8]
	mov [rsp+8], rbx
	mov [rsp-16], r12
	mov rbx, [rsi+16]
	mov r12, [rsi+24]
	adc rbx, [rdx+16]
	adc r12, [rdx+24]
	movq xmm3, r12
	mov rax, [rsp+8]
	mov [rdi], rax
	mov rax, [rsp-16]
	mov [rdi+8], rax
	mov [rdi+16], rbx
	movq rax, xmm3
	mov [rdi+24], rax
	add rsp, 32
	pop r12
	pop rbx
	ret
`

// mul1 moves the arg2 pointer out of rdx, which mulx needs.
const mul1 = `
	mov rcx, rdx
	mov rdx, [rcx]
	mulx r8, rax, [rsi]
	mov [rdi], rax
	mov [rdi+8], r8
	ret
`

// neg4 is neg4Func, correct also when out1 == arg1 (each limb is read before written).
const neg4 = `
	mov rax, 0
	sub rax, [rsi]
	mov [rdi], rax
	mov rax, 0
	sbb rax, [rsi+8]
	mov [rdi+8], rax
	mov rax, 0
	sbb rax, [rsi+16]
	mov [rdi+16], rax
	mov rax, 0
	sbb rax, [rsi+24]
	mov [rdi+24], rax
	ret
`

// TestValidateOptions covers the invariants codegen adds to the ABI checks.
func TestValidateOptions(t *testing.T) {
	all := Options{KeepFramePointer: true, LoadStore: true, OwnStack: true}
	s := Shape{4, 4, 4, false}
	cases := []struct {
		name string
		body string
		opts Options
		want string // error substring; "" means accepted
	}{
		{"add4 strict", add4, all, ""},
		{"rmw memory", "mov rax, [rsi]\nadd [rdi], rax\nret\n", all, "memory destination"},
		{"rmw memory allowed", "mov rax, [rsi]\nmov [rdi], rax\nadd [rdi], rax\nret\n", Options{}, ""},
		{"compare memory", "cmp [rsi], rax\nret\n", all, "memory destination"},
		{"setc to memory", "clc\nsetc byte ptr [rdi]\nret\n", all, ""},
		{"rbp kept", "push rbp\nmov rbp, rax\npop rbp\nret\n", all, "writes rbp"},
		{"rbp by byte", "push rbp\nclc\nsetc bpl\npop rbp\nret\n", all, "writes rbp"},
		{"rbp free", "push rbp\nmov rbp, rax\npop rbp\nret\n", Options{}, ""},
		{"go frame link", "push rbp\nmov rbp, rsp\nsub rsp, 16\nmov [rsp+8], rax\nadd rsp, 16\npop rbp\nret\n", all, ""},
		{"red zone under frame", "sub rsp, 16\nmov [rsp-8], rax\nadd rsp, 16\nret\n", all, "outside the 16-byte frame"},
		{"red zone under frame allowed", "sub rsp, 16\nmov [rsp-8], rax\nadd rsp, 16\nret\n", Options{}, ""},
		{"pushed word", "push rbx\nmov rax, [rsp]\npop rbx\nret\n", all, "outside the red zone"},
		{"red zone", "mov [rsp-128], rax\nmov rax, [rsp-8]\nret\n", all, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(gnu(t, c.body), s, c.opts)
			if c.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.want)
		})
	}
}

// TestVectorRefused: the compiler-only vector forms are not code the validator passes.
func TestVectorRefused(t *testing.T) {
	p := &x86.Program{Symbol: "f", Insts: []x86.Inst{{Op: x86.VZEROUPPER}, {Op: x86.RET}}}
	require.ErrorContains(t, Validate(p, Shape{Out: 4, Arg1: 4, Arg2: 4}, Options{}), "vector instruction")
}
