# A mutant of cryptopt compile --fiat curve25519_solinas_64.json --order fiat output: one
# "test rax, rax" dropped, so an adox reads the OF left by "adc r8, 0x0" (1 only when
# r8 = 2^63-1 with a carry in: about 2 inputs in 100,000). Used by TestFlagSearch.
	.intel_syntax noprefix
	.text
	.globl fiat_curve25519_solinas_mul
	.type fiat_curve25519_solinas_mul,@function
fiat_curve25519_solinas_mul:
	push rbx
	push rbp
	push r12
	push r13
	push r14
	push r15
	sub rsp, 0x90	# spill frame
	mov rax, rdx
	mov rdx, qword ptr [rsi + 0x18]	# arg1[3]
	mulx rcx, r8, qword ptr [rax + 0x18]	# x1, x2 = mulx(arg1[3], arg2[3])
	mov rdx, qword ptr [rax + 0x10]	# arg2[2]
	mulx r9, r10, qword ptr [rsi]	# x27, x28 = mulx(arg1[0], arg2[2])
	mov rdx, qword ptr [rsi + 0x18]	# arg1[3]
	mulx r11, rbx, qword ptr [rax + 0x8]	# x5, x6 = mulx(arg1[3], arg2[1])
	mov rdx, qword ptr [rsi + 0x8]	# arg1[1]
	mulx rbp, r12, qword ptr [rax + 0x18]	# x17, x18 = mulx(arg1[1], arg2[3])
	mov rdx, qword ptr [rax + 0x8]	# arg2[1]
	mulx r13, r14, qword ptr [rsi + 0x10]	# x13, x14 = mulx(arg1[2], arg2[1])
	mov rdx, qword ptr [rax]	# arg2[0]
	mov qword ptr [rsp], rdi	# spill out1 pointer
	mulx r15, rdi, qword ptr [rsi + 0x18]	# x7, x8 = mulx(arg1[3], arg2[0])
	mov rdx, qword ptr [rax + 0x8]	# arg2[1]
	mov qword ptr [rsp + 0x8], r8	# spill x1
	mov qword ptr [rsp + 0x10], rcx	# spill x2
	mulx r8, rcx, qword ptr [rsi + 0x8]	# x21, x22 = mulx(arg1[1], arg2[1])
	mov rdx, qword ptr [rax]	# arg2[0]
	mov qword ptr [rsp + 0x18], r12	# spill x17
	mov qword ptr [rsp + 0x20], r11	# spill x6
	mulx r12, r11, qword ptr [rsi]	# x31, x32 = mulx(arg1[0], arg2[0])
	mov qword ptr [rsp + 0x28], r11	# spill x31
	mov qword ptr [rsp + 0x30], r8	# spill x22
	mulx r11, r8, qword ptr [rsi + 0x10]	# x15, x16 = mulx(arg1[2], arg2[0])
	mov rdx, qword ptr [rax + 0x18]	# arg2[3]
	mov qword ptr [rsp + 0x38], r13	# spill x14
	mov qword ptr [rsp + 0x40], rbp	# spill x18
	mulx r13, rbp, qword ptr [rsi + 0x10]	# x9, x10 = mulx(arg1[2], arg2[3])
	mov rdx, qword ptr [rsi + 0x18]	# arg1[3]
	mov qword ptr [rsp + 0x48], r13	# spill x10
	mulx rdx, r13, qword ptr [rax + 0x10]	# x3, x4 = mulx(arg1[3], arg2[2])
	mov qword ptr [rsp + 0x50], rdx	# spill x4
	mov rdx, qword ptr [rsi]	# arg1[0]
	mov qword ptr [rsp + 0x58], rbp	# spill x9
	mov qword ptr [rsp + 0x60], r13	# spill x3
	mulx rbp, r13, qword ptr [rax + 0x18]	# x25, x26 = mulx(arg1[0], arg2[3])
	mov rdx, qword ptr [rsi + 0x10]	# arg1[2]
	mov qword ptr [rsp + 0x68], r13	# spill x25
	mulx rdx, r13, qword ptr [rax + 0x10]	# x11, x12 = mulx(arg1[2], arg2[2])
	mov qword ptr [rsp + 0x70], rdx	# spill x12
	mov rdx, qword ptr [rsi + 0x8]	# arg1[1]
	mov qword ptr [rsp + 0x78], r13	# spill x11
	mov qword ptr [rsp + 0x80], r11	# spill x16
	mulx r13, r11, qword ptr [rax + 0x10]	# x19, x20 = mulx(arg1[1], arg2[2])
	test rax, rax
	adox r9, rdi	# x33, x34 = addcarryx(0, x28, x7)
	mov rdx, qword ptr [rsi]	# arg1[0]
	mulx rdi, rdx, qword ptr [rax + 0x8]	# x29, x30 = mulx(arg1[0], arg2[1])
	adcx r9, r14	# x38, x39 = addcarryx(0, x33, x13)
	setc r14b
	movzx r14, r14b	# save x39
	mov qword ptr [rsp + 0x88], r13	# spill x20
	seto r13b
	movzx r13, r13b	# save x34
	test rax, rax
	adox rdi, r8	# x45, x46 = addcarryx(0, x30, x15)
	adcx rdi, rcx	# x56, x57 = addcarryx(0, x45, x21)
	mov rcx, rdx
	mov rdx, qword ptr [rax]	# arg2[0]
	mulx rax, r8, qword ptr [rsi + 0x8]	# x23, x24 = mulx(arg1[1], arg2[0])
	setc sil
	movzx rsi, sil	# save x57
	seto dl
	movzx rdx, dl	# save x46
	test rax, rax
	adox r12, r8	# x68, x69 = addcarryx(0, x32, x23)
	seto r8b
	movzx r8, r8b	# save x69
	add r13, -0x1	# CF = x34
	adcx rbp, rbx	# x35, x36 = addcarryx(x34, x26, x5)
	setc bl
	movzx rbx, bl	# save x36
	add r8, -0x1	# CF = x69
	adcx rdi, rax	# x70, x71 = addcarryx(x69, x56, x24)
	setc al
	movzx rax, al	# save x71
	add r14, -0x1	# CF = x39
	adcx rbp, r15	# x40, x41 = addcarryx(x39, x35, x8)
	setc r8b
	movzx r8, r8b	# save x41
	test rax, rax
	adox r12, rcx	# x82, x83 = addcarryx(0, x68, x29)
	adox rdi, r10	# x84, x85 = addcarryx(x83, x70, x27)
	seto cl
	movzx rcx, cl	# save x85
	add rdx, -0x1	# CF = x46
	adcx r9, qword ptr [rsp + 0x80]	# x47, x48 = addcarryx(x46, x38, x16)
	adcx rbp, qword ptr [rsp + 0x78]	# x49, x50 = addcarryx(x48, x40, x11)
	setc r10b
	movzx r10, r10b	# save x50
	add rsi, -0x1	# CF = x57
	adcx r9, r11	# x58, x59 = addcarryx(x57, x47, x19)
	mov r11, qword ptr [rsp + 0x40]	# reload x18
	lea rbx, [rbx + r11]	# x37 = x36.u64 + x18
	setc r11b
	movzx r11, r11b	# save x59
	add r8, -0x1	# CF = x41
	adc rbx, 0x0	# x42, x43 = addcarryx(x41, x37, 0)
	setc r8b
	movzx r8, r8b	# save x43.u64
	add r10, -0x1	# CF = x50
	adcx rbx, qword ptr [rsp + 0x60]	# x51, x52 = addcarryx(x50, x42, x3)
	setc r10b
	movzx r10, r10b	# save x52
	add r11, -0x1	# CF = x59
	adcx rbp, qword ptr [rsp + 0x38]	# x60, x61 = addcarryx(x59, x49, x14)
	setc r11b
	movzx r11, r11b	# save x61
	add rax, -0x1	# CF = x71
	adcx r9, qword ptr [rsp + 0x30]	# x72, x73 = addcarryx(x71, x58, x22)
	setc al
	movzx rax, al	# save x73
	add r11, -0x1	# CF = x61
	adcx rbx, qword ptr [rsp + 0x20]	# x62, x63 = addcarryx(x61, x51, x6)
	setc r11b
	movzx r11, r11b	# save x63
	add rcx, -0x1	# CF = x85
	adcx r9, qword ptr [rsp + 0x68]	# x86, x87 = addcarryx(x85, x72, x25)
	setc cl
	movzx rcx, cl	# save x87
	add rax, -0x1	# CF = x73
	adcx rbp, qword ptr [rsp + 0x18]	# x74, x75 = addcarryx(x73, x60, x17)
	adcx rbx, qword ptr [rsp + 0x58]	# x76, x77 = addcarryx(x75, x62, x9)
	mov rax, qword ptr [rsp + 0x48]	# reload x10
	lea r8, [r8 + rax]	# x44 = x43.u64 + x10
	setc al
	movzx rax, al	# save x77
	add rcx, -0x1	# CF = x87
	adcx rbp, qword ptr [rsp + 0x88]	# x88, x89 = addcarryx(x87, x74, x20)
	adcx rbx, qword ptr [rsp + 0x70]	# x90, x91 = addcarryx(x89, x76, x12)
	setc cl
	movzx rcx, cl	# save x91
	add r10, -0x1	# CF = x52
	adc r8, 0x0	# x53, x54 = addcarryx(x52, x44, 0)
	setc r10b
	movzx r10, r10b	# save x54
	add r11, -0x1	# CF = x63
	adc r8, 0x0	# x64, x65 = addcarryx(x63, x53, 0)
	mov rdx, rbx
	mov r11, 0x26
	mulx rsi, rbx, r11	# x100, x101 = mulx(0x26, x90)
	mov r13, qword ptr [rsp + 0x10]	# reload x2
	lea r10, [r10 + r13]	# x55 = x54.u64 + x2
	mov rdx, r11
	mulx r11, rbp, rbp	# x102, x103 = mulx(0x26, x88)
	setc r13b
	movzx r13, r13b	# save x65
	adox rbp, qword ptr [rsp + 0x28]	# x111, x112 = addcarryx(0, x31, x102)
	mov r14, 0x0
	seto r15b
	movzx r15, r15b	# save x112
	add r13, -0x1	# CF = x65
	adcx r10, r14	# x66, _ = addcarryx(x65, x55, 0)
	add r12, rbx	# x104, x105 = addcarryx(0, x82, x100)
	setc bl
	movzx rbx, bl	# save x105
	add rax, -0x1	# CF = x77
	adcx r8, qword ptr [rsp + 0x8]	# x78, x79 = addcarryx(x77, x64, x1)
	setc al
	movzx rax, al	# save x79
	add rcx, -0x1	# CF = x91
	adcx r8, qword ptr [rsp + 0x50]	# x92, x93 = addcarryx(x91, x78, x4)
	mulx rcx, r8, r8	# x98, x99 = mulx(0x26, x92)
	setc r13b
	movzx r13, r13b	# save x93
	add rbx, -0x1	# CF = x105
	adcx rdi, r8	# x106, x107 = addcarryx(x105, x84, x98)
	setc r8b
	movzx r8, r8b	# save x107
	add rax, -0x1	# CF = x79
	adc r10, 0x0	# x80, _ = addcarryx(x79, x66, 0)
	add r15, -0x1	# CF = x112
	adcx r12, r11	# x113, x114 = addcarryx(x112, x104, x103)
	setc al
	movzx rax, al	# save x114
	add r13, -0x1	# CF = x93
	adc r10, 0x0	# x94, _ = addcarryx(x93, x80, 0)
	mulx r10, r11, r10	# x96, x97 = mulx(0x26, x94)
	add rax, -0x1	# CF = x114
	adcx rdi, rsi	# x115, x116 = addcarryx(x114, x106, x101)
	setc al
	movzx rax, al	# save x116
	add r8, -0x1	# CF = x107
	adcx r9, r11	# x108, x109 = addcarryx(x107, x86, x96)
	setc r8b
	movzx r8, r8b	# save x109
	add rax, -0x1	# CF = x116
	adcx r9, rcx	# x117, x118 = addcarryx(x116, x108, x99)
	lea r8, [r8 + r10]	# x110 = x109.u64 + x97
	adc r8, 0x0	# x119 = x118.u64 + x110
	mulx rax, rcx, r8	# x120, _ = mulx(0x26, x119)
	xor rax, rax
	adox rbp, rcx	# x122, x123 = addcarryx(0, x111, x120)
	adox r12, r14	# x124, x125 = addcarryx(x123, x113, 0)
	mov rcx, qword ptr [rsp]	# reload out1 pointer
	mov qword ptr [rcx + 0x8], r12	# out1[1] = x124
	adox rdi, r14	# x126, x127 = addcarryx(x125, x115, 0)
	mov qword ptr [rcx + 0x10], rdi	# out1[2] = x126
	adox r9, r14	# x128, x129 = addcarryx(x127, x117, 0)
	mov qword ptr [rcx + 0x18], r9	# out1[3] = x128
	mov r8, 0x0
	cmovo r8, rdx	# x130 = cmovznz(x129, 0, 0x26)
	xor r9, r9
	adox r8, rbp	# x131, _ = addcarryx(0, x130, x122)
	mov qword ptr [rcx], r8	# out1[0] = x131
	add rsp, 0x90
	pop r15
	pop r14
	pop r13
	pop r12
	pop rbp
	pop rbx
	ret
	.size fiat_curve25519_solinas_mul, .-fiat_curve25519_solinas_mul
	.section .note.GNU-stack,"",@progbits
