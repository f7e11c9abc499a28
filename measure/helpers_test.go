package measure

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// gnu parses a function body written in GNU Intel syntax.
func gnu(t testing.TB, body string) *x86.Program {
	t.Helper()
	src := ".intel_syntax noprefix\n.globl f\nf:\n" + body
	p, err := x86.ParseGNU([]byte(src))
	require.NoError(t, err)
	return p
}

func fullRange(n int) (lo, hi []uint64) {
	lo, hi = make([]uint64, n), make([]uint64, n)
	for i := range hi {
		hi[i] = ^uint64(0)
	}
	return lo, hi
}

// add4Func is out1 = arg1 + arg2 mod 2^256 over four 64-bit limbs.
func add4Func() *ir.Func {
	b := ir.NewBuilder("add4")
	lo, hi := fullRange(4)
	a := b.Param("arg1", ir.U64, lo, hi)
	c := b.Param("arg2", ir.U64, lo, hi)
	carry := ir.C(0)
	var out []ir.Arg
	for i := range 4 {
		s, co := b.AddCarry(carry, ir.V(a[i]), ir.V(c[i]))
		out = append(out, ir.V(s))
		carry = ir.V(co)
	}
	b.Return("out1", ir.U64, out, lo, hi)
	return b.Func()
}

// neg4Func is the unary out1 = -arg1 mod 2^256.
func neg4Func() *ir.Func {
	b := ir.NewBuilder("neg4")
	lo, hi := fullRange(4)
	a := b.Param("arg1", ir.U64, lo, hi)
	borrow := ir.C(0)
	var out []ir.Arg
	for i := range 4 {
		d, bo := b.SubBorrow(borrow, ir.C(0), ir.V(a[i]))
		out = append(out, ir.V(d))
		borrow = ir.V(bo)
	}
	b.Return("out1", ir.U64, out, lo, hi)
	return b.Func()
}

// mul1Func is the two-limb product out1 = arg1[0] * arg2[0].
func mul1Func() *ir.Func {
	b := ir.NewBuilder("mul1")
	lo, hi := fullRange(1)
	a := b.Param("arg1", ir.U64, lo, hi)
	c := b.Param("arg2", ir.U64, lo, hi)
	l, h := b.Mulx(ir.V(a[0]), ir.V(c[0]))
	lo2, hi2 := fullRange(2)
	b.Return("out1", ir.U64, []ir.Arg{ir.V(l), ir.V(h)}, lo2, hi2)
	return b.Func()
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

// add4Wrong forgets the carry into limb 2.
const add4Wrong = `
	mov rax, [rsi]
	add rax, [rdx]
	mov [rdi], rax
	mov rax, [rsi+8]
	adc rax, [rdx+8]
	mov [rdi+8], rax
	mov rax, [rsi+16]
	add rax, [rdx+16]
	mov [rdi+16], rax
	mov rax, [rsi+24]
	adc rax, [rdx+24]
	mov [rdi+24], rax
	ret
`

// add4Partial never writes out1[3].
const add4Partial = `
	mov rax, [rsi]
	add rax, [rdx]
	mov [rdi], rax
	mov rax, [rsi+8]
	adc rax, [rdx+8]
	mov [rdi+8], rax
	mov rax, [rsi+16]
	adc rax, [rdx+16]
	mov [rdi+16], rax
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
