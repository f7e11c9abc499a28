SECTION .text
	GLOBAL fiat_25519_carry_mul
fiat_25519_carry_mul:
sub rsp, 0x130 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0x128 ], rbx; saving to stack
mov [ rsp + 0x120 ], rbp; saving to stack
mov [ rsp + 0x118 ], r12; saving to stack
mov [ rsp + 0x110 ], r13; saving to stack
mov [ rsp + 0x108 ], r14; saving to stack
mov [ rsp + 0x100 ], r15; saving to stack
mov rax, rdx
mov rdx, [ rax + 0x10 ] ; arg2[2]
mulx rcx, r8, [ rsi ] ; x23.lo, x23.hi = mulx(arg1[0], arg2[2])
mulx r9, r10, [ rsi + 0x8 ] ; x18.lo, x18.hi = mulx(arg1[1], arg2[2])
mov r11, rdx
mov rdx, [ rax ] ; arg2[0]
mulx rbx, rbp, [ rsi + 0x20 ] ; x11.lo, x11.hi = mulx(arg1[4], arg2[0])
mov r12, rdx
mov rdx, [ rax + 0x18 ] ; arg2[3]
mulx r13, r14, [ rsi + 0x8 ] ; x17.lo, x17.hi = mulx(arg1[1], arg2[3])
imul r15, r11, 0x13 ; x3.4 = arg2[2] * 0x13
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp ], rdi ; spill out1 pointer
mov [ rsp + 0x8 ], rcx ; spill x23.hi
mulx rdi, rcx, [ rax + 0x8 ] ; x24.lo, x24.hi = mulx(arg1[0], arg2[1])
mov rdx, r12
mov [ rsp + 0x10 ], r8 ; spill x23.lo
mulx r12, r8, [ rsi + 0x18 ] ; x13.lo, x13.hi = mulx(arg1[3], arg2[0])
mov [ rsp + 0x18 ], r13 ; spill x17.hi
mov [ rsp + 0x20 ], r9 ; spill x18.hi
mulx r13, r9, [ rsi + 0x10 ] ; x16.lo, x16.hi = mulx(arg1[2], arg2[0])
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0x28 ], r14 ; spill x17.lo
mov [ rsp + 0x30 ], r13 ; spill x16.hi
mulx r14, r13, r15 ; x3.lo, x3.hi = mulx(arg1[4], x3.4)
mov [ rsp + 0x38 ], r9 ; spill x16.lo
mov r9, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x40 ], r10 ; spill x18.lo
lea r10, [ r9 + r9*8 ]
lea r10, [ r9 + r10*2 ] ; x4.4 = arg2[1] * 0x13
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x48 ], rdi ; spill x24.hi
mov [ rsp + 0x50 ], r12 ; spill x13.hi
mulx rdi, r12, [ rax + 0x20 ] ; x21.lo, x21.hi = mulx(arg1[0], arg2[4])
mov [ rsp + 0x58 ], rdi ; spill x21.hi
mov [ rsp + 0x60 ], r12 ; spill x21.lo
mulx rdi, r12, [ rax ] ; x25.lo, x25.hi = mulx(arg1[0], arg2[0])
mov [ rsp + 0x68 ], rdi ; spill x25.hi
imul rdi, [ rax + 0x18 ], 0x13 ; x2.4 = arg2[3] * 0x13
mov rdx, r11
mulx r11, rdx, [ rsi + 0x10 ] ; x14.lo, x14.hi = mulx(arg1[2], arg2[2])
mov [ rsp + 0x70 ], rdx ; spill x14.lo
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x78 ], r8 ; spill x13.lo
mulx r15, r8, r15 ; x7.lo, x7.hi = mulx(arg1[3], x3.4)
mov [ rsp + 0x80 ], r15 ; spill x7.hi
mov [ rsp + 0x88 ], r12 ; spill x25.lo
mulx r15, r12, rdi ; x6.lo, x6.hi = mulx(arg1[3], x2.4)
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x90 ], rcx ; spill x24.lo
mulx rdx, rcx, [ rax + 0x18 ] ; x22.lo, x22.hi = mulx(arg1[0], arg2[3])
mov [ rsp + 0x98 ], rdx ; spill x22.hi
mov rdx, r9
mov [ rsp + 0xa0 ], rcx ; spill x22.lo
mulx r9, rcx, [ rsi + 0x18 ] ; x12.lo, x12.hi = mulx(arg1[3], arg2[1])
mov rdx, r10
mulx r10, rdx, [ rsi + 0x20 ] ; x4.lo, x4.hi = mulx(arg1[4], x4.4)
mov [ rsp + 0xa8 ], rdx ; spill x4.lo
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0xb0 ], r10 ; spill x4.hi
mov [ rsp + 0xb8 ], r11 ; spill x14.hi
mulx r10, r11, rdi ; x9.lo, x9.hi = mulx(arg1[2], x2.4)
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0xc0 ], r10 ; spill x9.hi
mulx rdx, r10, [ rsi + 0x8 ] ; x20.lo, x20.hi = mulx(arg1[1], arg2[0])
mov [ rsp + 0xc8 ], rdx ; spill x20.hi
mov rdx, rdi
mulx rdi, rdx, [ rsi + 0x20 ] ; x2.lo, x2.hi = mulx(arg1[4], x2.4)
mov [ rsp + 0xd0 ], rdx ; spill x2.lo
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0xd8 ], rdi ; spill x2.hi
mov [ rsp + 0xe0 ], r10 ; spill x20.lo
mulx rdi, r10, [ rax + 0x8 ] ; x15.lo, x15.hi = mulx(arg1[2], arg2[1])
add rcx, rbp ; x29.10.lo, x29.10.c = addcarryx(0, x12.lo, x11.lo)
setc bpl
movzx rbp, bpl ; save x29.10.c
test rax, rax
adox r8, [ rsp + 0xa8 ] ; x26.10.lo, x26.10.c = addcarryx(0, x7.lo, x4.lo)
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0xa8 ], rdi ; spill x15.hi
mulx rdx, rdi, [ rsi + 0x8 ] ; x19.lo, x19.hi = mulx(arg1[1], arg2[1])
mov [ rsp + 0xe8 ], rdx ; spill x19.hi
seto dl
movzx rdx, dl ; save x26.10.c
test rax, rax
adox r11, r8 ; x26.7.lo, x26.7.c = addcarryx(0, x9.lo, x26.10.lo)
seto r8b
movzx r8, r8b ; save x26.7.c
add rbp, -0x1 ; CF = x29.10.c
adcx r9, rbx ; x29.10.hi, x29.10.c2 = addcarryx(x29.10.c, x12.hi, x11.hi)
imul rbx, [ rax + 0x20 ], 0x13 ; x1.4 = arg2[4] * 0x13
mov rax, rdx
mov rdx, rbx
mulx rbx, rbp, [ rsi + 0x20 ] ; x1.lo, x1.hi = mulx(arg1[4], x1.4)
mov [ rsp + 0xf0 ], rdi ; spill x19.lo
mov [ rsp + 0xf8 ], r10 ; spill x15.lo
mulx rdi, r10, [ rsi + 0x8 ] ; x10.lo, x10.hi = mulx(arg1[1], x1.4)
add r12, r13 ; x32.10.lo, x32.10.c = addcarryx(0, x6.lo, x3.lo)
adcx r15, r14 ; x32.10.hi, x32.10.c2 = addcarryx(x32.10.c, x6.hi, x3.hi)
add r10, r11 ; x26.4.lo, x26.4.c = addcarryx(0, x10.lo, x26.7.lo)
mulx r11, r13, [ rsi + 0x10 ] ; x8.lo, x8.hi = mulx(arg1[2], x1.4)
mulx rdx, r14, [ rsi + 0x18 ] ; x5.lo, x5.hi = mulx(arg1[3], x1.4)
setc sil
movzx rsi, sil ; save x26.4.c
test rax, rax
adox rcx, [ rsp + 0x70 ] ; x29.7.lo, x29.7.c = addcarryx(0, x14.lo, x29.10.lo)
adcx r13, r12 ; x32.7.lo, x32.7.c = addcarryx(0, x8.lo, x32.10.lo)
adcx r11, r15 ; x32.7.hi, x32.7.c2 = addcarryx(x32.7.c, x8.hi, x32.10.hi)
adox r9, [ rsp + 0xb8 ] ; x29.7.hi, x29.7.c2 = addcarryx(x29.7.c, x14.hi, x29.10.hi)
test rax, rax
adox r13, [ rsp + 0xe0 ] ; x32.4.lo, x32.4.c = addcarryx(0, x20.lo, x32.7.lo)
adox r11, [ rsp + 0xc8 ] ; x32.4.hi, x32.4.c2 = addcarryx(x32.4.c, x20.hi, x32.7.hi)
test rax, rax
adox r13, [ rsp + 0x90 ] ; x32.lo, x32.c = addcarryx(0, x24.lo, x32.4.lo)
adcx r10, [ rsp + 0x88 ] ; x26.lo, x26.c = addcarryx(0, x25.lo, x26.4.lo)
setc r12b
movzx r12, r12b ; save x26.c
seto r15b
movzx r15, r15b ; save x32.c
test rax, rax
adox rbp, [ rsp + 0x78 ] ; x30.10.lo, x30.10.c = addcarryx(0, x13.lo, x1.lo)
mov [ rsp + 0x70 ], r9 ; spill x29.7.hi
mov r9, [ rsp + 0x80 ] ; reload x7.hi
mov [ rsp + 0x78 ], r13 ; spill x32.lo
seto r13b
movzx r13, r13b ; save x30.10.c
add rax, -0x1 ; CF = x26.10.c
adcx r9, [ rsp + 0xb0 ] ; x26.10.hi, x26.10.c2 = addcarryx(x26.10.c, x7.hi, x4.hi)
mov rax, 0x33
mov [ rsp + 0x80 ], rcx ; spill x29.7.lo
bzhi rcx, r10, rax ; x28 = x26.lo & 0x7ffffffffffff
add r13, -0x1 ; CF = x30.10.c
adcx rbx, [ rsp + 0x50 ] ; x30.10.hi, x30.10.c2 = addcarryx(x30.10.c, x13.hi, x1.hi)
add r8, -0x1 ; CF = x26.7.c
adcx r9, [ rsp + 0xc0 ] ; x26.7.hi, x26.7.c2 = addcarryx(x26.7.c, x9.hi, x26.10.hi)
add r14, [ rsp + 0xd0 ] ; x31.10.lo, x31.10.c = addcarryx(0, x5.lo, x2.lo)
setc r8b
movzx r8, r8b ; save x31.10.c
add r15, -0x1 ; CF = x32.c
adcx r11, [ rsp + 0x48 ] ; x32.hi, x32.c2 = addcarryx(x32.c, x24.hi, x32.4.hi)
add r8, -0x1 ; CF = x31.10.c
adcx rdx, [ rsp + 0xd8 ] ; x31.10.hi, x31.10.c2 = addcarryx(x31.10.c, x5.hi, x2.hi)
add rsi, -0x1 ; CF = x26.4.c
adcx rdi, r9 ; x26.4.hi, x26.4.c2 = addcarryx(x26.4.c, x10.hi, x26.7.hi)
xor r8, r8
adox rbp, [ rsp + 0xf8 ] ; x30.7.lo, x30.7.c = addcarryx(0, x15.lo, x30.10.lo)
seto r9b
movzx r9, r9b ; save x30.7.c
add r12, -0x1 ; CF = x26.c
adcx rdi, [ rsp + 0x68 ] ; x26.hi, x26.c2 = addcarryx(x26.c, x25.hi, x26.4.hi)
xor rsi, rsi
adox rbp, [ rsp + 0x40 ] ; x30.4.lo, x30.4.c = addcarryx(0, x18.lo, x30.7.lo)
seto r12b
movzx r12, r12b ; save x30.4.c
test rax, rax
adox r14, [ rsp + 0x38 ] ; x31.7.lo, x31.7.c = addcarryx(0, x16.lo, x31.10.lo)
adcx rbp, [ rsp + 0xa0 ] ; x30.lo, x30.c = addcarryx(0, x22.lo, x30.4.lo)
setc r13b
movzx r13, r13b ; save x30.c
seto r15b
movzx r15, r15b ; save x31.7.c
add r9, -0x1 ; CF = x30.7.c
adcx rbx, [ rsp + 0xa8 ] ; x30.7.hi, x30.7.c2 = addcarryx(x30.7.c, x15.hi, x30.10.hi)
add r15, -0x1 ; CF = x31.7.c
adcx rdx, [ rsp + 0x30 ] ; x31.7.hi, x31.7.c2 = addcarryx(x31.7.c, x16.hi, x31.10.hi)
mov r9, 0xd
shrx r15, r10, rax
shlx rdi, rdi, r9
lea r15, [ r15 + rdi ] ; x27 = shrd(x26.lo, x26.hi, 0x33)
mov r10, [ rsp + 0x28 ] ; reload x17.lo
add r10, [ rsp + 0x80 ] ; x29.4.lo, x29.4.c = addcarryx(0, x17.lo, x29.7.lo)
setc dil
movzx rdi, dil ; save x29.4.c
add r12, -0x1 ; CF = x30.4.c
adcx rbx, [ rsp + 0x20 ] ; x30.4.hi, x30.4.c2 = addcarryx(x30.4.c, x18.hi, x30.7.hi)
add r13, -0x1 ; CF = x30.c
adcx rbx, [ rsp + 0x98 ] ; x30.hi, x30.c2 = addcarryx(x30.c, x22.hi, x30.4.hi)
test rax, rax
adox r10, [ rsp + 0x60 ] ; x29.lo, x29.c = addcarryx(0, x21.lo, x29.4.lo)
seto r12b
movzx r12, r12b ; save x29.c
test rax, rax
adox r15, [ rsp + 0x78 ] ; x33.lo, x33.c = addcarryx(0, x27, x32.lo)
seto r8b
movzx r8, r8b ; save x33.c
bzhi r13, r15, rax ; x35 = x33.lo & 0x7ffffffffffff
mov rax, [ rsp + 0x18 ] ; reload x17.hi
add rdi, -0x1 ; CF = x29.4.c
adcx rax, [ rsp + 0x70 ] ; x29.4.hi, x29.4.c2 = addcarryx(x29.4.c, x17.hi, x29.7.hi)
add r12, -0x1 ; CF = x29.c
adcx rax, [ rsp + 0x58 ] ; x29.hi, x29.c2 = addcarryx(x29.c, x21.hi, x29.4.hi)
xor rdi, rdi
adox r14, [ rsp + 0xf0 ] ; x31.4.lo, x31.4.c = addcarryx(0, x19.lo, x31.7.lo)
adox rdx, [ rsp + 0xe8 ] ; x31.4.hi, x31.4.c2 = addcarryx(x31.4.c, x19.hi, x31.7.hi)
adcx r14, [ rsp + 0x10 ] ; x31.lo, x31.c = addcarryx(0, x23.lo, x31.4.lo)
setc r12b
movzx r12, r12b ; save x31.c
add r8, -0x1 ; CF = x33.c
adc r11, 0x0 ; x33.hi, x33.c2 = addcarryx(x33.c, 0, x32.hi)
add r12, -0x1 ; CF = x31.c
adcx rdx, [ rsp + 0x8 ] ; x31.hi, x31.c2 = addcarryx(x31.c, x23.hi, x31.4.hi)
shrd r15, r11, 0x33 ; x34 = shrd(x33.lo, x33.hi, 0x33)
xor r8, r8
adox r15, r14 ; x36.lo, x36.c = addcarryx(0, x34, x31.lo)
mov r11, 0x7ffffffffffff
mov r12, r15
seto r14b
movzx r14, r14b ; save x36.c
and r12, r11 ; x38 = x36.lo & 0x7ffffffffffff
add r14, -0x1 ; CF = x36.c
adc rdx, 0x0 ; x36.hi, x36.c2 = addcarryx(x36.c, 0, x31.hi)
shrd r15, rdx, 0x33 ; x37 = shrd(x36.lo, x36.hi, 0x33)
add r15, rbp ; x39.lo, x39.c = addcarryx(0, x37, x30.lo)
adc rbx, 0x0 ; x39.hi, x39.c2 = addcarryx(x39.c, 0, x30.hi)
mov rdx, 0x33
shrx rbp, r15, rdx
shlx rbx, rbx, r9
lea rbp, [ rbp + rbx ] ; x40 = shrd(x39.lo, x39.hi, 0x33)
bzhi r15, r15, rdx ; x41 = x39.lo & 0x7ffffffffffff
mov rbx, [ rsp ] ; reload out1 pointer
mov [ rbx + 0x18 ], r15 ; store x41
add rbp, r10 ; x42.lo, x42.c = addcarryx(0, x40, x29.lo)
adc rax, 0x0 ; x42.hi, x42.c2 = addcarryx(x42.c, 0, x29.hi)
bzhi r10, rbp, rdx ; x44 = x42.lo & 0x7ffffffffffff
mov [ rbx + 0x20 ], r10 ; store x44
shrx r10, rbp, rdx
shlx rax, rax, r9
lea r10, [ r10 + rax ] ; x43 = shrd(x42.lo, x42.hi, 0x33)
lea rax, [ r10 + r10*8 ]
lea rax, [ r10 + rax*2 ] ; x45 = x43 * 0x13
lea rcx, [ rcx + rax ] ; x46 = x28 + x45
mov rax, rcx
shr rax, 0x33 ; x47 = x46 >> 0x33
add rax, r13 ; x49 = x47 + x35
bzhi r10, rax, rdx ; x51 = x49 & 0x7ffffffffffff
mov [ rbx + 0x8 ], r10 ; store x51
and rcx, r11 ; x48 = x46 & 0x7ffffffffffff
mov [ rbx ], rcx ; store x48
shrx rax, rax, rdx ; x50 = x49 >> 0x33
and rax, 0x1 ; x50.u1 = (u1)x50
add rax, r12 ; x52 = x50.u1.u64 + x38
mov [ rbx + 0x10 ], rax ; store x52
mov rbx, [ rsp + 0x128 ]; restoring from stack
mov rbp, [ rsp + 0x120 ]; restoring from stack
mov r12, [ rsp + 0x118 ]; restoring from stack
mov r13, [ rsp + 0x110 ]; restoring from stack
mov r14, [ rsp + 0x108 ]; restoring from stack
mov r15, [ rsp + 0x100 ]; restoring from stack
add rsp, 0x130 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
