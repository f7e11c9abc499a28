SECTION .text
	GLOBAL fiat_p521_carry_square
fiat_p521_carry_square:
sub rsp, 0x1b8 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0x1b0 ], rbx; saving to stack
mov [ rsp + 0x1a8 ], rbp; saving to stack
mov [ rsp + 0x1a0 ], r12; saving to stack
mov [ rsp + 0x198 ], r13; saving to stack
mov [ rsp + 0x190 ], r14; saving to stack
mov [ rsp + 0x188 ], r15; saving to stack
mov rdx, [ rsi ] ; arg1[0]
mulx rax, rcx, rdx ; x61.lo, x61.hi = mulx(arg1[0], arg1[0])
mov r8, [ rsi + 0x18 ] ; arg1[3]
lea r9, [ r8 + r8 ] ; x14 = arg1[3] * 2
mov r10, [ rsi + 0x30 ] ; arg1[6]
lea r11, [ r10 + r10 ] ; x8 = arg1[6] * 2
imul rbx, [ rsi + 0x40 ], 0x2 ; x2 = arg1[8] * 2
mov rbp, rdx
mov rdx, [ rsi + 0x40 ] ; arg1[8]
mulx rdx, r12, rbx ; x17.lo, x17.hi = mulx(arg1[8], x2)
mov r13, rdx
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mulx r14, r15, r9 ; x43.lo, x43.hi = mulx(arg1[2], x14)
mov rdx, rbp
movq xmm0, rdi ; spill out1 pointer
mulx rbp, rdi, r11 ; x55.lo, x55.hi = mulx(arg1[0], x8)
mov rdx, r11
movq xmm1, rax ; spill x61.hi
mulx r11, rax, [ rsi + 0x10 ] ; x40.lo, x40.hi = mulx(arg1[2], x8)
movq xmm2, rdx ; spill x8
mov rdx, [ rsi + 0x20 ] ; arg1[4]
movq xmm3, r14 ; spill x43.hi
movq xmm4, rcx ; spill x61.lo
mulx r14, rcx, rdx ; x31.lo, x31.hi = mulx(arg1[4], arg1[4])
mov rdx, r9
movq xmm5, r15 ; spill x43.lo
mulx r9, r15, [ rsi + 0x8 ] ; x50.lo, x50.hi = mulx(arg1[1], x14)
movq xmm6, rdx ; spill x14
movq rdx, xmm2 ; reload x8
movq xmm7, rbp ; spill x55.hi
movq xmm8, rdi ; spill x55.lo
mulx rbp, rdi, [ rsi + 0x8 ] ; x47.lo, x47.hi = mulx(arg1[1], x8)
mov rdx, [ rsi + 0x10 ] ; arg1[2]
movq xmm9, rbp ; spill x47.hi
movq xmm10, r9 ; spill x50.hi
mulx rbp, r9, rdx ; x44.lo, x44.hi = mulx(arg1[2], arg1[2])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
movq xmm11, r15 ; spill x50.lo
movq xmm12, rbp ; spill x44.hi
mulx r15, rbp, rdx ; x52.lo, x52.hi = mulx(arg1[1], arg1[1])
movq xmm13, r15 ; spill x52.hi
movq r15, xmm2 ; reload x8
movq xmm14, rbp ; spill x52.lo
lea rbp, [ r15 + r15 ] ; x25.4 = x8 * 2
mov rdx, [ rsi ] ; arg1[0]
movq xmm15, rdi ; spill x47.lo
movq rdi, xmm6 ; reload x14
movq xmm6, r11 ; spill x40.hi
mulx rdi, r11, rdi ; x58.lo, x58.hi = mulx(arg1[0], x14)
mov [ rsp ], rdi ; spill x58.hi
imul rdi, rbx, 0x2 ; x18.4 = x2 * 2
mov [ rsp + 0x8 ], r11 ; spill x58.lo
mov r11, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x10 ], r9 ; spill x44.lo
lea r9, [ r11 + r11 ] ; x15 = arg1[2] * 2
mov [ rsp + 0x18 ], r13 ; spill x17.hi
mov [ rsp + 0x20 ], r12 ; spill x17.lo
mulx r13, r12, r9 ; x59.lo, x59.hi = mulx(arg1[0], x15)
mov rdx, r8
mov [ rsp + 0x28 ], r13 ; spill x59.hi
mulx r8, r13, rbp ; x34.lo, x34.hi = mulx(arg1[3], x25.4)
mov rdx, rbx
mulx rdx, rbx, [ rsi ] ; x53.lo, x53.hi = mulx(arg1[0], x2)
mov [ rsp + 0x30 ], rdx ; spill x53.hi
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x38 ], r8 ; spill x34.hi
mov [ rsp + 0x40 ], r13 ; spill x34.lo
mulx r8, r13, rdx ; x37.lo, x37.hi = mulx(arg1[3], arg1[3])
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x48 ], r12 ; spill x59.lo
mov [ rsp + 0x50 ], rbx ; spill x53.lo
mulx r12, rbx, rdi ; x23.lo, x23.hi = mulx(arg1[5], x18.4)
mov [ rsp + 0x58 ], r12 ; spill x23.hi
imul r12, [ rsi + 0x8 ], 0x2 ; x16 = arg1[1] * 2
mov rdx, r9
mulx r9, rdx, [ rsi + 0x8 ] ; x51.lo, x51.hi = mulx(arg1[1], x15)
mov [ rsp + 0x60 ], rdx ; spill x51.lo
mov rdx, rbp
mov [ rsp + 0x68 ], r9 ; spill x51.hi
mulx rbp, r9, [ rsi + 0x28 ] ; x25.lo, x25.hi = mulx(arg1[5], x25.4)
mov [ rsp + 0x70 ], rbp ; spill x25.hi
mulx rdx, rbp, [ rsi + 0x20 ] ; x29.lo, x29.hi = mulx(arg1[4], x25.4)
mov [ rsp + 0x78 ], rdx ; spill x29.hi
mov rdx, rdi
mov [ rsp + 0x80 ], r9 ; spill x25.lo
mulx rdi, r9, [ rsi + 0x38 ] ; x18.lo, x18.hi = mulx(arg1[7], x18.4)
mov [ rsp + 0x88 ], rax ; spill x40.lo
mov rax, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0x90 ], r14 ; spill x31.hi
lea r14, [ rax + rax ] ; x13 = arg1[4] * 2
test rax, rax
adox r13, r9 ; x67.10.lo, x67.10.c = addcarryx(0, x37.lo, x18.lo)
mov r9, rdx
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x98 ], rcx ; spill x31.lo
mov [ rsp + 0xa0 ], rbp ; spill x29.lo
mulx rcx, rbp, r14 ; x36.lo, x36.hi = mulx(arg1[3], x13)
adox r8, rdi ; x67.10.hi, x67.10.c2 = addcarryx(x67.10.c, x37.hi, x18.hi)
mov rdi, rdx
mov rdx, rax
mov [ rsp + 0xa8 ], rcx ; spill x36.hi
mulx rax, rcx, r9 ; x27.lo, x27.hi = mulx(arg1[4], x18.4)
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0xb0 ], rax ; spill x27.hi
mov [ rsp + 0xb8 ], rbp ; spill x36.lo
mulx rax, rbp, r9 ; x45.lo, x45.hi = mulx(arg1[1], x18.4)
mov rdx, r9
mov [ rsp + 0xc0 ], rax ; spill x45.hi
mulx r9, rax, rdi ; x32.lo, x32.hi = mulx(arg1[3], x18.4)
mov [ rsp + 0xc8 ], rdx ; spill x18.4
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0xd0 ], rbp ; spill x45.lo
mulx r12, rbp, r12 ; x60.lo, x60.hi = mulx(arg1[0], x16)
mov [ rsp + 0xd8 ], r9 ; spill x32.hi
mov r9, [ rsi + 0x38 ] ; arg1[7]
mov [ rsp + 0xe0 ], r12 ; spill x60.hi
lea r12, [ r9 + r9 ] ; x5 = arg1[7] * 2
mov rdx, r10
mulx r10, r15, r15 ; x22.lo, x22.hi = mulx(arg1[6], x8)
mov rdx, r12
mulx r12, r9, [ rsi ] ; x54.lo, x54.hi = mulx(arg1[0], x5)
movq xmm2, rdx ; spill x5
mov rdx, r11
mov [ rsp + 0xe8 ], r12 ; spill x54.hi
mulx r11, r12, r14 ; x42.lo, x42.hi = mulx(arg1[2], x13)
adcx r12, r13 ; x67.7.lo, x67.7.c = addcarryx(0, x42.lo, x67.10.lo)
mov r13, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0xf0 ], rax ; spill x32.lo
lea rax, [ r13 + r13 ] ; x11 = arg1[5] * 2
mov [ rsp + 0xf8 ], r9 ; spill x54.lo
movq r9, xmm2 ; reload x5
mov [ rsp + 0x100 ], rbp ; spill x60.lo
lea rbp, [ r9 + r9 ] ; x21.4 = x5 * 2
mov rdx, r14
mov [ rsp + 0x108 ], r10 ; spill x22.hi
mulx r14, r10, [ rsi + 0x8 ] ; x49.lo, x49.hi = mulx(arg1[1], x13)
mov [ rsp + 0x110 ], rdx ; spill x13
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x118 ], r14 ; spill x49.hi
mov [ rsp + 0x120 ], r10 ; spill x49.lo
mulx r14, r10, rbp ; x21.lo, x21.hi = mulx(arg1[6], x21.4)
mov rdx, r13
mov [ rsp + 0x128 ], r14 ; spill x21.hi
mulx r13, r14, rax ; x26.lo, x26.hi = mulx(arg1[5], x11)
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x130 ], r12 ; spill x67.7.lo
mulx r9, r12, rax ; x41.lo, x41.hi = mulx(arg1[2], x11)
adcx r11, r8 ; x67.7.hi, x67.7.c2 = addcarryx(x67.7.c, x42.hi, x67.10.hi)
mov r8, rdx
mov rdx, rax
mov [ rsp + 0x138 ], r9 ; spill x41.hi
mulx rax, r9, rdi ; x35.lo, x35.hi = mulx(arg1[3], x11)
add rbx, r10 ; x69.10.lo, x69.10.c = addcarryx(0, x23.lo, x21.lo)
mov r10, rdx
mov rdx, rbp
mov [ rsp + 0x140 ], r11 ; spill x67.7.hi
mulx rbp, r11, r8 ; x39.lo, x39.hi = mulx(arg1[2], x21.4)
mov [ rsp + 0x148 ], rbp ; spill x39.hi
mulx rdi, rbp, rdi ; x33.lo, x33.hi = mulx(arg1[3], x21.4)
mov [ rsp + 0x150 ], rdx ; spill x21.4
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x158 ], r11 ; spill x39.lo
mov [ rsp + 0x160 ], rdi ; spill x33.hi
mulx r11, rdi, [ rsp + 0x110 ] ; x57.lo, x57.hi = mulx(arg1[0], x13)
mov rdx, [ rsp + 0x150 ] ; reload x21.4
mov [ rsp + 0x110 ], r11 ; spill x57.hi
mov [ rsp + 0x168 ], rdi ; spill x57.lo
mulx r11, rdi, [ rsi + 0x28 ] ; x24.lo, x24.hi = mulx(arg1[5], x21.4)
mov [ rsp + 0x170 ], r11 ; spill x24.hi
setc r11b
movzx r11, r11b ; save x69.10.c
test rax, rax
adox r14, [ rsp + 0xa0 ] ; x72.10.lo, x72.10.c = addcarryx(0, x29.lo, x26.lo)
mov rdx, r8
mulx r8, rdx, [ rsp + 0xc8 ] ; x38.lo, x38.hi = mulx(arg1[2], x18.4)
mov [ rsp + 0xa0 ], r8 ; spill x38.hi
seto r8b
movzx r8, r8b ; save x72.10.c
test rax, rax
adox r9, [ rsp + 0x98 ] ; x65.10.lo, x65.10.c = addcarryx(0, x35.lo, x31.lo)
mov [ rsp + 0x98 ], rdx ; spill x38.lo
seto dl
movzx rdx, dl ; save x65.10.c
test rax, rax
adox rdi, r15 ; x70.10.lo, x70.10.c = addcarryx(0, x24.lo, x22.lo)
mov r15, rdx
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x178 ], r11 ; spill x69.10.c
mulx rdx, r11, r10 ; x56.lo, x56.hi = mulx(arg1[0], x11)
mov [ rsp + 0x180 ], rdx ; spill x56.hi
seto dl
movzx rdx, dl ; save x70.10.c
add r15, -0x1 ; CF = x65.10.c
adcx rax, [ rsp + 0x90 ] ; x65.10.hi, x65.10.c2 = addcarryx(x65.10.c, x35.hi, x31.hi)
add rbp, r14 ; x72.7.lo, x72.7.c = addcarryx(0, x33.lo, x72.10.lo)
setc r14b
movzx r14, r14b ; save x72.7.c
test rax, rax
adox r9, [ rsp + 0x88 ] ; x65.7.lo, x65.7.c = addcarryx(0, x40.lo, x65.10.lo)
seto r15b
movzx r15, r15b ; save x65.7.c
add r8, -0x1 ; CF = x72.10.c
adcx r13, [ rsp + 0x78 ] ; x72.10.hi, x72.10.c2 = addcarryx(x72.10.c, x29.hi, x26.hi)
mov r8, rdx
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0x78 ], r11 ; spill x56.lo
mov [ rsp + 0x88 ], r13 ; spill x72.10.hi
mulx r11, r13, [ rsp + 0x150 ] ; x28.lo, x28.hi = mulx(arg1[4], x21.4)
test rax, rax
adox rcx, rdi ; x70.7.lo, x70.7.c = addcarryx(0, x27.lo, x70.10.lo)
mov rdi, [ rsp + 0xb8 ] ; reload x36.lo
adcx rdi, [ rsp + 0x20 ] ; x66.10.lo, x66.10.c = addcarryx(0, x36.lo, x17.lo)
mov [ rsp + 0x20 ], r14 ; spill x72.7.c
mov r14, [ rsp + 0xa8 ] ; reload x36.hi
adcx r14, [ rsp + 0x18 ] ; x66.10.hi, x66.10.c2 = addcarryx(x66.10.c, x36.hi, x17.hi)
clc
adcx rbx, [ rsp + 0x10 ] ; x69.7.lo, x69.7.c = addcarryx(0, x44.lo, x69.10.lo)
mov rdx, r10
mov [ rsp + 0x10 ], rbx ; spill x69.7.lo
mulx r10, rbx, [ rsi + 0x8 ] ; x48.lo, x48.hi = mulx(arg1[1], x11)
mov [ rsp + 0x18 ], r14 ; spill x66.10.hi
setc r14b
movzx r14, r14b ; save x69.7.c
mov [ rsp + 0x90 ], r11 ; spill x28.hi
seto r11b
movzx r11, r11b ; save x70.7.c
test rax, rax
adox rbx, [ rsp + 0x130 ] ; x67.4.lo, x67.4.c = addcarryx(0, x48.lo, x67.7.lo)
mov [ rsp + 0xa8 ], rdx ; spill x11
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0xb8 ], rbx ; spill x67.4.lo
movq rbx, xmm2 ; reload x5
mulx rdx, rbx, rbx ; x46.lo, x46.hi = mulx(arg1[1], x5)
adcx r12, rdi ; x66.7.lo, x66.7.c = addcarryx(0, x41.lo, x66.10.lo)
adox r10, [ rsp + 0x140 ] ; x67.4.hi, x67.4.c2 = addcarryx(x67.4.c, x48.hi, x67.7.hi)
movq rdi, xmm6 ; reload x40.hi
mov [ rsp + 0x130 ], r10 ; spill x67.4.hi
setc r10b
movzx r10, r10b ; save x66.7.c
add r15, -0x1 ; CF = x65.7.c
adcx rax, rdi ; x65.7.hi, x65.7.c2 = addcarryx(x65.7.c, x40.hi, x65.10.hi)
mov rdi, [ rsp + 0x170 ] ; reload x24.hi
add r8, -0x1 ; CF = x70.10.c
adcx rdi, [ rsp + 0x108 ] ; x70.10.hi, x70.10.c2 = addcarryx(x70.10.c, x24.hi, x22.hi)
add r11, -0x1 ; CF = x70.7.c
adcx rdi, [ rsp + 0xb0 ] ; x70.7.hi, x70.7.c2 = addcarryx(x70.7.c, x27.hi, x70.10.hi)
mov r8, [ rsp + 0xa8 ] ; reload x11
lea r8, [ r8 + r8 ] ; x30.4 = x11 * 2
add rcx, [ rsp + 0x60 ] ; x70.4.lo, x70.4.c = addcarryx(0, x51.lo, x70.7.lo)
movq r11, xmm15 ; reload x47.lo
setc r15b
movzx r15, r15b ; save x70.4.c
add r12, r11 ; x66.4.lo, x66.4.c = addcarryx(0, x47.lo, x66.7.lo)
setc r11b
movzx r11, r11b ; save x66.4.c
add r15, -0x1 ; CF = x70.4.c
adcx rdi, [ rsp + 0x68 ] ; x70.4.hi, x70.4.c2 = addcarryx(x70.4.c, x51.hi, x70.7.hi)
mov r15, [ rsp + 0x58 ] ; reload x23.hi
movq xmm6, rdi ; spill x70.4.hi
mov rdi, [ rsp + 0x178 ] ; reload x69.10.c
add rdi, -0x1 ; CF = x69.10.c
adcx r15, [ rsp + 0x128 ] ; x69.10.hi, x69.10.c2 = addcarryx(x69.10.c, x23.hi, x21.hi)
movq rdi, xmm12 ; reload x44.hi
add r14, -0x1 ; CF = x69.7.c
adcx r15, rdi ; x69.7.hi, x69.7.c2 = addcarryx(x69.7.c, x44.hi, x69.10.hi)
xor rdi, rdi
adox rbx, r9 ; x65.4.lo, x65.4.c = addcarryx(0, x46.lo, x65.7.lo)
seto r9b
movzx r9, r9b ; save x65.4.c
test rax, rax
adox rbp, [ rsp + 0x98 ] ; x72.4.lo, x72.4.c = addcarryx(0, x38.lo, x72.7.lo)
seto r14b
movzx r14, r14b ; save x72.4.c
test rax, rax
adox r13, [ rsp + 0x80 ] ; x71.10.lo, x71.10.c = addcarryx(0, x28.lo, x25.lo)
seto dil
movzx rdi, dil ; save x71.10.c
test rax, rax
adox rbp, [ rsp + 0x100 ] ; x72.lo, x72.c = addcarryx(0, x60.lo, x72.4.lo)
movq xmm12, rbp ; spill x72.lo
mov rbp, [ rsp + 0x90 ] ; reload x28.hi
movq xmm15, rbx ; spill x65.4.lo
seto bl
movzx rbx, bl ; save x72.c
add rdi, -0x1 ; CF = x71.10.c
adcx rbp, [ rsp + 0x70 ] ; x71.10.hi, x71.10.c2 = addcarryx(x71.10.c, x28.hi, x25.hi)
add r12, [ rsp + 0xf8 ] ; x66.lo, x66.c = addcarryx(0, x54.lo, x66.4.lo)
mov rdi, [ rsp + 0x138 ] ; reload x41.hi
mov [ rsp + 0x58 ], r12 ; spill x66.lo
setc r12b
movzx r12, r12b ; save x66.c
add r10, -0x1 ; CF = x66.7.c
adcx rdi, [ rsp + 0x18 ] ; x66.7.hi, x66.7.c2 = addcarryx(x66.7.c, x41.hi, x66.10.hi)
movq r10, xmm11 ; reload x50.lo
test rax, rax
adox r10, [ rsp + 0x10 ] ; x69.4.lo, x69.4.c = addcarryx(0, x50.lo, x69.7.lo)
movq xmm11, rbp ; spill x71.10.hi
seto bpl
movzx rbp, bpl ; save x69.4.c
add r9, -0x1 ; CF = x65.4.c
adcx rdx, rax ; x65.4.hi, x65.4.c2 = addcarryx(x65.4.c, x46.hi, x65.7.hi)
mov rax, rdx
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mulx r8, r9, r8 ; x30.lo, x30.hi = mulx(arg1[4], x30.4)
movq rdx, xmm10 ; reload x50.hi
add rbp, -0x1 ; CF = x69.4.c
adcx r15, rdx ; x69.4.hi, x69.4.c2 = addcarryx(x69.4.c, x50.hi, x69.7.hi)
xor rdx, rdx
adox r13, [ rsp + 0xf0 ] ; x71.7.lo, x71.7.c = addcarryx(0, x32.lo, x71.10.lo)
seto bpl
movzx rbp, bpl ; save x71.7.c
test rax, rax
adox rcx, [ rsp + 0x8 ] ; x70.lo, x70.c = addcarryx(0, x58.lo, x70.4.lo)
movq rdx, xmm9 ; reload x47.hi
movq xmm10, rcx ; spill x70.lo
seto cl
movzx rcx, cl ; save x70.c
add r11, -0x1 ; CF = x66.4.c
adcx rdi, rdx ; x66.4.hi, x66.4.c2 = addcarryx(x66.4.c, x47.hi, x66.7.hi)
mov rdx, [ rsp + 0xc8 ] ; reload x18.4
mulx r11, rdx, [ rsi + 0x30 ] ; x20.lo, x20.hi = mulx(arg1[6], x18.4)
movq xmm9, r11 ; spill x20.hi
mov r11, [ rsp + 0x160 ] ; reload x33.hi
mov [ rsp + 0x8 ], r8 ; spill x30.hi
mov r8, [ rsp + 0x20 ] ; reload x72.7.c
add r8, -0x1 ; CF = x72.7.c
adcx r11, [ rsp + 0x88 ] ; x72.7.hi, x72.7.c2 = addcarryx(x72.7.c, x33.hi, x72.10.hi)
add r14, -0x1 ; CF = x72.4.c
adcx r11, [ rsp + 0xa0 ] ; x72.4.hi, x72.4.c2 = addcarryx(x72.4.c, x38.hi, x72.7.hi)
xor r8, r8
adox r10, [ rsp + 0x168 ] ; x69.lo, x69.c = addcarryx(0, x57.lo, x69.4.lo)
adox r15, [ rsp + 0x110 ] ; x69.hi, x69.c2 = addcarryx(x69.c, x57.hi, x69.4.hi)
movq r14, xmm15 ; reload x65.4.lo
mov r8, [ rsp + 0x50 ] ; reload x53.lo
adcx r8, r14 ; x65.lo, x65.c = addcarryx(0, x53.lo, x65.4.lo)
mov r14, rdx
mov rdx, [ rsi + 0x38 ] ; arg1[7]
movq xmm15, r8 ; spill x65.lo
movq r8, xmm2 ; reload x5
mulx r8, rsi, r8 ; x19.lo, x19.hi = mulx(arg1[7], x5)
setc dl
movzx rdx, dl ; save x65.c
add r12, -0x1 ; CF = x66.c
adcx rdi, [ rsp + 0xe8 ] ; x66.hi, x66.c2 = addcarryx(x66.c, x54.hi, x66.4.hi)
add rbx, -0x1 ; CF = x72.c
adcx r11, [ rsp + 0xe0 ] ; x72.hi, x72.c2 = addcarryx(x72.c, x60.hi, x72.4.hi)
movq rbx, xmm11 ; reload x71.10.hi
mov r12, [ rsp + 0xd8 ] ; reload x32.hi
add rbp, -0x1 ; CF = x71.7.c
adcx r12, rbx ; x71.7.hi, x71.7.c2 = addcarryx(x71.7.c, x32.hi, x71.10.hi)
movq rbx, xmm8 ; reload x55.lo
test rax, rax
adox rbx, [ rsp + 0xb8 ] ; x67.lo, x67.c = addcarryx(0, x55.lo, x67.4.lo)
movq rbp, xmm14 ; reload x52.lo
movq xmm2, rdi ; spill x66.hi
seto dil
movzx rdi, dil ; save x67.c
test rax, rax
adox r13, rbp ; x71.4.lo, x71.4.c = addcarryx(0, x52.lo, x71.7.lo)
adcx r13, [ rsp + 0x48 ] ; x71.lo, x71.c = addcarryx(0, x59.lo, x71.4.lo)
movq rbp, xmm6 ; reload x70.4.hi
movq xmm8, rbx ; spill x67.lo
mov rbx, [ rsp ] ; reload x58.hi
movq xmm11, r15 ; spill x69.hi
setc r15b
movzx r15, r15b ; save x71.c
movq xmm14, r10 ; spill x69.lo
seto r10b
movzx r10, r10b ; save x71.4.c
add rcx, -0x1 ; CF = x70.c
adcx rbx, rbp ; x70.hi, x70.c2 = addcarryx(x70.c, x58.hi, x70.4.hi)
xor rcx, rcx
adox r9, [ rsp + 0x40 ] ; x62.10.lo, x62.10.c = addcarryx(0, x34.lo, x30.lo)
movq rbp, xmm13 ; reload x52.hi
seto cl
movzx rcx, cl ; save x62.10.c
add r10, -0x1 ; CF = x71.4.c
adcx r12, rbp ; x71.4.hi, x71.4.c2 = addcarryx(x71.4.c, x52.hi, x71.7.hi)
xor r10, r10
adox r9, [ rsp + 0x158 ] ; x62.7.lo, x62.7.c = addcarryx(0, x39.lo, x62.10.lo)
seto bpl
movzx rbp, bpl ; save x62.7.c
test rax, rax
adox r9, [ rsp + 0xd0 ] ; x62.4.lo, x62.4.c = addcarryx(0, x45.lo, x62.7.lo)
adcx r14, rsi ; x68.10.lo, x68.10.c = addcarryx(0, x20.lo, x19.lo)
movq rsi, xmm7 ; reload x55.hi
setc r10b
movzx r10, r10b ; save x68.10.c
movq xmm6, rbx ; spill x70.hi
seto bl
movzx rbx, bl ; save x62.4.c
add rdi, -0x1 ; CF = x67.c
adcx rsi, [ rsp + 0x130 ] ; x67.hi, x67.c2 = addcarryx(x67.c, x55.hi, x67.4.hi)
add rdx, -0x1 ; CF = x65.c
adcx rax, [ rsp + 0x30 ] ; x65.hi, x65.c2 = addcarryx(x65.c, x53.hi, x65.4.hi)
mov rdi, [ rsp + 0x38 ] ; reload x34.hi
add rcx, -0x1 ; CF = x62.10.c
adcx rdi, [ rsp + 0x8 ] ; x62.10.hi, x62.10.c2 = addcarryx(x62.10.c, x34.hi, x30.hi)
add r15, -0x1 ; CF = x71.c
adcx r12, [ rsp + 0x28 ] ; x71.hi, x71.c2 = addcarryx(x71.c, x59.hi, x71.4.hi)
movq rcx, xmm9 ; reload x20.hi
add r10, -0x1 ; CF = x68.10.c
adcx r8, rcx ; x68.10.hi, x68.10.c2 = addcarryx(x68.10.c, x20.hi, x19.hi)
movq rcx, xmm5 ; reload x43.lo
add r14, rcx ; x68.7.lo, x68.7.c = addcarryx(0, x43.lo, x68.10.lo)
movq rcx, xmm4 ; reload x61.lo
setc r10b
movzx r10, r10b ; save x68.7.c
add r9, rcx ; x62.lo, x62.c = addcarryx(0, x61.lo, x62.4.lo)
mov rcx, 0x3a
setc r15b
movzx r15, r15b ; save x62.c
bzhi rdx, r9, rcx ; x64 = x62.lo & 0x3ffffffffffffff
add r14, [ rsp + 0x120 ] ; x68.4.lo, x68.4.c = addcarryx(0, x49.lo, x68.7.lo)
setc cl
movzx rcx, cl ; save x68.4.c
add rbp, -0x1 ; CF = x62.7.c
adcx rdi, [ rsp + 0x148 ] ; x62.7.hi, x62.7.c2 = addcarryx(x62.7.c, x39.hi, x62.10.hi)
test rax, rax
adox r14, [ rsp + 0x78 ] ; x68.lo, x68.c = addcarryx(0, x56.lo, x68.4.lo)
seto bpl
movzx rbp, bpl ; save x68.c
add rbx, -0x1 ; CF = x62.4.c
adcx rdi, [ rsp + 0xc0 ] ; x62.4.hi, x62.4.c2 = addcarryx(x62.4.c, x45.hi, x62.7.hi)
movq rbx, xmm3 ; reload x43.hi
add r10, -0x1 ; CF = x68.7.c
adcx r8, rbx ; x68.7.hi, x68.7.c2 = addcarryx(x68.7.c, x43.hi, x68.10.hi)
add rcx, -0x1 ; CF = x68.4.c
adcx r8, [ rsp + 0x118 ] ; x68.4.hi, x68.4.c2 = addcarryx(x68.4.c, x49.hi, x68.7.hi)
add rbp, -0x1 ; CF = x68.c
adcx r8, [ rsp + 0x180 ] ; x68.hi, x68.c2 = addcarryx(x68.c, x56.hi, x68.4.hi)
movq rcx, xmm1 ; reload x61.hi
add r15, -0x1 ; CF = x62.c
adcx rdi, rcx ; x62.hi, x62.c2 = addcarryx(x62.c, x61.hi, x62.4.hi)
mov rcx, 0x3a
mov r10, 0x6
shrx rbx, r9, rcx
shlx rbp, rdi, r10
lea rbx, [ rbx + rbp ] ; x63.lo = shrd(x62.lo, x62.hi, 0x3a)
movq r9, xmm12 ; reload x72.lo
test rax, rax
adox rbx, r9 ; x73.lo, x73.c = addcarryx(0, x63.lo, x72.lo)
seto bpl
movzx rbp, bpl ; save x73.c
bzhi r9, rbx, rcx ; x75 = x73.lo & 0x3ffffffffffffff
shr rdi, 0x3a ; x63.hi = x62.hi >> 0x3a
add rbp, -0x1 ; CF = x73.c
adcx rdi, r11 ; x73.hi, x73.c2 = addcarryx(x73.c, x63.hi, x72.hi)
shrx r11, rbx, rcx
shlx rbp, rdi, r10
lea r11, [ r11 + rbp ] ; x74.lo = shrd(x73.lo, x73.hi, 0x3a)
add r11, r13 ; x76.lo, x76.c = addcarryx(0, x74.lo, x71.lo)
setc bpl
movzx rbp, bpl ; save x76.c
bzhi rbx, r11, rcx ; x78 = x76.lo & 0x3ffffffffffffff
shr rdi, 0x3a ; x74.hi = x73.hi >> 0x3a
add rbp, -0x1 ; CF = x76.c
adcx rdi, r12 ; x76.hi, x76.c2 = addcarryx(x76.c, x74.hi, x71.hi)
shrd r11, rdi, 0x3a ; x77.lo = shrd(x76.lo, x76.hi, 0x3a)
shrx rdi, rdi, rcx ; x77.hi = x76.hi >> 0x3a
movq rbp, xmm10 ; reload x70.lo
add r11, rbp ; x79.lo, x79.c = addcarryx(0, x77.lo, x70.lo)
mov rbp, 0x3ffffffffffffff
mov r12, r11
setc r13b
movzx r13, r13b ; save x79.c
and r12, rbp ; x81 = x79.lo & 0x3ffffffffffffff
movq r15, xmm0 ; reload out1 pointer
mov [ r15 + 0x18 ], r12 ; store x81
movq r12, xmm6 ; reload x70.hi
add r13, -0x1 ; CF = x79.c
adcx rdi, r12 ; x79.hi, x79.c2 = addcarryx(x79.c, x77.hi, x70.hi)
shrx r12, r11, rcx
shlx r13, rdi, r10
lea r12, [ r12 + r13 ] ; x80.lo = shrd(x79.lo, x79.hi, 0x3a)
shr rdi, 0x3a ; x80.hi = x79.hi >> 0x3a
movq r11, xmm14 ; reload x69.lo
test rax, rax
adox r12, r11 ; x82.lo, x82.c = addcarryx(0, x80.lo, x69.lo)
seto r13b
movzx r13, r13b ; save x82.c
bzhi r11, r12, rcx ; x84 = x82.lo & 0x3ffffffffffffff
mov [ r15 + 0x20 ], r11 ; store x84
movq r11, xmm11 ; reload x69.hi
add r13, -0x1 ; CF = x82.c
adcx rdi, r11 ; x82.hi, x82.c2 = addcarryx(x82.c, x80.hi, x69.hi)
shrd r12, rdi, 0x3a ; x83.lo = shrd(x82.lo, x82.hi, 0x3a)
xor r11, r11
adox r12, r14 ; x85.lo, x85.c = addcarryx(0, x83.lo, x68.lo)
seto r14b
movzx r14, r14b ; save x85.c
bzhi r13, r12, rcx ; x87 = x85.lo & 0x3ffffffffffffff
mov [ r15 + 0x28 ], r13 ; store x87
shrx rdi, rdi, rcx ; x83.hi = x82.hi >> 0x3a
add r14, -0x1 ; CF = x85.c
adcx rdi, r8 ; x85.hi, x85.c2 = addcarryx(x85.c, x83.hi, x68.hi)
shrd r12, rdi, 0x3a ; x86.lo = shrd(x85.lo, x85.hi, 0x3a)
movq r8, xmm8 ; reload x67.lo
test rax, rax
adox r12, r8 ; x88.lo, x88.c = addcarryx(0, x86.lo, x67.lo)
mov r8, r12
seto r13b
movzx r13, r13b ; save x88.c
and r8, rbp ; x90 = x88.lo & 0x3ffffffffffffff
mov [ r15 + 0x30 ], r8 ; store x90
shr rdi, 0x3a ; x86.hi = x85.hi >> 0x3a
add r13, -0x1 ; CF = x88.c
adcx rdi, rsi ; x88.hi, x88.c2 = addcarryx(x88.c, x86.hi, x67.hi)
mov r8, rdi
shr r8, 0x3a ; x89.hi = x88.hi >> 0x3a
shrx rsi, r12, rcx
shlx rdi, rdi, r10
lea rsi, [ rsi + rdi ] ; x89.lo = shrd(x88.lo, x88.hi, 0x3a)
xor rdi, rdi
adox rsi, [ rsp + 0x58 ] ; x91.lo, x91.c = addcarryx(0, x89.lo, x66.lo)
movq r12, xmm2 ; reload x66.hi
adox r8, r12 ; x91.hi, x91.c2 = addcarryx(x91.c, x89.hi, x66.hi)
shrx r12, r8, rcx ; x92.hi = x91.hi >> 0x3a
bzhi r13, rsi, rcx ; x93 = x91.lo & 0x3ffffffffffffff
mov [ r15 + 0x38 ], r13 ; store x93
shrd rsi, r8, 0x3a ; x92.lo = shrd(x91.lo, x91.hi, 0x3a)
movq r8, xmm15 ; reload x65.lo
add rsi, r8 ; x94.lo, x94.c = addcarryx(0, x92.lo, x65.lo)
adcx r12, rax ; x94.hi, x94.c2 = addcarryx(x94.c, x92.hi, x65.hi)
mov rax, 0x39
mov r8, 0x7
shrx r13, rsi, rax
shlx r14, r12, r8
lea r13, [ r13 + r14 ] ; x95.lo = shrd(x94.lo, x94.hi, 0x39)
test rax, rax
adox rdx, r13 ; x97.lo, x97.c = addcarryx(0, x64, x95.lo)
mov r13, rdx
seto r14b
movzx r14, r14b ; save x97.c
and r13, rbp ; x99 = x97.lo & 0x3ffffffffffffff
mov [ r15 ], r13 ; store x99
shr r12, 0x39 ; x95.hi = x94.hi >> 0x39
mov r13, 0x1ffffffffffffff
and rsi, r13 ; x96 = x94.lo & 0x1ffffffffffffff
mov [ r15 + 0x40 ], rsi ; store x96
add r14, -0x1 ; CF = x97.c
adc r12, 0x0 ; x97.hi, x97.c2 = addcarryx(x97.c, 0, x95.hi)
shrd rdx, r12, 0x3a ; x98 = shrd(x97.lo, x97.hi, 0x3a)
add rdx, r9 ; x100 = x98 + x75
mov r9, rdx
and r9, rbp ; x102 = x100 & 0x3ffffffffffffff
mov [ r15 + 0x8 ], r9 ; store x102
shr rdx, 0x3a ; x101 = x100 >> 0x3a
and rdx, 0x1 ; x101.u1 = (u1)x101
add rdx, rbx ; x103 = x101.u1.u64 + x78
mov [ r15 + 0x10 ], rdx ; store x103
mov rbx, [ rsp + 0x1b0 ]; restoring from stack
mov rbp, [ rsp + 0x1a8 ]; restoring from stack
mov r12, [ rsp + 0x1a0 ]; restoring from stack
mov r13, [ rsp + 0x198 ]; restoring from stack
mov r14, [ rsp + 0x190 ]; restoring from stack
mov r15, [ rsp + 0x188 ]; restoring from stack
add rsp, 0x1b8 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
