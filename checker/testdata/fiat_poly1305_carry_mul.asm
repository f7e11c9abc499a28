SECTION .text
	GLOBAL fiat_poly1305_carry_mul
fiat_poly1305_carry_mul:
mov [ rsp - 0x8 ], rbx; saving to red zone
mov [ rsp - 0x10 ], rbp; saving to red zone
mov [ rsp - 0x18 ], r12; saving to red zone
mov [ rsp - 0x20 ], r13; saving to red zone
mov [ rsp - 0x28 ], r14; saving to red zone
mov [ rsp - 0x30 ], r15; saving to red zone
imul rax, [ rdx + 0x8 ], 0x2 ; x5.4 = arg2[1] * 2
imul rcx, [ rdx + 0x10 ], 0xa ; x3.4 = arg2[2] * 0xa
imul r8, [ rdx + 0x10 ], 0x5 ; x1.4 = arg2[2] * 5
mov r9, rdx
mov rdx, rcx
mulx rcx, r10, [ rsi + 0x8 ] ; x3.lo, x3.hi = mulx(arg1[1], x3.4)
mov r11, [ r9 + 0x8 ] ; arg2[1]
lea rdx, [ r11 + r11*4 ]
shl rdx, 0x1 ; x2.4 = arg2[1] * 0xa
mov rbx, rdx
mov rdx, [ r9 ] ; arg2[0]
mulx rbp, r12, [ rsi + 0x10 ] ; x4.lo, x4.hi = mulx(arg1[2], arg2[0])
mov r13, rdx
mov rdx, [ rsi ] ; arg1[0]
mulx r11, r14, r11 ; x8.lo, x8.hi = mulx(arg1[0], arg2[1])
mov r15, rdx
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp - 0x38 ], rdi ; spill out1 pointer
mulx rbx, rdi, rbx ; x2.lo, x2.hi = mulx(arg1[2], x2.4)
mulx r8, rdx, r8 ; x1.lo, x1.hi = mulx(arg1[2], x1.4)
mov [ rsp - 0x40 ], rdx ; spill x1.lo
mov rdx, rax
mulx rax, rdx, [ rsi + 0x8 ] ; x5.lo, x5.hi = mulx(arg1[1], x5.4)
mov [ rsp - 0x48 ], rdx ; spill x5.lo
mov rdx, r15
mov [ rsp - 0x50 ], r11 ; spill x8.hi
mulx r15, r11, [ r9 + 0x10 ] ; x7.lo, x7.hi = mulx(arg1[0], arg2[2])
mov [ rsp - 0x58 ], r15 ; spill x7.hi
mulx rdx, r15, r13 ; x9.lo, x9.hi = mulx(arg1[0], arg2[0])
mov [ rsp - 0x60 ], rdx ; spill x9.hi
mov rdx, r13
mulx r9, rdx, [ rsi + 0x8 ] ; x6.lo, x6.hi = mulx(arg1[1], arg2[0])
add r12, [ rsp - 0x48 ] ; x13.4.lo, x13.4.c = addcarryx(0, x5.lo, x4.lo)
adcx rax, rbp ; x13.4.hi, x13.4.c2 = addcarryx(x13.4.c, x5.hi, x4.hi)
add r11, r12 ; x13.lo, x13.c = addcarryx(0, x7.lo, x13.4.lo)
setc sil
movzx rsi, sil ; save x13.c
add r10, rdi ; x10.4.lo, x10.4.c = addcarryx(0, x3.lo, x2.lo)
adcx rcx, rbx ; x10.4.hi, x10.4.c2 = addcarryx(x10.4.c, x3.hi, x2.hi)
add r15, r10 ; x10.lo, x10.c = addcarryx(0, x9.lo, x10.4.lo)
adcx rcx, [ rsp - 0x60 ] ; x10.hi, x10.c2 = addcarryx(x10.c, x9.hi, x10.4.hi)
xor r10, r10
adox rdx, [ rsp - 0x40 ] ; x14.4.lo, x14.4.c = addcarryx(0, x6.lo, x1.lo)
adox r9, r8 ; x14.4.hi, x14.4.c2 = addcarryx(x14.4.c, x6.hi, x1.hi)
mov r8, 0x2c
mov rdi, 0x14
shrx rbx, r15, r8
shlx rcx, rcx, rdi
lea rbx, [ rbx + rcx ] ; x11 = shrd(x10.lo, x10.hi, 0x2c)
xor rcx, rcx
adox r14, rdx ; x14.lo, x14.c = addcarryx(0, x8.lo, x14.4.lo)
seto dl
movzx rdx, dl ; save x14.c
bzhi r15, r15, r8 ; x12 = x10.lo & 0xfffffffffff
add rdx, -0x1 ; CF = x14.c
adcx r9, [ rsp - 0x50 ] ; x14.hi, x14.c2 = addcarryx(x14.c, x8.hi, x14.4.hi)
xor rdx, rdx
adox rbx, r14 ; x15.lo, x15.c = addcarryx(0, x11, x14.lo)
mov rbp, 0x2b
seto r13b
movzx r13, r13b ; save x15.c
bzhi r12, rbx, rbp ; x17 = x15.lo & 0x7ffffffffff
add rsi, -0x1 ; CF = x13.c
adcx rax, [ rsp - 0x58 ] ; x13.hi, x13.c2 = addcarryx(x13.c, x7.hi, x13.4.hi)
add r13, -0x1 ; CF = x15.c
adc r9, 0x0 ; x15.hi, x15.c2 = addcarryx(x15.c, 0, x14.hi)
mov rsi, 0x15
shrx r13, rbx, rbp
shlx r9, r9, rsi
lea r13, [ r13 + r9 ] ; x16 = shrd(x15.lo, x15.hi, 0x2b)
xor r9, r9
adox r13, r11 ; x18.lo, x18.c = addcarryx(0, x16, x13.lo)
adox rax, rcx ; x18.hi, x18.c2 = addcarryx(x18.c, 0, x13.hi)
mov r11, 0x7ffffffffff
mov rbx, r13
and rbx, r11 ; x20 = x18.lo & 0x7ffffffffff
shrx r14, r13, rbp
shlx rax, rax, rsi
lea r14, [ r14 + rax ] ; x19 = shrd(x18.lo, x18.hi, 0x2b)
imul r14, r14, 0x5 ; x21 = x19 * 5
lea r15, [ r15 + r14 ] ; x22 = x12 + x21
bzhi rax, r15, r8 ; x24 = x22 & 0xfffffffffff
mov r13, [ rsp - 0x38 ] ; reload out1 pointer
mov [ r13 ], rax ; store x24
shr r15, 0x2c ; x23 = x22 >> 0x2c
add r15, r12 ; x25 = x23 + x17
mov rax, r15
and rax, r11 ; x27 = x25 & 0x7ffffffffff
mov [ r13 + 0x8 ], rax ; store x27
shr r15, 0x2b ; x26 = x25 >> 0x2b
and r15, 0x1 ; x26.u1 = (u1)x26
add r15, rbx ; x28 = x26.u1.u64 + x20
mov [ r13 + 0x10 ], r15 ; store x28
mov rbx, [ rsp - 0x8 ]; restoring from red zone
mov rbp, [ rsp - 0x10 ]; restoring from red zone
mov r12, [ rsp - 0x18 ]; restoring from red zone
mov r13, [ rsp - 0x20 ]; restoring from red zone
mov r14, [ rsp - 0x28 ]; restoring from red zone
mov r15, [ rsp - 0x30 ]; restoring from red zone
ret
; cpu AMD EPYC (hand-converted test file: red-zone saves)
; seed 1
; fixture: no measurement recorded
