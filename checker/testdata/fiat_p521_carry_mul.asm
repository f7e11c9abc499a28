SECTION .text
	GLOBAL fiat_p521_carry_mul
fiat_p521_carry_mul:
sub rsp, 0x430 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0x428 ], rbx; saving to stack
mov [ rsp + 0x420 ], rbp; saving to stack
mov [ rsp + 0x418 ], r12; saving to stack
mov [ rsp + 0x410 ], r13; saving to stack
mov [ rsp + 0x408 ], r14; saving to stack
mov [ rsp + 0x400 ], r15; saving to stack
mov rax, rdx
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mulx rcx, r8, [ rax ] ; x57.lo, x57.hi = mulx(arg1[3], arg2[0])
mov r9, rdx
mov rdx, [ rax + 0x38 ] ; arg2[7]
mulx r10, r11, [ rsi ] ; x74.lo, x74.hi = mulx(arg1[0], arg2[7])
mov rbx, rdx
mov rdx, [ rax + 0x8 ] ; arg2[1]
mulx rbp, r12, [ rsi + 0x20 ] ; x50.lo, x50.hi = mulx(arg1[4], arg2[1])
imul r13, [ rax + 0x40 ], 0x2 ; x1.4 = arg2[8] * 2
imul r14, [ rax + 0x18 ], 0x2 ; x6.4 = arg2[3] * 2
mov r15, rdx
mov rdx, r9
mov [ rsp ], rdi ; spill out1 pointer
mulx r9, rdi, r13 ; x31.lo, x31.hi = mulx(arg1[3], x1.4)
mov rdx, r13
mov [ rsp + 0x8 ], rcx ; spill x57.hi
mulx r13, rcx, [ rsi + 0x38 ] ; x9.lo, x9.hi = mulx(arg1[7], x1.4)
mov [ rsp + 0x10 ], rdx ; spill x1.4
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x18 ], r9 ; spill x31.hi
mov [ rsp + 0x20 ], r10 ; spill x74.hi
mulx r9, r10, [ rax + 0x20 ] ; x53.lo, x53.hi = mulx(arg1[3], arg2[4])
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x28 ], r8 ; spill x57.lo
mov [ rsp + 0x30 ], r9 ; spill x53.hi
mulx r8, r9, [ rsi ] ; x78.lo, x78.hi = mulx(arg1[0], arg2[3])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x38 ], r8 ; spill x78.hi
mov [ rsp + 0x40 ], r9 ; spill x78.lo
mulx r8, r9, [ rsi + 0x20 ] ; x51.lo, x51.hi = mulx(arg1[4], arg2[0])
mov [ rsp + 0x48 ], r11 ; spill x74.lo
mov [ rsp + 0x50 ], r8 ; spill x51.hi
mulx r11, r8, [ rsi + 0x40 ] ; x37.lo, x37.hi = mulx(arg1[8], arg2[0])
mov rdx, [ rax + 0x30 ] ; arg2[6]
mov [ rsp + 0x58 ], rdi ; spill x31.lo
mov [ rsp + 0x60 ], r9 ; spill x51.lo
mulx rdi, r9, [ rsi + 0x8 ] ; x66.lo, x66.hi = mulx(arg1[1], arg2[6])
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x68 ], rdi ; spill x66.hi
mov [ rsp + 0x70 ], r9 ; spill x66.lo
mulx rdi, r9, [ rsi + 0x10 ] ; x62.lo, x62.hi = mulx(arg1[2], arg2[2])
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x78 ], rdi ; spill x62.hi
mov [ rsp + 0x80 ], r9 ; spill x62.lo
mulx rdi, r9, [ rax + 0x18 ] ; x54.lo, x54.hi = mulx(arg1[3], arg2[3])
mov [ rsp + 0x88 ], rdi ; spill x54.hi
mov rdi, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x90 ], r9 ; spill x54.lo
lea r9, [ rdi + rdi ] ; x7.4 = arg2[2] * 2
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x98 ], rbp ; spill x50.hi
mov [ rsp + 0xa0 ], r10 ; spill x53.lo
mulx rbp, r10, [ rax + 0x30 ] ; x58.lo, x58.hi = mulx(arg1[2], arg2[6])
mov rdx, r14
mov [ rsp + 0xa8 ], rbp ; spill x58.hi
mulx r14, rbp, [ rsi + 0x40 ] ; x6.lo, x6.hi = mulx(arg1[8], x6.4)
mov [ rsp + 0xb0 ], rdx ; spill x6.4
mov rdx, rdi
mov [ rsp + 0xb8 ], r10 ; spill x58.lo
mulx rdi, r10, [ rsi + 0x20 ] ; x49.lo, x49.hi = mulx(arg1[4], arg2[2])
mov [ rsp + 0xc0 ], rdi ; spill x49.hi
mov rdi, [ rax + 0x30 ] ; arg2[6]
mov [ rsp + 0xc8 ], r10 ; spill x49.lo
lea r10, [ rdi + rdi ] ; x3.4 = arg2[6] * 2
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0xd0 ], r12 ; spill x50.lo
mov [ rsp + 0xd8 ], r14 ; spill x6.hi
mulx r12, r14, [ rsp + 0xb0 ] ; x21.lo, x21.hi = mulx(arg1[6], x6.4)
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0xe0 ], r12 ; spill x21.hi
mov [ rsp + 0xe8 ], r14 ; spill x21.lo
mulx r12, r14, [ rsi + 0x28 ] ; x46.lo, x46.hi = mulx(arg1[5], arg2[0])
mov rdx, r10
mov [ rsp + 0xf0 ], r13 ; spill x9.hi
mulx r10, r13, [ rsi + 0x18 ] ; x33.lo, x33.hi = mulx(arg1[3], x3.4)
mov [ rsp + 0xf8 ], rdx ; spill x3.4
mov rdx, r15
mov [ rsp + 0x100 ], r10 ; spill x33.hi
mulx r15, r10, [ rsi + 0x38 ] ; x38.lo, x38.hi = mulx(arg1[7], arg2[1])
mov [ rsp + 0x108 ], r13 ; spill x33.lo
mov [ rsp + 0x110 ], r12 ; spill x46.hi
mulx r13, r12, [ rsi + 0x8 ] ; x71.lo, x71.hi = mulx(arg1[1], arg2[1])
mov [ rsp + 0x118 ], r13 ; spill x71.hi
mov [ rsp + 0x120 ], r12 ; spill x71.lo
mulx r13, r12, [ rsi + 0x28 ] ; x45.lo, x45.hi = mulx(arg1[5], arg2[1])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x128 ], r13 ; spill x45.hi
mov [ rsp + 0x130 ], r12 ; spill x45.lo
mulx r13, r12, [ rsp + 0x10 ] ; x36.lo, x36.hi = mulx(arg1[1], x1.4)
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x138 ], r13 ; spill x36.hi
mov [ rsp + 0x140 ], r12 ; spill x36.lo
mulx r13, r12, [ rsi + 0x30 ] ; x42.lo, x42.hi = mulx(arg1[6], arg2[0])
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x148 ], r13 ; spill x42.hi
mov [ rsp + 0x150 ], r12 ; spill x42.lo
mulx r13, r12, [ rsp + 0x10 ] ; x34.lo, x34.hi = mulx(arg1[2], x1.4)
add r10, r8 ; x85.22.lo, x85.22.c = addcarryx(0, x38.lo, x37.lo)
mov r8, rdx
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x158 ], r13 ; spill x34.hi
mov [ rsp + 0x160 ], r12 ; spill x34.lo
mulx r13, r12, [ rax + 0x18 ] ; x69.lo, x69.hi = mulx(arg1[1], arg2[3])
mov rdx, [ rsi + 0x38 ] ; arg1[7]
mov [ rsp + 0x168 ], r13 ; spill x69.hi
mov [ rsp + 0x170 ], r12 ; spill x69.lo
mulx r13, r12, [ rax ] ; x39.lo, x39.hi = mulx(arg1[7], arg2[0])
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x178 ], r10 ; spill x85.22.lo
mov [ rsp + 0x180 ], rcx ; spill x9.lo
mulx r10, rcx, [ rsi + 0x28 ] ; x44.lo, x44.hi = mulx(arg1[5], arg2[2])
mov rdx, [ rsp + 0x10 ] ; reload x1.4
mov [ rsp + 0x188 ], r10 ; spill x44.hi
mov [ rsp + 0x190 ], r14 ; spill x46.lo
mulx r10, r14, [ rsi + 0x40 ] ; x1.lo, x1.hi = mulx(arg1[8], x1.4)
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x198 ], rcx ; spill x44.lo
mov [ rsp + 0x1a0 ], rbp ; spill x6.lo
mulx rcx, rbp, r8 ; x61.lo, x61.hi = mulx(arg1[2], arg2[3])
mov rdx, [ rsi + 0x40 ] ; arg1[8]
mov [ rsp + 0x1a8 ], rcx ; spill x61.hi
mov [ rsp + 0x1b0 ], rbp ; spill x61.lo
mulx rcx, rbp, [ rsp + 0xf8 ] ; x3.lo, x3.hi = mulx(arg1[8], x3.4)
mov [ rsp + 0x1b8 ], rcx ; spill x3.hi
setc cl
movzx rcx, cl ; save x85.22.c
add r12, r14 ; x86.22.lo, x86.22.c = addcarryx(0, x39.lo, x1.lo)
mov r14, rdx
mov rdx, [ rsp + 0xf8 ] ; reload x3.4
mov [ rsp + 0x1c0 ], r12 ; spill x86.22.lo
mov [ rsp + 0x1c8 ], rbp ; spill x3.lo
mulx r12, rbp, [ rsi + 0x20 ] ; x29.lo, x29.hi = mulx(arg1[4], x3.4)
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x1d0 ], r12 ; spill x29.hi
mov [ rsp + 0x1d8 ], rbp ; spill x29.lo
mulx r12, rbp, [ rax + 0x20 ] ; x77.lo, x77.hi = mulx(arg1[0], arg2[4])
mov rdx, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x1e0 ], r12 ; spill x77.hi
mov [ rsp + 0x1e8 ], rbp ; spill x77.lo
mulx r12, rbp, [ rsi + 0x8 ] ; x67.lo, x67.hi = mulx(arg1[1], arg2[5])
mov rdx, r9
mov [ rsp + 0x1f0 ], r12 ; spill x67.hi
mulx r9, r12, r14 ; x7.lo, x7.hi = mulx(arg1[8], x7.4)
adcx r13, r10 ; x86.22.hi, x86.22.c2 = addcarryx(x86.22.c, x39.hi, x1.hi)
mov r10, rdx
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x1f8 ], rbp ; spill x67.lo
mov [ rsp + 0x200 ], r13 ; spill x86.22.hi
mulx rbp, r13, [ rsi + 0x18 ] ; x55.lo, x55.hi = mulx(arg1[3], arg2[2])
mov rdx, [ rax + 0x20 ] ; arg2[4]
mov [ rsp + 0x208 ], rbp ; spill x55.hi
mov [ rsp + 0x210 ], r13 ; spill x55.lo
mulx rbp, r13, r8 ; x60.lo, x60.hi = mulx(arg1[2], arg2[4])
add rcx, -0x1 ; CF = x85.22.c
adcx r15, r11 ; x85.22.hi, x85.22.c2 = addcarryx(x85.22.c, x38.hi, x37.hi)
mov rcx, rdx
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x218 ], rbp ; spill x60.hi
mulx r11, rbp, [ rax + 0x10 ] ; x79.lo, x79.hi = mulx(arg1[0], arg2[2])
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x220 ], r11 ; spill x79.hi
mov [ rsp + 0x228 ], rbp ; spill x79.lo
mulx r11, rbp, [ rsi + 0x20 ] ; x48.lo, x48.hi = mulx(arg1[4], arg2[3])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x230 ], r11 ; spill x48.hi
mov [ rsp + 0x238 ], r13 ; spill x60.lo
mulx r11, r13, rbx ; x65.lo, x65.hi = mulx(arg1[1], arg2[7])
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x240 ], r11 ; spill x65.hi
mov [ rsp + 0x248 ], r13 ; spill x65.lo
mulx r11, r13, r8 ; x63.lo, x63.hi = mulx(arg1[2], arg2[1])
mov rdx, rcx
mov [ rsp + 0x250 ], r11 ; spill x63.hi
mulx rcx, r11, [ rsi + 0x8 ] ; x68.lo, x68.hi = mulx(arg1[1], arg2[4])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x258 ], r13 ; spill x63.lo
mov [ rsp + 0x260 ], rcx ; spill x68.hi
mulx r13, rcx, [ rax + 0x10 ] ; x70.lo, x70.hi = mulx(arg1[1], arg2[2])
mov rdx, [ rsi + 0x38 ] ; arg1[7]
mov [ rsp + 0x268 ], r13 ; spill x70.hi
mulx r10, r13, r10 ; x15.lo, x15.hi = mulx(arg1[7], x7.4)
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x270 ], rcx ; spill x70.lo
mov [ rsp + 0x278 ], r11 ; spill x68.lo
mulx rcx, r11, [ rsp + 0xf8 ] ; x18.lo, x18.hi = mulx(arg1[6], x3.4)
mov rdx, [ rsp + 0xb0 ] ; reload x6.4
mov [ rsp + 0x280 ], rcx ; spill x18.hi
mulx rdx, rcx, [ rsi + 0x38 ] ; x14.lo, x14.hi = mulx(arg1[7], x6.4)
mov [ rsp + 0xb0 ], rdx ; spill x14.hi
mov rdx, [ rsp + 0xf8 ] ; reload x3.4
mov [ rsp + 0x288 ], r11 ; spill x18.lo
mov [ rsp + 0x290 ], r15 ; spill x85.22.hi
mulx r11, r15, [ rsi + 0x38 ] ; x11.lo, x11.hi = mulx(arg1[7], x3.4)
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x298 ], r11 ; spill x11.hi
mulx rdx, r11, [ rax ] ; x72.lo, x72.hi = mulx(arg1[1], arg2[0])
imul rbx, rbx, 0x2 ; x2.4 = arg2[7] * 2
mov [ rsp + 0x2a0 ], rdx ; spill x72.hi
mov rdx, [ rsi + 0x38 ] ; arg1[7]
mov [ rsp + 0x2a8 ], r11 ; spill x72.lo
mov [ rsp + 0x2b0 ], r15 ; spill x11.lo
mulx r11, r15, rbx ; x10.lo, x10.hi = mulx(arg1[7], x2.4)
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x2b8 ], rbp ; spill x48.lo
mov [ rsp + 0x2c0 ], r11 ; spill x10.hi
mulx rbp, r11, rbx ; x32.lo, x32.hi = mulx(arg1[3], x2.4)
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x2c8 ], rbp ; spill x32.hi
mulx rdi, rbp, rdi ; x75.lo, x75.hi = mulx(arg1[0], arg2[6])
add rcx, r12 ; x92.22.lo, x92.22.c = addcarryx(0, x14.lo, x7.lo)
mov [ rsp + 0x2d0 ], rdi ; spill x75.hi
mulx r12, rdi, [ rax + 0x28 ] ; x76.lo, x76.hi = mulx(arg1[0], arg2[5])
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0x2d8 ], rbp ; spill x75.lo
mov [ rsp + 0x2e0 ], r11 ; spill x32.lo
mulx rbp, r11, [ rsp + 0x10 ] ; x27.lo, x27.hi = mulx(arg1[4], x1.4)
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x2e8 ], rbp ; spill x27.hi
mov [ rsp + 0x2f0 ], r11 ; spill x27.lo
mulx rbp, r11, [ rax + 0x8 ] ; x56.lo, x56.hi = mulx(arg1[3], arg2[1])
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x2f8 ], rbp ; spill x56.hi
mov [ rsp + 0x300 ], r12 ; spill x76.hi
mulx rbp, r12, [ rsp + 0x10 ] ; x22.lo, x22.hi = mulx(arg1[5], x1.4)
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x308 ], r11 ; spill x56.lo
mov [ rsp + 0x310 ], rdi ; spill x76.lo
mulx r11, rdi, [ rsi + 0x30 ] ; x41.lo, x41.hi = mulx(arg1[6], arg2[1])
mov rdx, r8
mov [ rsp + 0x318 ], rbp ; spill x22.hi
mulx r8, rbp, [ rax ] ; x64.lo, x64.hi = mulx(arg1[2], arg2[0])
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x320 ], r8 ; spill x64.hi
mulx rdx, r8, [ rsi + 0x28 ] ; x43.lo, x43.hi = mulx(arg1[5], arg2[3])
mov [ rsp + 0x328 ], rdx ; spill x43.hi
mov rdx, [ rax + 0x40 ] ; arg2[8]
mov [ rsp + 0x330 ], rbp ; spill x64.lo
mulx rdx, rbp, [ rsi ] ; x73.lo, x73.hi = mulx(arg1[0], arg2[8])
mov [ rsp + 0x338 ], rdx ; spill x73.hi
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x340 ], rbp ; spill x73.lo
lea rbp, [ rdx + rdx ] ; x8.4 = arg2[1] * 2
mov rdx, r14
mulx rbp, r14, rbp ; x8.lo, x8.hi = mulx(arg1[8], x8.4)
mov [ rsp + 0x348 ], r12 ; spill x22.lo
mov [ rsp + 0x350 ], rcx ; spill x92.22.lo
mulx r12, rcx, rbx ; x2.lo, x2.hi = mulx(arg1[8], x2.4)
mov [ rsp + 0x358 ], r8 ; spill x43.lo
setc r8b
movzx r8, r8b ; save x92.22.c
test rax, rax
adox r13, r14 ; x82.22.lo, x82.22.c = addcarryx(0, x15.lo, x8.lo)
mov r14, [ rax + 0x20 ] ; arg2[4]
mov [ rsp + 0x360 ], r13 ; spill x82.22.lo
lea r13, [ r14 + r14 ] ; x5.4 = arg2[4] * 2
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x368 ], r12 ; spill x2.hi
mov [ rsp + 0x370 ], rcx ; spill x2.lo
mulx r12, rcx, [ rax + 0x28 ] ; x59.lo, x59.hi = mulx(arg1[2], arg2[5])
adcx r15, [ rsp + 0x1c8 ] ; x88.22.lo, x88.22.c = addcarryx(0, x10.lo, x3.lo)
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x1c8 ], r12 ; spill x59.hi
mov [ rsp + 0x378 ], rcx ; spill x59.lo
mulx r12, rcx, [ rsp + 0xf8 ] ; x24.lo, x24.hi = mulx(arg1[5], x3.4)
mov rdx, [ rsi + 0x38 ] ; arg1[7]
mov [ rsp + 0xf8 ], r12 ; spill x24.hi
mulx rdx, r12, r13 ; x13.lo, x13.hi = mulx(arg1[7], x5.4)
mov [ rsp + 0x380 ], rdx ; spill x13.hi
mov rdx, rbx
mov [ rsp + 0x388 ], rcx ; spill x24.lo
mulx rbx, rcx, [ rsi + 0x10 ] ; x35.lo, x35.hi = mulx(arg1[2], x2.4)
mov [ rsp + 0x390 ], rdx ; spill x2.4
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x398 ], rbx ; spill x35.hi
mulx rdx, rbx, [ rsi ] ; x80.lo, x80.hi = mulx(arg1[0], arg2[1])
mov [ rsp + 0x3a0 ], rdx ; spill x80.hi
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x3a8 ], rbx ; spill x80.lo
mov [ rsp + 0x3b0 ], rcx ; spill x35.lo
mulx rbx, rcx, [ rsp + 0x10 ] ; x16.lo, x16.hi = mulx(arg1[6], x1.4)
mov rdx, [ rsi + 0x40 ] ; arg1[8]
mov [ rsp + 0x10 ], r13 ; spill x5.4
mulx rdx, r13, r13 ; x5.lo, x5.hi = mulx(arg1[8], x5.4)
adox r10, rbp ; x82.22.hi, x82.22.c2 = addcarryx(x82.22.c, x15.hi, x8.hi)
setc bpl
movzx rbp, bpl ; save x88.22.c
add r8, -0x1 ; CF = x92.22.c
adcx r9, [ rsp + 0xb0 ] ; x92.22.hi, x92.22.c2 = addcarryx(x92.22.c, x14.hi, x7.hi)
mov r8, rdx
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0xb0 ], r8 ; spill x5.hi
mulx rdx, r8, [ rax ] ; x81.lo, x81.hi = mulx(arg1[0], arg2[0])
mov [ rsp + 0x3b8 ], rdx ; spill x81.hi
mov rdx, [ rsp + 0x2c0 ] ; reload x10.hi
add rbp, -0x1 ; CF = x88.22.c
adcx rdx, [ rsp + 0x1b8 ] ; x88.22.hi, x88.22.c2 = addcarryx(x88.22.c, x10.hi, x3.hi)
mov rbp, rdx
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x1b8 ], r8 ; spill x81.lo
mov [ rsp + 0x2c0 ], r13 ; spill x5.lo
mulx r8, r13, [ rsp + 0x390 ] ; x23.lo, x23.hi = mulx(arg1[5], x2.4)
test rax, rax
adox rdi, [ rsp + 0x1c0 ] ; x86.19.lo, x86.19.c = addcarryx(0, x41.lo, x86.22.lo)
adcx rcx, r15 ; x88.19.lo, x88.19.c = addcarryx(0, x16.lo, x88.22.lo)
adcx rbx, rbp ; x88.19.hi, x88.19.c2 = addcarryx(x88.19.c, x16.hi, x88.22.hi)
adox r11, [ rsp + 0x200 ] ; x86.19.hi, x86.19.c2 = addcarryx(x86.19.c, x41.hi, x86.22.hi)
mov rbp, rdx
mov rdx, r14
mulx rdx, r14, [ rsi + 0x20 ] ; x47.lo, x47.hi = mulx(arg1[4], arg2[4])
mov r15, rdx
mov rdx, [ rsp + 0x390 ] ; reload x2.4
mov [ rsp + 0x1c0 ], r8 ; spill x23.hi
mov [ rsp + 0x200 ], r13 ; spill x23.lo
mulx r8, r13, [ rsi + 0x30 ] ; x17.lo, x17.hi = mulx(arg1[6], x2.4)
add r12, [ rsp + 0x1a0 ] ; x91.22.lo, x91.22.c = addcarryx(0, x13.lo, x6.lo)
mov [ rsp + 0x1a0 ], r15 ; spill x47.hi
setc r15b
movzx r15, r15b ; save x91.22.c
add rdi, [ rsp + 0x198 ] ; x86.16.lo, x86.16.c = addcarryx(0, x44.lo, x86.19.lo)
mov [ rsp + 0x198 ], r8 ; spill x17.hi
setc r8b
movzx r8, r8b ; save x86.16.c
test rax, rax
adox rcx, [ rsp + 0x190 ] ; x88.16.lo, x88.16.c = addcarryx(0, x46.lo, x88.19.lo)
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x190 ], r8 ; spill x86.16.c
mulx rdx, r8, [ rsi + 0x30 ] ; x40.lo, x40.hi = mulx(arg1[6], arg2[2])
mov [ rsp + 0x3c0 ], r11 ; spill x86.19.hi
mov r11, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x3c8 ], r13 ; spill x17.lo
lea r13, [ r11 + r11 ] ; x4.4 = arg2[5] * 2
mov r11, [ rsp + 0x180 ] ; reload x9.lo
mov [ rsp + 0x3d0 ], rax ; spill arg2 pointer
seto al
movzx rax, al ; save x88.16.c
test rax, rax
adox r11, [ rsp + 0x370 ] ; x87.22.lo, x87.22.c = addcarryx(0, x9.lo, x2.lo)
mov [ rsp + 0x180 ], rdx ; spill x40.hi
mov rdx, rbp
mulx rbp, rdx, [ rsp + 0x10 ] ; x26.lo, x26.hi = mulx(arg1[5], x5.4)
mov [ rsp + 0x370 ], rdx ; spill x26.lo
mov rdx, [ rsp + 0x390 ] ; reload x2.4
mov [ rsp + 0x3d8 ], rbp ; spill x26.hi
mulx rdx, rbp, [ rsi + 0x20 ] ; x28.lo, x28.hi = mulx(arg1[4], x2.4)
mov [ rsp + 0x390 ], rdx ; spill x28.hi
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x3e0 ], rbp ; spill x28.lo
mov [ rsp + 0x3e8 ], r9 ; spill x92.22.hi
mulx rbp, r9, r13 ; x19.lo, x19.hi = mulx(arg1[6], x4.4)
mov rdx, r13
mov [ rsp + 0x3f0 ], rbp ; spill x19.hi
mulx r13, rbp, [ rsi + 0x20 ] ; x30.lo, x30.hi = mulx(arg1[4], x4.4)
mov [ rsp + 0x3f8 ], r13 ; spill x30.hi
seto r13b
movzx r13, r13b ; save x87.22.c
add rax, -0x1 ; CF = x88.16.c
adcx rbx, [ rsp + 0x110 ] ; x88.16.hi, x88.16.c2 = addcarryx(x88.16.c, x46.hi, x88.19.hi)
mov rax, [ rsp + 0xf0 ] ; reload x9.hi
add r13, -0x1 ; CF = x87.22.c
adcx rax, [ rsp + 0x368 ] ; x87.22.hi, x87.22.c2 = addcarryx(x87.22.c, x9.hi, x2.hi)
mov [ rsp + 0xf0 ], rbp ; spill x30.lo
mulx r13, rbp, [ rsi + 0x40 ] ; x4.lo, x4.hi = mulx(arg1[8], x4.4)
test rax, rax
adox r8, [ rsp + 0x178 ] ; x85.19.lo, x85.19.c = addcarryx(0, x40.lo, x85.22.lo)
mov [ rsp + 0x110 ], rdx ; spill x4.4
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x178 ], rsi ; spill arg1 pointer
mulx rdx, rsi, [ rsp + 0x10 ] ; x20.lo, x20.hi = mulx(arg1[6], x5.4)
mov [ rsp + 0x10 ], rbx ; spill x88.16.hi
seto bl
movzx rbx, bl ; save x85.19.c
test rax, rax
adox r11, [ rsp + 0x150 ] ; x87.19.lo, x87.19.c = addcarryx(0, x42.lo, x87.22.lo)
mov [ rsp + 0x150 ], r13 ; spill x4.hi
mov r13, [ rsp + 0xe8 ] ; reload x21.lo
mov [ rsp + 0x368 ], rbp ; spill x4.lo
seto bpl
movzx rbp, bpl ; save x87.19.c
test rax, rax
adox r13, [ rsp + 0x360 ] ; x82.19.lo, x82.19.c = addcarryx(0, x21.lo, x82.22.lo)
mov [ rsp + 0xe8 ], rbx ; spill x85.19.c
mov rbx, [ rsp + 0x380 ] ; reload x13.hi
mov [ rsp + 0x360 ], rdx ; spill x20.hi
seto dl
movzx rdx, dl ; save x82.19.c
add r15, -0x1 ; CF = x91.22.c
adcx rbx, [ rsp + 0xd8 ] ; x91.22.hi, x91.22.c2 = addcarryx(x91.22.c, x13.hi, x6.hi)
add rdx, -0x1 ; CF = x82.19.c
adcx r10, [ rsp + 0xe0 ] ; x82.19.hi, x82.19.c2 = addcarryx(x82.19.c, x21.hi, x82.22.hi)
xor rdx, rdx
adox r13, [ rsp + 0x370 ] ; x82.16.lo, x82.16.c = addcarryx(0, x26.lo, x82.19.lo)
adcx r8, [ rsp + 0x358 ] ; x85.16.lo, x85.16.c = addcarryx(0, x43.lo, x85.19.lo)
setc r15b
movzx r15, r15b ; save x85.16.c
seto dl
movzx rdx, dl ; save x82.16.c
test rax, rax
adox rdi, [ rsp + 0x2b8 ] ; x86.13.lo, x86.13.c = addcarryx(0, x48.lo, x86.16.lo)
adcx rsi, [ rsp + 0x350 ] ; x92.19.lo, x92.19.c = addcarryx(0, x20.lo, x92.22.lo)
mov [ rsp + 0xd8 ], r13 ; spill x82.16.lo
setc r13b
movzx r13, r13b ; save x92.19.c
mov [ rsp + 0xe0 ], rsi ; spill x92.19.lo
seto sil
movzx rsi, sil ; save x86.13.c
add rbp, -0x1 ; CF = x87.19.c
adcx rax, [ rsp + 0x148 ] ; x87.19.hi, x87.19.c2 = addcarryx(x87.19.c, x42.hi, x87.22.hi)
test rax, rax
adox r11, [ rsp + 0x130 ] ; x87.16.lo, x87.16.c = addcarryx(0, x45.lo, x87.19.lo)
adcx r14, r8 ; x85.13.lo, x85.13.c = addcarryx(0, x47.lo, x85.16.lo)
setc r8b
movzx r8, r8b ; save x85.13.c
clc
adcx rcx, [ rsp + 0xd0 ] ; x88.13.lo, x88.13.c = addcarryx(0, x50.lo, x88.16.lo)
setc bpl
movzx rbp, bpl ; save x88.13.c
clc
adcx rdi, [ rsp + 0xa0 ] ; x86.10.lo, x86.10.c = addcarryx(0, x53.lo, x86.13.lo)
mov [ rsp + 0xa0 ], r8 ; spill x85.13.c
setc r8b
movzx r8, r8b ; save x86.10.c
clc
adcx rdi, [ rsp + 0x378 ] ; x86.7.lo, x86.7.c = addcarryx(0, x59.lo, x86.10.lo)
mov [ rsp + 0xd0 ], r8 ; spill x86.10.c
setc r8b
movzx r8, r8b ; save x86.7.c
mov [ rsp + 0x130 ], r8 ; spill x86.7.c
seto r8b
movzx r8, r8b ; save x87.16.c
test rax, rax
adox r9, r12 ; x91.19.lo, x91.19.c = addcarryx(0, x19.lo, x91.22.lo)
mov r12, [ rsp + 0x360 ] ; reload x20.hi
mov [ rsp + 0x148 ], rsi ; spill x86.13.c
seto sil
movzx rsi, sil ; save x91.19.c
add r13, -0x1 ; CF = x92.19.c
adcx r12, [ rsp + 0x3e8 ] ; x92.19.hi, x92.19.c2 = addcarryx(x92.19.c, x20.hi, x92.22.hi)
mov r13, [ rsp + 0x180 ] ; reload x40.hi
mov [ rsp + 0x2b8 ], r14 ; spill x85.13.lo
mov r14, [ rsp + 0xe8 ] ; reload x85.19.c
add r14, -0x1 ; CF = x85.19.c
adcx r13, [ rsp + 0x290 ] ; x85.19.hi, x85.19.c2 = addcarryx(x85.19.c, x40.hi, x85.22.hi)
test rax, rax
adox rcx, [ rsp + 0x210 ] ; x88.10.lo, x88.10.c = addcarryx(0, x55.lo, x88.13.lo)
seto r14b
movzx r14, r14b ; save x88.10.c
add r8, -0x1 ; CF = x87.16.c
adcx rax, [ rsp + 0x128 ] ; x87.16.hi, x87.16.c2 = addcarryx(x87.16.c, x45.hi, x87.19.hi)
add rdx, -0x1 ; CF = x82.16.c
adcx r10, [ rsp + 0x3d8 ] ; x82.16.hi, x82.16.c2 = addcarryx(x82.16.c, x26.hi, x82.19.hi)
add rsi, -0x1 ; CF = x91.19.c
adcx rbx, [ rsp + 0x3f0 ] ; x91.19.hi, x91.19.c2 = addcarryx(x91.19.c, x19.hi, x91.22.hi)
mov r8, [ rsp + 0x2b0 ] ; reload x11.lo
add r8, [ rsp + 0x368 ] ; x89.22.lo, x89.22.c = addcarryx(0, x11.lo, x4.lo)
mov rsi, [ rsp + 0x298 ] ; reload x11.hi
adcx rsi, [ rsp + 0x150 ] ; x89.22.hi, x89.22.c2 = addcarryx(x89.22.c, x11.hi, x4.hi)
mov rdx, [ rsp + 0x98 ] ; reload x50.hi
add rbp, -0x1 ; CF = x88.13.c
adcx rdx, [ rsp + 0x10 ] ; x88.13.hi, x88.13.c2 = addcarryx(x88.13.c, x50.hi, x88.16.hi)
add r11, [ rsp + 0xc8 ] ; x87.13.lo, x87.13.c = addcarryx(0, x49.lo, x87.16.lo)
setc bpl
movzx rbp, bpl ; save x87.13.c
test rax, rax
adox rcx, [ rsp + 0x1b0 ] ; x88.7.lo, x88.7.c = addcarryx(0, x61.lo, x88.10.lo)
mov [ rsp + 0x10 ], r10 ; spill x82.16.hi
seto r10b
movzx r10, r10b ; save x88.7.c
add r14, -0x1 ; CF = x88.10.c
adcx rdx, [ rsp + 0x208 ] ; x88.10.hi, x88.10.c2 = addcarryx(x88.10.c, x55.hi, x88.13.hi)
add r15, -0x1 ; CF = x85.16.c
adcx r13, [ rsp + 0x328 ] ; x85.16.hi, x85.16.c2 = addcarryx(x85.16.c, x43.hi, x85.19.hi)
add r8, [ rsp + 0x3c8 ] ; x89.19.lo, x89.19.c = addcarryx(0, x17.lo, x89.22.lo)
mov r14, rdx
mov rdx, [ rsp + 0x110 ] ; reload x4.4
mov r15, [ rsp + 0x178 ] ; reload arg1 pointer
mov [ rsp + 0x98 ], r13 ; spill x85.16.hi
mulx r13, rdx, [ r15 + 0x28 ] ; x25.lo, x25.hi = mulx(arg1[5], x4.4)
mov [ rsp + 0xc8 ], rbx ; spill x91.19.hi
setc bl
movzx rbx, bl ; save x89.19.c
test rax, rax
adox r11, [ rsp + 0x90 ] ; x87.10.lo, x87.10.c = addcarryx(0, x54.lo, x87.13.lo)
mov [ rsp + 0x90 ], r11 ; spill x87.10.lo
seto r11b
movzx r11, r11b ; save x87.10.c
test rax, rax
adox r8, [ rsp + 0x348 ] ; x89.16.lo, x89.16.c = addcarryx(0, x22.lo, x89.19.lo)
seto r15b
movzx r15, r15b ; save x89.16.c
add rbp, -0x1 ; CF = x87.13.c
adcx rax, [ rsp + 0xc0 ] ; x87.13.hi, x87.13.c2 = addcarryx(x87.13.c, x49.hi, x87.16.hi)
mov rbp, [ rsp + 0x188 ] ; reload x44.hi
mov [ rsp + 0xc0 ], rdi ; spill x86.7.lo
mov rdi, [ rsp + 0x190 ] ; reload x86.16.c
add rdi, -0x1 ; CF = x86.16.c
adcx rbp, [ rsp + 0x3c0 ] ; x86.16.hi, x86.16.c2 = addcarryx(x86.16.c, x44.hi, x86.19.hi)
add r11, -0x1 ; CF = x87.10.c
adcx rax, [ rsp + 0x88 ] ; x87.10.hi, x87.10.c2 = addcarryx(x87.10.c, x54.hi, x87.13.hi)
add rbx, -0x1 ; CF = x89.19.c
adcx rsi, [ rsp + 0x198 ] ; x89.19.hi, x89.19.c2 = addcarryx(x89.19.c, x17.hi, x89.22.hi)
add r10, -0x1 ; CF = x88.7.c
adcx r14, [ rsp + 0x1a8 ] ; x88.7.hi, x88.7.c2 = addcarryx(x88.7.c, x61.hi, x88.10.hi)
add r15, -0x1 ; CF = x89.16.c
adcx rsi, [ rsp + 0x318 ] ; x89.16.hi, x89.16.c2 = addcarryx(x89.16.c, x22.hi, x89.19.hi)
add rcx, [ rsp + 0x278 ] ; x88.4.lo, x88.4.c = addcarryx(0, x68.lo, x88.7.lo)
setc r10b
movzx r10, r10b ; save x88.4.c
add r8, [ rsp + 0x60 ] ; x89.13.lo, x89.13.c = addcarryx(0, x51.lo, x89.16.lo)
setc r11b
movzx r11, r11b ; save x89.13.c
add r9, [ rsp + 0x388 ] ; x91.16.lo, x91.16.c = addcarryx(0, x24.lo, x91.19.lo)
setc dil
movzx rdi, dil ; save x91.16.c
test rax, rax
adox rdx, [ rsp + 0xe0 ] ; x92.16.lo, x92.16.c = addcarryx(0, x25.lo, x92.19.lo)
adcx r9, [ rsp + 0x3e0 ] ; x91.13.lo, x91.13.c = addcarryx(0, x28.lo, x91.16.lo)
adox r13, r12 ; x92.16.hi, x92.16.c2 = addcarryx(x92.16.c, x25.hi, x92.19.hi)
setc bl
movzx rbx, bl ; save x91.13.c
add rdx, [ rsp + 0x1d8 ] ; x92.13.lo, x92.13.c = addcarryx(0, x29.lo, x92.16.lo)
setc r12b
movzx r12, r12b ; save x92.13.c
add r9, [ rsp + 0x58 ] ; x91.10.lo, x91.10.c = addcarryx(0, x31.lo, x91.13.lo)
setc r15b
movzx r15, r15b ; save x91.10.c
test rax, rax
adox r9, [ rsp + 0x330 ] ; x91.7.lo, x91.7.c = addcarryx(0, x64.lo, x91.10.lo)
mov [ rsp + 0x58 ], r15 ; spill x91.10.c
seto r15b
movzx r15, r15b ; save x91.7.c
test rax, rax
adox rcx, [ rsp + 0x310 ] ; x88.lo, x88.c = addcarryx(0, x76.lo, x88.4.lo)
adcx r8, [ rsp + 0x308 ] ; x89.10.lo, x89.10.c = addcarryx(0, x56.lo, x89.13.lo)
mov [ rsp + 0x60 ], rcx ; spill x88.lo
setc cl
movzx rcx, cl ; save x89.10.c
clc
adcx r8, [ rsp + 0x80 ] ; x89.7.lo, x89.7.c = addcarryx(0, x62.lo, x89.10.lo)
mov [ rsp + 0x80 ], r15 ; spill x91.7.c
mov r15, [ rsp + 0x70 ] ; reload x66.lo
mov [ rsp + 0x88 ], rcx ; spill x89.10.c
setc cl
movzx rcx, cl ; save x89.7.c
mov [ rsp + 0xe0 ], rcx ; spill x89.7.c
seto cl
movzx rcx, cl ; save x88.c
test rax, rax
adox r15, [ rsp + 0xc0 ] ; x86.4.lo, x86.4.c = addcarryx(0, x66.lo, x86.7.lo)
mov [ rsp + 0x70 ], rbx ; spill x91.13.c
seto bl
movzx rbx, bl ; save x86.4.c
add r10, -0x1 ; CF = x88.4.c
adcx r14, [ rsp + 0x260 ] ; x88.4.hi, x88.4.c2 = addcarryx(x88.4.c, x68.hi, x88.7.hi)
mov r10, rdx
mov [ rsp + 0xc0 ], rbx ; spill x86.4.c
mov rbx, [ rsp + 0x178 ] ; reload arg1 pointer
mov rdx, [ rbx + 0x18 ] ; arg1[3]
mov [ rsp + 0xe8 ], r9 ; spill x91.7.lo
mov r9, [ rsp + 0x3d0 ] ; reload arg2 pointer
mov [ rsp + 0x128 ], r15 ; spill x86.4.lo
mulx rdx, r15, [ r9 + 0x28 ] ; x52.lo, x52.hi = mulx(arg1[3], arg2[5])
xor r9, r9
adox r15, [ rsp + 0x2b8 ] ; x85.10.lo, x85.10.c = addcarryx(0, x52.lo, x85.13.lo)
seto r9b
movzx r9, r9b ; save x85.10.c
add rcx, -0x1 ; CF = x88.c
adcx r14, [ rsp + 0x300 ] ; x88.hi, x88.c2 = addcarryx(x88.c, x76.hi, x88.4.hi)
add r12, -0x1 ; CF = x92.13.c
adcx r13, [ rsp + 0x1d0 ] ; x92.13.hi, x92.13.c2 = addcarryx(x92.13.c, x29.hi, x92.16.hi)
mov rcx, [ rsp + 0xf8 ] ; reload x24.hi
add rdi, -0x1 ; CF = x91.16.c
adcx rcx, [ rsp + 0xc8 ] ; x91.16.hi, x91.16.c2 = addcarryx(x91.16.c, x24.hi, x91.19.hi)
mov rdi, [ rsp + 0xf0 ] ; reload x30.lo
test rax, rax
adox rdi, [ rsp + 0xd8 ] ; x82.13.lo, x82.13.c = addcarryx(0, x30.lo, x82.16.lo)
seto r12b
movzx r12, r12b ; save x82.13.c
test rax, rax
adox r15, [ rsp + 0xb8 ] ; x85.7.lo, x85.7.c = addcarryx(0, x58.lo, x85.10.lo)
mov [ rsp + 0xb8 ], r14 ; spill x88.hi
mov r14, [ rsp + 0x238 ] ; reload x60.lo
adcx r14, [ rsp + 0x90 ] ; x87.7.lo, x87.7.c = addcarryx(0, x60.lo, x87.10.lo)
mov [ rsp + 0x90 ], r14 ; spill x87.7.lo
setc r14b
movzx r14, r14b ; save x87.7.c
clc
adcx r10, [ rsp + 0x2e0 ] ; x92.10.lo, x92.10.c = addcarryx(0, x32.lo, x92.13.lo)
mov [ rsp + 0xc8 ], rcx ; spill x91.16.hi
setc cl
movzx rcx, cl ; save x92.10.c
clc
adcx r10, [ rsp + 0x160 ] ; x92.7.lo, x92.7.c = addcarryx(0, x34.lo, x92.10.lo)
mov [ rsp + 0xd8 ], rcx ; spill x92.10.c
setc cl
movzx rcx, cl ; save x92.7.c
clc
adcx r8, [ rsp + 0x170 ] ; x89.4.lo, x89.4.c = addcarryx(0, x69.lo, x89.7.lo)
mov [ rsp + 0xf0 ], rcx ; spill x92.7.c
setc cl
movzx rcx, cl ; save x89.4.c
mov [ rsp + 0xf8 ], rcx ; spill x89.4.c
seto cl
movzx rcx, cl ; save x85.7.c
test rax, rax
adox r8, [ rsp + 0x1e8 ] ; x89.lo, x89.c = addcarryx(0, x77.lo, x89.4.lo)
mov [ rsp + 0x150 ], rdx ; spill x52.hi
mov rdx, [ rsp + 0x110 ] ; reload x4.4
mov [ rsp + 0x160 ], r8 ; spill x89.lo
mulx rdx, r8, [ rbx + 0x38 ] ; x12.lo, x12.hi = mulx(arg1[7], x4.4)
mov rbx, [ rsp + 0x3f8 ] ; reload x30.hi
mov [ rsp + 0x110 ], r13 ; spill x92.13.hi
seto r13b
movzx r13, r13b ; save x89.c
add r12, -0x1 ; CF = x82.13.c
adcx rbx, [ rsp + 0x10 ] ; x82.13.hi, x82.13.c2 = addcarryx(x82.13.c, x30.hi, x82.16.hi)
test rax, rax
adox rdi, [ rsp + 0x108 ] ; x82.10.lo, x82.10.c = addcarryx(0, x33.lo, x82.13.lo)
adcx r15, [ rsp + 0x248 ] ; x85.4.lo, x85.4.c = addcarryx(0, x65.lo, x85.7.lo)
setc r12b
movzx r12, r12b ; save x85.4.c
mov [ rsp + 0x10 ], r13 ; spill x89.c
seto r13b
movzx r13, r13b ; save x82.10.c
add r11, -0x1 ; CF = x89.13.c
adcx rsi, [ rsp + 0x50 ] ; x89.13.hi, x89.13.c2 = addcarryx(x89.13.c, x51.hi, x89.16.hi)
add r10, [ rsp + 0x2a8 ] ; x92.4.lo, x92.4.c = addcarryx(0, x72.lo, x92.7.lo)
mov r11, [ rsp + 0x148 ] ; reload x86.13.c
mov [ rsp + 0x50 ], r10 ; spill x92.4.lo
setc r10b
movzx r10, r10b ; save x92.4.c
add r11, -0x1 ; CF = x86.13.c
adcx rbp, [ rsp + 0x230 ] ; x86.13.hi, x86.13.c2 = addcarryx(x86.13.c, x48.hi, x86.16.hi)
add r8, [ rsp + 0x2c0 ] ; x90.22.lo, x90.22.c = addcarryx(0, x12.lo, x5.lo)
setc r11b
movzx r11, r11b ; save x90.22.c
add r14, -0x1 ; CF = x87.7.c
adcx rax, [ rsp + 0x218 ] ; x87.7.hi, x87.7.c2 = addcarryx(x87.7.c, x60.hi, x87.10.hi)
mov r14, [ rsp + 0x1a0 ] ; reload x47.hi
mov [ rsp + 0x108 ], rax ; spill x87.7.hi
mov rax, [ rsp + 0xa0 ] ; reload x85.13.c
add rax, -0x1 ; CF = x85.13.c
adcx r14, [ rsp + 0x98 ] ; x85.13.hi, x85.13.c2 = addcarryx(x85.13.c, x47.hi, x85.16.hi)
add r9, -0x1 ; CF = x85.10.c
adcx r14, [ rsp + 0x150 ] ; x85.10.hi, x85.10.c2 = addcarryx(x85.10.c, x52.hi, x85.13.hi)
add r11, -0x1 ; CF = x90.22.c
adcx rdx, [ rsp + 0xb0 ] ; x90.22.hi, x90.22.c2 = addcarryx(x90.22.c, x12.hi, x5.hi)
mov rax, [ rsp + 0x48 ] ; reload x74.lo
xor r9, r9
adox rax, [ rsp + 0x128 ] ; x86.lo, x86.c = addcarryx(0, x74.lo, x86.4.lo)
mov r11, [ rsp + 0xd0 ] ; reload x86.10.c
seto r9b
movzx r9, r9b ; save x86.c
add r11, -0x1 ; CF = x86.10.c
adcx rbp, [ rsp + 0x30 ] ; x86.10.hi, x86.10.c2 = addcarryx(x86.10.c, x53.hi, x86.13.hi)
xor r11, r11
adox rdi, [ rsp + 0x3b0 ] ; x82.7.lo, x82.7.c = addcarryx(0, x35.lo, x82.10.lo)
seto r11b
movzx r11, r11b ; save x82.7.c
test rax, rax
adox rdi, [ rsp + 0x140 ] ; x82.4.lo, x82.4.c = addcarryx(0, x36.lo, x82.7.lo)
adcx r8, [ rsp + 0x288 ] ; x90.19.lo, x90.19.c = addcarryx(0, x18.lo, x90.22.lo)
mov [ rsp + 0x30 ], rax ; spill x86.lo
setc al
movzx rax, al ; save x90.19.c
mov [ rsp + 0x48 ], rax ; spill x90.19.c
seto al
movzx rax, al ; save x82.4.c
test rax, rax
adox r8, [ rsp + 0x200 ] ; x90.16.lo, x90.16.c = addcarryx(0, x23.lo, x90.19.lo)
mov [ rsp + 0x98 ], rdx ; spill x90.22.hi
seto dl
movzx rdx, dl ; save x90.16.c
add rcx, -0x1 ; CF = x85.7.c
adcx r14, [ rsp + 0xa8 ] ; x85.7.hi, x85.7.c2 = addcarryx(x85.7.c, x58.hi, x85.10.hi)
mov rcx, [ rsp + 0x2c8 ] ; reload x32.hi
mov [ rsp + 0xa0 ], rdx ; spill x90.16.c
mov rdx, [ rsp + 0xd8 ] ; reload x92.10.c
add rdx, -0x1 ; CF = x92.10.c
adcx rcx, [ rsp + 0x110 ] ; x92.10.hi, x92.10.c2 = addcarryx(x92.10.c, x32.hi, x92.13.hi)
add r8, [ rsp + 0x2f0 ] ; x90.13.lo, x90.13.c = addcarryx(0, x27.lo, x90.16.lo)
setc dl
movzx rdx, dl ; save x90.13.c
add r13, -0x1 ; CF = x82.10.c
adcx rbx, [ rsp + 0x100 ] ; x82.10.hi, x82.10.c2 = addcarryx(x82.10.c, x33.hi, x82.13.hi)
mov r13, [ rsp + 0x120 ] ; reload x71.lo
test rax, rax
adox r13, [ rsp + 0xe8 ] ; x91.4.lo, x91.4.c = addcarryx(0, x71.lo, x91.7.lo)
mov [ rsp + 0xa8 ], rdx ; spill x90.13.c
mov rdx, [ rsp + 0x390 ] ; reload x28.hi
mov [ rsp + 0xb0 ], r9 ; spill x86.c
mov r9, [ rsp + 0x70 ] ; reload x91.13.c
mov [ rsp + 0xd0 ], rsi ; spill x89.13.hi
seto sil
movzx rsi, sil ; save x91.4.c
add r9, -0x1 ; CF = x91.13.c
adcx rdx, [ rsp + 0xc8 ] ; x91.13.hi, x91.13.c2 = addcarryx(x91.13.c, x28.hi, x91.16.hi)
xor r9, r9
adox rdi, [ rsp + 0x1b8 ] ; x82.lo, x82.c = addcarryx(0, x81.lo, x82.4.lo)
adcx r13, [ rsp + 0x228 ] ; x91.lo, x91.c = addcarryx(0, x79.lo, x91.4.lo)
mov r9, [ rsp + 0xf0 ] ; reload x92.7.c
mov [ rsp + 0x70 ], rsi ; spill x91.4.c
setc sil
movzx rsi, sil ; save x91.c
mov [ rsp + 0xc8 ], rsi ; spill x91.c
seto sil
movzx rsi, sil ; save x82.c
add r9, -0x1 ; CF = x92.7.c
adcx rcx, [ rsp + 0x158 ] ; x92.7.hi, x92.7.c2 = addcarryx(x92.7.c, x34.hi, x92.10.hi)
add r11, -0x1 ; CF = x82.7.c
adcx rbx, [ rsp + 0x398 ] ; x82.7.hi, x82.7.c2 = addcarryx(x82.7.c, x35.hi, x82.10.hi)
mov r9, 0x3ffffffffffffff
mov r11, rdi
and r11, r9 ; x84 = x82.lo & 0x3ffffffffffffff
add rax, -0x1 ; CF = x82.4.c
adcx rbx, [ rsp + 0x138 ] ; x82.4.hi, x82.4.c2 = addcarryx(x82.4.c, x36.hi, x82.7.hi)
add r15, [ rsp + 0x340 ] ; x85.lo, x85.c = addcarryx(0, x73.lo, x85.4.lo)
mov rax, [ rsp + 0x130 ] ; reload x86.7.c
setc r9b
movzx r9, r9b ; save x85.c
add rax, -0x1 ; CF = x86.7.c
adcx rbp, [ rsp + 0x1c8 ] ; x86.7.hi, x86.7.c2 = addcarryx(x86.7.c, x59.hi, x86.10.hi)
add r12, -0x1 ; CF = x85.4.c
adcx r14, [ rsp + 0x240 ] ; x85.4.hi, x85.4.c2 = addcarryx(x85.4.c, x65.hi, x85.7.hi)
add r8, [ rsp + 0x28 ] ; x90.10.lo, x90.10.c = addcarryx(0, x57.lo, x90.13.lo)
setc al
movzx rax, al ; save x90.10.c
add r9, -0x1 ; CF = x85.c
adcx r14, [ rsp + 0x338 ] ; x85.hi, x85.c2 = addcarryx(x85.c, x73.hi, x85.4.hi)
add r8, [ rsp + 0x258 ] ; x90.7.lo, x90.7.c = addcarryx(0, x63.lo, x90.10.lo)
setc r9b
movzx r9, r9b ; save x90.7.c
add rsi, -0x1 ; CF = x82.c
adcx rbx, [ rsp + 0x3b8 ] ; x82.hi, x82.c2 = addcarryx(x82.c, x81.hi, x82.4.hi)
add r8, [ rsp + 0x270 ] ; x90.4.lo, x90.4.c = addcarryx(0, x70.lo, x90.7.lo)
setc sil
movzx rsi, sil ; save x90.4.c
add r8, [ rsp + 0x40 ] ; x90.lo, x90.c = addcarryx(0, x78.lo, x90.4.lo)
mov r12, [ rsp + 0xc0 ] ; reload x86.4.c
mov [ rsp + 0x28 ], r11 ; spill x84
setc r11b
movzx r11, r11b ; save x90.c
add r12, -0x1 ; CF = x86.4.c
adcx rbp, [ rsp + 0x68 ] ; x86.4.hi, x86.4.c2 = addcarryx(x86.4.c, x66.hi, x86.7.hi)
add r10, -0x1 ; CF = x92.4.c
adcx rcx, [ rsp + 0x2a0 ] ; x92.4.hi, x92.4.c2 = addcarryx(x92.4.c, x72.hi, x92.7.hi)
mov r10, 0x3a
mov r12, 0x6
mov [ rsp + 0x40 ], r14 ; spill x85.hi
shrx r14, rdi, r10
mov [ rsp + 0x68 ], r15 ; spill x85.lo
shlx r15, rbx, r12
lea r14, [ r14 + r15 ] ; x83.lo = shrd(x82.lo, x82.hi, 0x3a)
mov rdi, [ rsp + 0x2f8 ] ; reload x56.hi
mov r15, [ rsp + 0x88 ] ; reload x89.10.c
add r15, -0x1 ; CF = x89.10.c
adcx rdi, [ rsp + 0xd0 ] ; x89.10.hi, x89.10.c2 = addcarryx(x89.10.c, x56.hi, x89.13.hi)
mov r15, [ rsp + 0xb0 ] ; reload x86.c
add r15, -0x1 ; CF = x86.c
adcx rbp, [ rsp + 0x20 ] ; x86.hi, x86.c2 = addcarryx(x86.c, x74.hi, x86.4.hi)
mov r15, [ rsp + 0x280 ] ; reload x18.hi
mov r10, [ rsp + 0x48 ] ; reload x90.19.c
add r10, -0x1 ; CF = x90.19.c
adcx r15, [ rsp + 0x98 ] ; x90.19.hi, x90.19.c2 = addcarryx(x90.19.c, x18.hi, x90.22.hi)
mov r10, [ rsp + 0x3a8 ] ; reload x80.lo
test rax, rax
adox r10, [ rsp + 0x50 ] ; x92.lo, x92.c = addcarryx(0, x80.lo, x92.4.lo)
mov r12, [ rsp + 0x1f8 ] ; reload x67.lo
mov [ rsp + 0x20 ], rbp ; spill x86.hi
seto bpl
movzx rbp, bpl ; save x92.c
test rax, rax
adox r12, [ rsp + 0x90 ] ; x87.4.lo, x87.4.c = addcarryx(0, x67.lo, x87.7.lo)
mov [ rsp + 0x48 ], r8 ; spill x90.lo
seto r8b
movzx r8, r8b ; save x87.4.c
test rax, rax
adox r12, [ rsp + 0x2d8 ] ; x87.lo, x87.c = addcarryx(0, x75.lo, x87.4.lo)
mov [ rsp + 0x50 ], r12 ; spill x87.lo
mov r12, 0x3a
shrx rbx, rbx, r12 ; x83.hi = x82.hi >> 0x3a
adcx r14, r10 ; x93.lo, x93.c = addcarryx(0, x83.lo, x92.lo)
mov r10, [ rsp + 0xa0 ] ; reload x90.16.c
setc r12b
movzx r12, r12b ; save x93.c
mov [ rsp + 0x88 ], r13 ; spill x91.lo
seto r13b
movzx r13, r13b ; save x87.c
add r10, -0x1 ; CF = x90.16.c
adcx r15, [ rsp + 0x1c0 ] ; x90.16.hi, x90.16.c2 = addcarryx(x90.16.c, x23.hi, x90.19.hi)
add rbp, -0x1 ; CF = x92.c
adcx rcx, [ rsp + 0x3a0 ] ; x92.hi, x92.c2 = addcarryx(x92.c, x80.hi, x92.4.hi)
mov r10, [ rsp + 0x1f0 ] ; reload x67.hi
add r8, -0x1 ; CF = x87.4.c
adcx r10, [ rsp + 0x108 ] ; x87.4.hi, x87.4.c2 = addcarryx(x87.4.c, x67.hi, x87.7.hi)
add r12, -0x1 ; CF = x93.c
adcx rbx, rcx ; x93.hi, x93.c2 = addcarryx(x93.c, x83.hi, x92.hi)
mov rcx, [ rsp + 0xa8 ] ; reload x90.13.c
add rcx, -0x1 ; CF = x90.13.c
adcx r15, [ rsp + 0x2e8 ] ; x90.13.hi, x90.13.c2 = addcarryx(x90.13.c, x27.hi, x90.16.hi)
mov rcx, [ rsp + 0x58 ] ; reload x91.10.c
add rcx, -0x1 ; CF = x91.10.c
adcx rdx, [ rsp + 0x18 ] ; x91.10.hi, x91.10.c2 = addcarryx(x91.10.c, x31.hi, x91.13.hi)
add r13, -0x1 ; CF = x87.c
adcx r10, [ rsp + 0x2d0 ] ; x87.hi, x87.c2 = addcarryx(x87.c, x75.hi, x87.4.hi)
add rax, -0x1 ; CF = x90.10.c
adcx r15, [ rsp + 0x8 ] ; x90.10.hi, x90.10.c2 = addcarryx(x90.10.c, x57.hi, x90.13.hi)
mov rax, [ rsp + 0xe0 ] ; reload x89.7.c
add rax, -0x1 ; CF = x89.7.c
adcx rdi, [ rsp + 0x78 ] ; x89.7.hi, x89.7.c2 = addcarryx(x89.7.c, x62.hi, x89.10.hi)
add r9, -0x1 ; CF = x90.7.c
adcx r15, [ rsp + 0x250 ] ; x90.7.hi, x90.7.c2 = addcarryx(x90.7.c, x63.hi, x90.10.hi)
add rsi, -0x1 ; CF = x90.4.c
adcx r15, [ rsp + 0x268 ] ; x90.4.hi, x90.4.c2 = addcarryx(x90.4.c, x70.hi, x90.7.hi)
add r11, -0x1 ; CF = x90.c
adcx r15, [ rsp + 0x38 ] ; x90.hi, x90.c2 = addcarryx(x90.c, x78.hi, x90.4.hi)
mov rax, [ rsp + 0xf8 ] ; reload x89.4.c
add rax, -0x1 ; CF = x89.4.c
adcx rdi, [ rsp + 0x168 ] ; x89.4.hi, x89.4.c2 = addcarryx(x89.4.c, x69.hi, x89.7.hi)
mov rax, 0x3a
mov rcx, 0x6
shrx r8, r14, rax
shlx r9, rbx, rcx
lea r8, [ r8 + r9 ] ; x94.lo = shrd(x93.lo, x93.hi, 0x3a)
xor r9, r9
adox r8, [ rsp + 0x88 ] ; x96.lo, x96.c = addcarryx(0, x94.lo, x91.lo)
mov r11, [ rsp + 0x10 ] ; reload x89.c
seto sil
movzx rsi, sil ; save x96.c
add r11, -0x1 ; CF = x89.c
adcx rdi, [ rsp + 0x1e0 ] ; x89.hi, x89.c2 = addcarryx(x89.c, x77.hi, x89.4.hi)
shrx rbx, rbx, rax ; x94.hi = x93.hi >> 0x3a
mov r11, [ rsp + 0x80 ] ; reload x91.7.c
add r11, -0x1 ; CF = x91.7.c
adcx rdx, [ rsp + 0x320 ] ; x91.7.hi, x91.7.c2 = addcarryx(x91.7.c, x64.hi, x91.10.hi)
bzhi r14, r14, rax ; x95 = x93.lo & 0x3ffffffffffffff
bzhi r11, r8, rax ; x98 = x96.lo & 0x3ffffffffffffff
mov rbp, [ rsp + 0x70 ] ; reload x91.4.c
add rbp, -0x1 ; CF = x91.4.c
adcx rdx, [ rsp + 0x118 ] ; x91.4.hi, x91.4.c2 = addcarryx(x91.4.c, x71.hi, x91.7.hi)
mov rbp, [ rsp + 0xc8 ] ; reload x91.c
add rbp, -0x1 ; CF = x91.c
adcx rdx, [ rsp + 0x220 ] ; x91.hi, x91.c2 = addcarryx(x91.c, x79.hi, x91.4.hi)
add rsi, -0x1 ; CF = x96.c
adcx rbx, rdx ; x96.hi, x96.c2 = addcarryx(x96.c, x94.hi, x91.hi)
shrx rsi, rbx, rax ; x97.hi = x96.hi >> 0x3a
shrx rdx, r8, rax
shlx rbx, rbx, rcx
lea rdx, [ rdx + rbx ] ; x97.lo = shrd(x96.lo, x96.hi, 0x3a)
add rdx, [ rsp + 0x48 ] ; x99.lo, x99.c = addcarryx(0, x97.lo, x90.lo)
setc bl
movzx rbx, bl ; save x99.c
bzhi r8, rdx, rax ; x101 = x99.lo & 0x3ffffffffffffff
mov rbp, [ rsp ] ; reload out1 pointer
mov [ rbp + 0x18 ], r8 ; store x101
add rbx, -0x1 ; CF = x99.c
adcx rsi, r15 ; x99.hi, x99.c2 = addcarryx(x99.c, x97.hi, x90.hi)
shrx r8, rsi, rax ; x100.hi = x99.hi >> 0x3a
shrx rbx, rdx, rax
shlx rsi, rsi, rcx
lea rbx, [ rbx + rsi ] ; x100.lo = shrd(x99.lo, x99.hi, 0x3a)
add rbx, [ rsp + 0x160 ] ; x102.lo, x102.c = addcarryx(0, x100.lo, x89.lo)
adcx r8, rdi ; x102.hi, x102.c2 = addcarryx(x102.c, x100.hi, x89.hi)
shrx rsi, rbx, rax
shlx rdi, r8, rcx
lea rsi, [ rsi + rdi ] ; x103.lo = shrd(x102.lo, x102.hi, 0x3a)
add rsi, [ rsp + 0x60 ] ; x105.lo, x105.c = addcarryx(0, x103.lo, x88.lo)
shrx r8, r8, rax ; x103.hi = x102.hi >> 0x3a
adcx r8, [ rsp + 0xb8 ] ; x105.hi, x105.c2 = addcarryx(x105.c, x103.hi, x88.hi)
bzhi rdi, rsi, rax ; x107 = x105.lo & 0x3ffffffffffffff
mov [ rbp + 0x28 ], rdi ; store x107
mov rdi, 0x3ffffffffffffff
and rbx, rdi ; x104 = x102.lo & 0x3ffffffffffffff
mov [ rbp + 0x20 ], rbx ; store x104
shrx rdx, rsi, rax
shlx rbx, r8, rcx
lea rdx, [ rdx + rbx ] ; x106.lo = shrd(x105.lo, x105.hi, 0x3a)
shrx r8, r8, rax ; x106.hi = x105.hi >> 0x3a
add rdx, [ rsp + 0x50 ] ; x108.lo, x108.c = addcarryx(0, x106.lo, x87.lo)
setc bl
movzx rbx, bl ; save x108.c
bzhi rsi, rdx, rax ; x110 = x108.lo & 0x3ffffffffffffff
mov [ rbp + 0x30 ], rsi ; store x110
add rbx, -0x1 ; CF = x108.c
adcx r8, r10 ; x108.hi, x108.c2 = addcarryx(x108.c, x106.hi, x87.hi)
shrd rdx, r8, 0x3a ; x109.lo = shrd(x108.lo, x108.hi, 0x3a)
xor r10, r10
adox rdx, [ rsp + 0x30 ] ; x111.lo, x111.c = addcarryx(0, x109.lo, x86.lo)
seto bl
movzx rbx, bl ; save x111.c
bzhi rsi, rdx, rax ; x113 = x111.lo & 0x3ffffffffffffff
mov [ rbp + 0x38 ], rsi ; store x113
shr r8, 0x3a ; x109.hi = x108.hi >> 0x3a
add rbx, -0x1 ; CF = x111.c
adcx r8, [ rsp + 0x20 ] ; x111.hi, x111.c2 = addcarryx(x111.c, x109.hi, x86.hi)
shrx rsi, rdx, rax
shlx rbx, r8, rcx
lea rsi, [ rsi + rbx ] ; x112.lo = shrd(x111.lo, x111.hi, 0x3a)
add rsi, [ rsp + 0x68 ] ; x114.lo, x114.c = addcarryx(0, x112.lo, x85.lo)
mov rdx, 0x1ffffffffffffff
mov rbx, rsi
setc r12b
movzx r12, r12b ; save x114.c
and rbx, rdx ; x116 = x114.lo & 0x1ffffffffffffff
mov [ rbp + 0x40 ], rbx ; store x116
shrx r8, r8, rax ; x112.hi = x111.hi >> 0x3a
add r12, -0x1 ; CF = x114.c
adcx r8, [ rsp + 0x40 ] ; x114.hi, x114.c2 = addcarryx(x114.c, x112.hi, x85.hi)
shrd rsi, r8, 0x39 ; x115.lo = shrd(x114.lo, x114.hi, 0x39)
add rsi, [ rsp + 0x28 ] ; x117.lo, x117.c = addcarryx(0, x84, x115.lo)
mov rbx, 0x39
shrx r8, r8, rbx ; x115.hi = x114.hi >> 0x39
adc r8, 0x0 ; x117.hi, x117.c2 = addcarryx(x117.c, 0, x115.hi)
mov r12, rsi
shrd r12, r8, 0x3a ; x118 = shrd(x117.lo, x117.hi, 0x3a)
add r12, r14 ; x120 = x118 + x95
and rsi, rdi ; x119 = x117.lo & 0x3ffffffffffffff
mov [ rbp ], rsi ; store x119
mov r8, r12
and r8, rdi ; x122 = x120 & 0x3ffffffffffffff
mov [ rbp + 0x8 ], r8 ; store x122
shr r12, 0x3a ; x121 = x120 >> 0x3a
and r12, 0x1 ; x121.u1 = (u1)x121
add r12, r11 ; x123 = x121.u1.u64 + x98
mov [ rbp + 0x10 ], r12 ; store x123
mov rbx, [ rsp + 0x428 ]; restoring from stack
mov rbp, [ rsp + 0x420 ]; restoring from stack
mov r12, [ rsp + 0x418 ]; restoring from stack
mov r13, [ rsp + 0x410 ]; restoring from stack
mov r14, [ rsp + 0x408 ]; restoring from stack
mov r15, [ rsp + 0x400 ]; restoring from stack
add rsp, 0x430 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
