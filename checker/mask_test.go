package checker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// maskFunc is out1[0] = cmovznz(borrow of arg1[0] - arg2[0], arg1[1], arg2[1]).
func maskFunc() *ir.Func {
	b := ir.NewBuilder("masksel")
	max2 := []uint64{^uint64(0), ^uint64(0)}
	a := b.Param("arg1", ir.U64, []uint64{0, 0}, max2)
	c := b.Param("arg2", ir.U64, []uint64{0, 0}, max2)
	_, borrow := b.SubBorrow(ir.C(0), ir.V(a[0]), ir.V(c[0]))
	sel := b.Op1(ir.OpCmovznz, ir.U64, ir.V(borrow), ir.V(a[1]), ir.V(c[1]))
	b.Return("out1", ir.U64, []ir.Arg{ir.V(sel)}, []uint64{0}, []uint64{^uint64(0)})
	return b.Func()
}

// maskAsm is how gcc and clang write that select behind a value barrier: the borrow as a
// mask (sbb r, r), then and / andn / or.
const maskAsm = `SECTION .text
	GLOBAL masksel
masksel:
mov rax, [ rsi ]
sub rax, [ rdx ]
sbb rcx, rcx
mov r8, [ rsi + 0x8 ]
mov r9, [ rdx + 0x8 ]
and r9, rcx
andn r8, rcx, r8
or r8, r9
mov [ rdi ], r8
ret
`

// TestMaskSelect: the mask rules (checker/egraph/rules_mask.go) prove the compilers' form,
// and planted wrong versions of it are refused with a counterexample.
func TestMaskSelect(t *testing.T) {
	rep, err := Check(maskFunc(), []byte(maskAsm), Options{})
	require.NoError(t, err)
	require.True(t, rep.Proved, "%+v", rep.Failures)
	for _, tc := range []struct{ name, from, to string }{
		{"arms-swapped", "and r9, rcx\nandn r8, rcx, r8", "andn r9, rcx, r9\nand r8, rcx"},
		{"mask-of-carry", "sub rax, [ rdx ]", "add rax, [ rdx ]"},
		{"mask-of-other-limb", "mov rax, [ rsi ]", "mov rax, [ rsi + 0x8 ]"},
		{"mask-not-sign-extended", "sbb rcx, rcx", "mov rcx, 0\nadc rcx, 0"},
		{"half-mask", "or r8, r9", "xor r8, rcx"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(maskAsm, tc.from, tc.to, 1)
			require.NotEqual(t, maskAsm, text)
			rep, err := Check(maskFunc(), []byte(text), Options{RandomTrials: 64})
			require.NoError(t, err)
			require.False(t, rep.Proved)
			require.NotNil(t, rep.Counterexample, "%+v", rep.Failures)
		})
	}
}
