; Hand-written in the style of CryptOpt's published NASM: mul (rdx:rax) instead of mulx,
; imul and lea for constants, cmp+cmovc for cmovznz, setc+movzx to save a carry, xchg, and a
; callee-saved register kept in the red zone.
SECTION .text
	GLOBAL mix
mix:
mov [ rsp - 0x10 ], rbx ; save rbx in the red zone
mov rcx, rdx ; arg2
mov rax, [ rsi ]
mul qword [ rcx ] ; rdx:rax = arg1[0] * arg2[0]
mov r8, rax
mov r9, rdx
mov rax, [ rsi + 0x8 ]
mul qword [ rcx + 0x8 ]
add r8, rax
adc r9, rdx
mov [ rdi ], r8
mov [ rdi + 0x8 ], r9
mov rbx, [ rsi ]
mov rdx, [ rcx ]
cmp rbx, rdx
cmovc rbx, rdx ; cmovznz(borrow, arg1[0], arg2[0])
mov [ rdi + 0x10 ], rbx
imul rax, [ rsi + 0x8 ], 0x13
mov [ rdi + 0x18 ], rax
mov rax, [ rsi + 0x8 ]
lea rax, [ rax + 8 * rax ]
mov [ rdi + 0x20 ], rax
mov rax, [ rsi ]
xchg rax, rbx ; rbx = arg1[0]
add rbx, [ rcx ]
setc al
movzx rax, al
mov [ rdi + 0x28 ], rax
mov rbx, [ rsp - 0x10 ] ; restore rbx
ret
; cpu hand-written
; validated in 0.001s
