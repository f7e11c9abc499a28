package x86

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cryptoptStyle is written in the layout of CryptOpt's published NASM files.
const cryptoptStyle = `SECTION .text
	GLOBAL mul_p
mul_p:
sub rsp, 0x48 ; last 0x30 for callee-saved regs
mov [ rsp + 0x18 ], rbx; saving to stack
mov rax, [ rsi + 0x0 ]; load m64 x4 to register64
mov rdx, [rsi+16]
mulx r10, r11, [ rsi + 0x8 ]; x8, x7<- x4 * arg1[1]
mov r13, 0xffffffffffffffff ; moving imm to reg
mov r9, 0xffffffff00000001
xchg rdx, r13
adcx r11, rax
clc;
adox r14, qword [ rsp - 0x48 ]
seto r15b; spill OF
setb dl
mov byte [ rsp + 0xe0 ], r14b
movzx r15, byte [ rsp + 0xe0 ]
movzx rax, al
imul rdx, [ rsi + 0x20 ], 0x26
test al, al
bzhi r9, r8, rdx
lea r15, [ r15 + rbx ]
shrd r11, r14, 0x38; lo
sbb r13, 0x00000000
cmovb r13, rcx
cmovae r13, rcx
mov rbx, [ rsp + 0x18 ]; restoring from stack
add rsp, 0x48 
ret
; cpu AMD Ryzen 9 5950X 16-Core Processor
; seed 851790244847742 
`

func TestParseCryptOptNASM(t *testing.T) {
	p, err := Parse([]byte(cryptoptStyle))
	require.NoError(t, err)
	require.Equal(t, "mul_p", p.Symbol)
	require.Nil(t, p.Header)
	require.Len(t, p.Insts, 27)
	require.Equal(t, Inst{Op: SUB, Args: []Operand{R(RSP), I(0x48)}, Comment: "last 0x30 for callee-saved regs"}, p.Insts[0])
	require.Equal(t, Inst{Op: MOV, Args: []Operand{R(RDX), M(RSI, 16)}}, p.Insts[3])
	require.Equal(t, I(-1), p.Insts[5].Args[1])
	require.Equal(t, I(-0xffffffff), p.Insts[6].Args[1])
	require.Equal(t, Inst{Op: CLC}, p.Insts[9])
	require.Equal(t, M(RSP, -0x48), p.Insts[10].Args[1])
	require.Equal(t, Inst{Op: SET, Cond: CondC, Args: []Operand{R(DL)}}, p.Insts[12])
	require.Equal(t, 1, p.Insts[13].MemSize())
	require.Equal(t, MI(R15, RBX, 1, 0), p.Insts[19].Args[1])
	require.Equal(t, CondC, p.Insts[22].Cond)
	require.Equal(t, CondNC, p.Insts[23].Cond)
	require.Equal(t, RET, p.Insts[26].Op)
	// And it survives our printers.
	for _, text := range [][]byte{PrintGNU(p), PrintNASM(p)} {
		q, err := Parse(text)
		require.NoError(t, err)
		require.Equal(t, p, q)
	}
}

func TestParseGNUHeaderAndStatements(t *testing.T) {
	src := "# tool v1\n#  indented\n\t.intel_syntax noprefix\n\t.text\n\t.p2align 4, 0x90\n" +
		"\t.globl f # -- Begin function f\n\t.type f,@function\nf:\n.Lfoo:\n" +
		"\tmov rax, QWORD PTR [RSI+8]\n\txor eax_ignored: clc ; stc # flags\n" +
		"\tcmovnbe rax, rdx\n\tret\n.Lfunc_end0:\n\t.size f, .Lfunc_end0-f\n" +
		"\t.section \".note.GNU-stack\",\"\",@progbits\n"
	_, err := ParseGNU([]byte(src))
	require.ErrorContains(t, err, "line 11:") // "xor eax_ignored:" is a second label
	src = "# tool v1\n#  indented\n\t.intel_syntax noprefix\n\t.text\n\t.globl f\nf:\n" +
		"\tmov rax, QWORD PTR [RSI+8]\n\tclc ; stc # flags\n\tcmovnbe rax, rdx\n\tret\n"
	p, err := ParseGNU([]byte(src))
	require.NoError(t, err)
	require.Equal(t, &Program{Symbol: "f", Header: []string{"tool v1", " indented"}, Insts: []Inst{
		{Op: MOV, Args: []Operand{R(RAX), M(RSI, 8)}}, {Op: CLC}, {Op: STC, Comment: "flags"},
		{Op: CMOV, Cond: CondA, Args: []Operand{R(RAX), R(RDX)}}, {Op: RET}}}, p)
}

