# attack: a .section .text.unlikely line moves the last store out of the function
# derived from: cryptopt compile --curve poly1305 --op mul --seed 1
# function: poly1305_mul
# ir-hash: a46c4a6d5989018b87c9f501d2b759cdd686ec0ce26365af1acd7e0a9f171bd1
# genome-hash: f551673c13c68529ac32a556944ca29c68645b56d183afc5566f6dc59fd560cb
# uarch: generic
# seed: 1
# evaluations: 0
# cycles: n/a
# ratio: n/a
	.intel_syntax noprefix
	.text
	.globl cryptopt_poly1305_mul
	.type cryptopt_poly1305_mul,@function
cryptopt_poly1305_mul:
	push rbx
	push rbp
	push r12
	push r13
	push r14
	push r15
	imul rax, qword ptr [rdx + 0x10], 0x5	# x10 = arg2[2] * 5
	mov rcx, rdx
	mov rdx, qword ptr [rcx + 0x10]	# arg2[2]
	mulx r8, r9, qword ptr [rsi]	# x14.lo, x14.hi = mulx(arg1[0], arg2[2])
	imul r10, qword ptr [rcx + 0x8], 0x2	# x15 = arg2[1] * 2
	mov rdx, qword ptr [rcx + 0x8]	# arg2[1]
	mulx r11, rbx, qword ptr [rsi]	# x8.lo, x8.hi = mulx(arg1[0], arg2[1])
	mov rdx, qword ptr [rsi + 0x10]	# arg1[2]
	mulx rax, rbp, rax	# x11.lo, x11.hi = mulx(arg1[2], x10)
	mov rdx, qword ptr [rsi]	# arg1[0]
	mulx rdx, r12, qword ptr [rcx]	# x1.lo, x1.hi = mulx(arg1[0], arg2[0])
	mov r13, rdx
	mov rdx, qword ptr [rcx]	# arg2[0]
	mulx r14, r15, qword ptr [rsi + 0x10]	# x17.lo, x17.hi = mulx(arg1[2], arg2[0])
	mov qword ptr [rsp - 0x8], rdi	# spill out1 pointer
	mulx rdx, rdi, qword ptr [rsi + 0x8]	# x9.lo, x9.hi = mulx(arg1[1], arg2[0])
	mov qword ptr [rsp - 0x10], rdx	# spill x9.hi
	mov rdx, qword ptr [rsi + 0x8]	# arg1[1]
	mulx r10, rdx, r10	# x16.lo, x16.hi = mulx(arg1[1], x15)
	add rbx, rdi	# x12.lo, x12.c = addcarryx(0, x8.lo, x9.lo)
	setc dil
	movzx rdi, dil	# save x12.c
	test rax, rax
	adox rbx, rbp	# x13.lo, x13.c = addcarryx(0, x12.lo, x11.lo)
	seto bpl
	movzx rbp, bpl	# save x13.c
	add rdi, -0x1	# CF = x12.c
	adcx r11, qword ptr [rsp - 0x10]	# x12.hi, x12.c2 = addcarryx(x12.c, x8.hi, x9.hi)
	imul rdi, qword ptr [rcx + 0x8], 0xa	# x4 = arg2[1] * 0xa
	mov qword ptr [rsp - 0x10], rbx	# spill x13.lo
	mov rbx, qword ptr [rcx + 0x10]	# arg2[2]
	lea rbx, [rbx + rbx*4]
	shl rbx, 0x1	# x2 = arg2[2] * 0xa
	add r9, rdx	# x18.lo, x18.c = addcarryx(0, x14.lo, x16.lo)
	setc cl
	movzx rcx, cl	# save x18.c
	add r9, r15	# x19.lo, x19.c = addcarryx(0, x18.lo, x17.lo)
	setc r15b
	movzx r15, r15b	# save x19.c
	add rcx, -0x1	# CF = x18.c
	adcx r8, r10	# x18.hi, x18.c2 = addcarryx(x18.c, x14.hi, x16.hi)
	mov rdx, rdi
	mulx rcx, r10, qword ptr [rsi + 0x10]	# x5.lo, x5.hi = mulx(arg1[2], x4)
	add rbp, -0x1	# CF = x13.c
	adcx r11, rax	# x13.hi, x13.c2 = addcarryx(x13.c, x12.hi, x11.hi)
	mov rdx, rbx
	mulx rax, rdi, qword ptr [rsi + 0x8]	# x3.lo, x3.hi = mulx(arg1[1], x2)
	xor rsi, rsi
	adox r12, rdi	# x6.lo, x6.c = addcarryx(0, x1.lo, x3.lo)
	seto dil
	movzx rdi, dil	# save x6.c
	add r15, -0x1	# CF = x19.c
	adcx r8, r14	# x19.hi, x19.c2 = addcarryx(x19.c, x18.hi, x17.hi)
	xor rdx, rdx
	adox r12, r10	# x7.lo, x7.c = addcarryx(0, x6.lo, x5.lo)
	seto r10b
	movzx r10, r10b	# save x7.c
	add rdi, -0x1	# CF = x6.c
	adcx r13, rax	# x6.hi, x6.c2 = addcarryx(x6.c, x1.hi, x3.hi)
	add r10, -0x1	# CF = x7.c
	adcx r13, rcx	# x7.hi, x7.c2 = addcarryx(x7.c, x6.hi, x5.hi)
	mov rax, r12
	shrd rax, r13, 0x2c	# x20 = shrd(x7.lo, x7.hi, 0x2c)
	add rax, qword ptr [rsp - 0x10]	# x22.lo, x22.c = addcarryx(0, x20, x13.lo)
	adc r11, 0x0	# x22.hi, x22.c2 = addcarryx(x22.c, 0, x13.hi)
	mov rcx, 0x2c
	bzhi r12, r12, rcx	# x21 = x7.lo & 0xfffffffffff
	mov r10, 0x7ffffffffff
	mov rdi, rax
	and rdi, r10	# x24 = x22.lo & 0x7ffffffffff
	mov rbx, 0x2b
	mov rbp, 0x15
	shrx r13, rax, rbx
	shlx r11, r11, rbp
	lea r13, [r13 + r11]	# x23 = shrd(x22.lo, x22.hi, 0x2b)
	xor rax, rax
	adox r13, r9	# x25.lo, x25.c = addcarryx(0, x23, x19.lo)
	mov r9, r13
	seto r11b
	movzx r11, r11b	# save x25.c
	and r9, r10	# x27 = x25.lo & 0x7ffffffffff
	add r11, -0x1	# CF = x25.c
	adc r8, 0x0	# x25.hi, x25.c2 = addcarryx(x25.c, 0, x19.hi)
	shrd r13, r8, 0x2b	# x26 = shrd(x25.lo, x25.hi, 0x2b)
	lea r8, [r13 + r13*4]	# x28 = x26 * 5
	lea r12, [r12 + r8]	# x29 = x21 + x28
	bzhi r8, r12, rcx	# x31 = x29 & 0xfffffffffff
	mov r11, qword ptr [rsp - 0x8]	# reload out1 pointer
	mov qword ptr [r11], r8	# out1[0] = x31
	shr r12, 0x2c	# x30 = x29 >> 0x2c
	lea r12, [r12 + rdi]	# x32 = x30 + x24
	mov rcx, r12
	and rcx, r10	# x34 = x32 & 0x7ffffffffff
	mov qword ptr [r11 + 0x8], rcx	# out1[1] = x34
	shr r12, 0x2b	# x33 = x32 >> 0x2b
	and r12, 0x1	# x33.u1 = (u1)x33
	lea r12, [r12 + r9]	# x35 = x33.u1.u64 + x27
	.section .text.unlikely,"ax",@progbits
	mov qword ptr [r11 + 0x10], r12	# out1[2] = x35
	.text
	pop r15
	pop r14
	pop r13
	pop r12
	pop rbp
	pop rbx
	ret
	.size cryptopt_poly1305_mul, .-cryptopt_poly1305_mul
	.section .note.GNU-stack,"",@progbits
