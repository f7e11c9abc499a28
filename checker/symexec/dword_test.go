package symexec

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestDwordForms: the 32-bit forms on constants, each against the value the CPU gives
// (checked by hand with gcc; e2e TestSymexecAgainstCPU compares random operands): a 32-bit
// write zeroes the upper half, also for a shift whose count masks to 0; carries and the
// sign come from bit 31.
func TestDwordForms(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		rax, rbx  uint64 // rbx: setc bl, or a flag's setcc
	}{
		{"shl-0", "mov rax, -1\nshl eax, 0\nsetc bl", 0xffffffff, 0},
		{"shl-32-masks-to-0", "mov rax, -1\nshl eax, 32", 0xffffffff, 0},
		{"shl", "mov rax, -1\nshl eax, 4\nsetc bl", 0xfffffff0, 1},
		{"shr", "mov rax, -1\nshr eax, 31\nsetc bl", 1, 1},
		{"sar", "mov rax, 0x80000000\nsar eax, 31", 0xffffffff, 0},
		{"clang-adc", "mov rax, -1\nshr rax, 57\nmov rdx, -1\nadd rdx, rdx\nadc eax, 0\nsetc bl", 128, 0},
		{"add-carry", "mov rax, 0xffffffff\nadd eax, 1\nsetc bl", 0, 1},
		{"sub-borrow", "mov rax, -1\nmov rcx, 1\nsub eax, ecx\nsetc bl", 0xfffffffe, 0},
		{"sbb", "xor ebx, ebx\nmov rax, 0\nstc\nsbb eax, 0\nsets bl", 0xffffffff, 1},
		{"mov", "mov rax, -1\nmov eax, eax", 0xffffffff, 0},
		{"lea", "mov rcx, 0x123456789\nlea eax, [rcx + 8]", 0x23456791, 0},
		{"and-imm32", "mov rax, -1\nand eax, -16\nsets bl", 0xfffffff0, 1},
		{"xor", "mov rax, -1\nmov rcx, 0x100000000\nxor eax, ecx\nsetz bl", 0xffffffff, 0},
		{"xor-self", "mov rax, -1\nxor eax, eax\nsetz bl", 0, 1},
		{"movzx", "mov rax, -1\nmov rcx, 0x1ff\nmovzx eax, cl", 0xff, 0},
		{"cmp", "mov rax, 0x100000000\ncmp eax, 0\nsetz bl", 0x100000000, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := x86.ParseGNU([]byte(".intel_syntax noprefix\nf:\nxor rbx, rbx\n" + tc.src + "\nret\n"))
			require.NoError(t, err)
			g := egraph.New()
			res := ExecAsm(g, p, []Array{{Name: "out1", Limbs: 1, Base: 1, Output: true}})
			require.Nil(t, res.Violation)
			for r, want := range map[x86.Reg]uint64{x86.RAX: tc.rax, x86.RBX: tc.rbx} {
				v, ok := g.ConstVal(res.Regs[r].Id)
				require.True(t, ok, "%s: %s", r, g.Format(res.Regs[r].Id, 6))
				require.Equal(t, egraph.W(want), v, "%s", r)
			}
		})
	}
}