func TestParseErrors(t *testing.T) {
	const g = ".intel_syntax noprefix\n.globl f\nf:\n"
	const n = "SECTION .text\nGLOBAL f\nf:\n"
	for _, c := range []struct{ src, want string }{
		{g + "mov rax, rbx\nvpaddq ymm0, ymm1, ymm2\n", `line 5: unknown instruction "vpaddq"`},
		{n + "jmp f\n", `line 4: "jmp": jumps/calls not supported`},
		{n + "jc .L1\n", "jumps/calls not supported"},
		{n + "call g\n", "jumps/calls not supported"},
		{n + "ret\ng:\nret\n", "line 5: several functions (f, g)"},
		{"SECTION .text\nGLOBAL f\nGLOBAL g\nf:\n", "line 3: several global symbols"},
		{"SECTION .text\nGLOBAL g\nf:\nret\n", `global symbol "g" is not the function label "f"`},
		{"SECTION .text\nret\n", "line 2: instruction \"ret\" before the function label"},
		{"SECTION .text\n", "no function label"},
		{".globl f\nf:\nmovq %rax, %rbx\n", "line 3: instruction before .intel_syntax noprefix"},
		{g + "mov rax, dword ptr [rsi]\n", "line 4: mov: unsupported operand size"},
		{g + "mov ax, 1\n", `unknown operand "ax"`},
		{g + "mov eax, 1\n", `invalid operands (r32, imm8)`},
		{g + "mov al, qword ptr [rsi]\n", "memory operand size 8, want 1"},
		{g + "add rax, 0x80000000\n", "line 4: add: invalid operands (r64, imm64)"},
		{g + "mulx rax, qword ptr [rsi], rbx\n", "mulx: invalid operands"},
		{g + "mov qword ptr [rsi], qword ptr [rdi]\n", "mov: invalid operands (m, m)"},
		{g + "lea rax, [rsi + rsp*2]\n", "lea: invalid operands"},
		{g + "mov rax, [rsi - rdi]\n", "register rdi subtracted"},
		{g + "mov rax, [rsi + 0x100000000]\n", "out of range"},
		{g + "mov rax, 0x10000000000000000\n", "invalid number"},
		{g + ".byte 0x90\n", `line 4: unsupported directive ".byte"`},
		{g + ".section .rodata\n", "unsupported section"},
		{".att_syntax\n", "line 1: AT&T syntax is not supported"},
		{n + "mov rax, [rel foo]\n", "unknown register"},
	} {
		_, err := Parse([]byte(c.src))
		require.ErrorContains(t, err, c.want, c.src)
	}
}

// TestParseByteALU covers the byte forms CryptOpt uses to move saved flag bits back into
// CF/OF: only an explicit "byte" distinguishes "add byte [m], imm" from the qword form.
func TestParseByteALU(t *testing.T) {
	src := "SECTION .text\nGLOBAL f\nf:\nadd r10b, 0x7F\nadc r8b, 0x0\nadd byte [ rsp + 0x1e0 ], 0x7F\n" +
		"add qword [ rsp + 0x8 ], 0x7F\nadd r13b, r15b\nmov r8b, dl\nret\n"
	p, err := Parse([]byte(src))
	require.NoError(t, err)
	byteMem := Operand{Kind: KindMem, Base: RSP, Index: NoReg, Scale: 1, Disp: 0x1e0, Size: 1}
	require.Equal(t, []Inst{
		{Op: ADD, Args: []Operand{R(R10B), I(0x7f)}},
		{Op: ADC, Args: []Operand{R(R8B), I(0)}},
		{Op: ADD, Args: []Operand{byteMem, I(0x7f)}},
		{Op: ADD, Args: []Operand{M(RSP, 8), I(0x7f)}},
		{Op: ADD, Args: []Operand{R(R13B), R(R15B)}},
		{Op: MOV, Args: []Operand{R(R8B), R(DL)}},
		{Op: RET}}, p.Insts)
	for i, want := range []int{1, 1, 1, 8, 1, 1} {
		require.Equal(t, want, p.Insts[i].MemSize(), "%d", i)
	}
	for _, text := range [][]byte{PrintGNU(p), PrintNASM(p)} {
		q, err := Parse(text)
		require.NoError(t, err, "%s", text)
		require.Equal(t, p, q)
	}
}

// TestParseIndexOnlyLEA: CryptOpt writes "lea rbp, [ 4 * r15]" (no base); only lea takes it.
func TestParseIndexOnlyLEA(t *testing.T) {
	const n = "SECTION .text\nGLOBAL f\nf:\n"
	p, err := Parse([]byte(n + "lea rbp, [ 4 * r15]\nlea rax, [rdx*2 - 0x8]\nlea rcx, [1 * rcx]\nret\n"))
	require.NoError(t, err)
	require.Equal(t, MI(NoReg, R15, 4, 0), p.Insts[0].Args[1])
	require.Equal(t, MI(NoReg, RDX, 2, -8), p.Insts[1].Args[1])
	require.Equal(t, M(RCX, 0), p.Insts[2].Args[1])
	for _, text := range [][]byte{PrintGNU(p), PrintNASM(p)} {
		q, err := Parse(text)
		require.NoError(t, err, "%s", text)
		require.Equal(t, p, q)
	}
	for _, bad := range []string{"mov rax, [ 4 * r15 ]\n", "lea rax, [ 4 * rsp ]\n", "lea rax, [ 3 * rdx ]\n"} {
		_, err := Parse([]byte(n + bad + "ret\n"))
		require.Error(t, err, bad)
	}
}

// TestParseQuotedSymbols: gcc 16 quotes symbol names in its Intel-syntax output.
func TestParseQuotedSymbols(t *testing.T) {
	src := "\t.intel_syntax noprefix\n\t.text\n\t.globl\t\"add2\"\n\t.type\t\"add2\", @function\n" +
		"\"add2\":\n\tmov\trax, QWORD PTR [rsi]\n\tmov\tQWORD PTR [rdi], rax\n\tret\n\t.size\t\"add2\", .-\"add2\"\n"
	p, err := Parse([]byte(src))
	require.NoError(t, err)
	require.Equal(t, "add2", p.Symbol)
	require.Len(t, p.Insts, 3)
	_, err = Parse([]byte(strings.Replace(src, "\"add2\":", "\"other\":", 1)))
	require.Error(t, err, "the quoted global must still name the function label")
}
