SECTION .text
	GLOBAL fiat_p256_mul
fiat_p256_mul:
sub rsp, 0xf0 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0xe8 ], rbx; saving to stack
mov [ rsp + 0xe0 ], rbp; saving to stack
mov [ rsp + 0xd8 ], r12; saving to stack
mov [ rsp + 0xd0 ], r13; saving to stack
mov [ rsp + 0xc8 ], r14; saving to stack
mov [ rsp + 0xc0 ], r15; saving to stack
mov rax, rdx
mov rdx, [ rax + 0x18 ] ; arg2[3]
mulx rcx, r8, [ rsi ] ; x5, x6 = mulx(arg1[0], arg2[3])
mov r9, rdx
mov rdx, [ rax + 0x8 ] ; arg2[1]
mulx r10, r11, [ rsi ] ; x9, x10 = mulx(arg1[0], arg2[1])
mulx rbx, rbp, [ rsi + 0x18 ] ; x133, x134 = mulx(arg1[3], arg2[1])
mov r12, rdx
mov rdx, [ rsi ] ; arg1[0]
mulx r13, r14, [ rax + 0x10 ] ; x7, x8 = mulx(arg1[0], arg2[2])
mov r15, rdx
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp ], rdi ; spill out1 pointer
mov [ rsp + 0x8 ], rcx ; spill x6
mulx rdi, rcx, [ rsi + 0x8 ] ; x41, x42 = mulx(arg1[1], arg2[2])
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x10 ], rdi ; spill x42
mov [ rsp + 0x18 ], rbx ; spill x134
mulx rdi, rbx, [ rax ] ; x90, x91 = mulx(arg1[2], arg2[0])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x20 ], rbx ; spill x90
mov [ rsp + 0x28 ], rdi ; spill x91
mulx rbx, rdi, r12 ; x43, x44 = mulx(arg1[1], arg2[1])
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x30 ], r8 ; spill x5
mulx r12, r8, [ rax ] ; x135, x136 = mulx(arg1[3], arg2[0])
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x38 ], r8 ; spill x135
mov [ rsp + 0x40 ], r13 ; spill x8
mulx r8, r13, r9 ; x84, x85 = mulx(arg1[2], arg2[3])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x48 ], r8 ; spill x85
mulx r15, r8, r15 ; x11, x12 = mulx(arg1[0], arg2[0])
test rax, rax
adox r15, r11 ; x13, x14 = addcarryx(0, x12, x9)
mov r11, rdx
mov rdx, r9
mov [ rsp + 0x50 ], r13 ; spill x84
mulx r9, r13, [ rsi + 0x8 ] ; x39, x40 = mulx(arg1[1], arg2[3])
mov [ rsp + 0x58 ], r9 ; spill x40
mulx rdx, r9, [ rsi + 0x18 ] ; x129, x130 = mulx(arg1[3], arg2[3])
mov [ rsp + 0x60 ], rdx ; spill x130
mov rdx, r8
mov r8, 0xffffffff
mov [ rsp + 0x68 ], r13 ; spill x39
mulx r8, r13, r8 ; x22, x23 = mulx(x11, 0xffffffff)
mov [ rsp + 0x70 ], rdx ; spill x11
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x78 ], r9 ; spill x129
mov [ rsp + 0x80 ], r8 ; spill x23
mulx r9, r8, [ rsi + 0x10 ] ; x86, x87 = mulx(arg1[2], arg2[2])
mov [ rsp + 0x88 ], r9 ; spill x87
mulx rdx, r9, [ rsi + 0x18 ] ; x131, x132 = mulx(arg1[3], arg2[2])
mov [ rsp + 0x90 ], r8 ; spill x86
seto r8b
movzx r8, r8b ; save x14
test rax, rax
adox r12, rbp ; x137, x138 = addcarryx(0, x136, x133)
mov rbp, rdx
mov rdx, [ rsp + 0x70 ] ; reload x11
mov [ rsp + 0x98 ], r12 ; spill x137
mov r12, -0x1
mov [ rsp + 0xa0 ], rbp ; spill x132
mulx r12, rbp, r12 ; x24, x25 = mulx(x11, 0xffffffffffffffff)
mov [ rsp + 0xa8 ], r15 ; spill x13
mov r15, 0xffffffff00000001
mov [ rsp + 0xb0 ], r9 ; spill x131
mulx r15, r9, r15 ; x20, x21 = mulx(x11, 0xffffffff00000001)
mov [ rsp + 0xb8 ], r15 ; spill x21
seto r15b
movzx r15, r15b ; save x138
add r8, -0x1 ; CF = x14
adcx r10, r14 ; x15, x16 = addcarryx(x14, x10, x7)
mov r8, rdx
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mulx r11, rdx, r11 ; x45, x46 = mulx(arg1[1], arg2[0])
setc r14b
movzx r14, r14b ; save x16
add r8, rbp ; _, x30 = addcarryx(0, x11, x24)
setc r8b
movzx r8, r8b ; save x30
test rax, rax
adox r12, r13 ; x26, x27 = addcarryx(0, x25, x22)
seto bpl
movzx rbp, bpl ; save x27.u64
test rax, rax
adox r11, rdi ; x47, x48 = addcarryx(0, x46, x43)
adox rbx, rcx ; x49, x50 = addcarryx(x48, x44, x41)
mov rcx, [ rsp + 0x40 ] ; reload x8
seto dil
movzx rdi, dil ; save x50
add r14, -0x1 ; CF = x16
adcx rcx, [ rsp + 0x30 ] ; x17, x18 = addcarryx(x16, x8, x5)
mov r13, [ rsp + 0x18 ] ; reload x134
setc r14b
movzx r14, r14b ; save x18
add r15, -0x1 ; CF = x138
adcx r13, [ rsp + 0xb0 ] ; x139, x140 = addcarryx(x138, x134, x131)
mov r15, rdx
mov rdx, [ rax + 0x8 ] ; arg2[1]
mulx rax, rdx, [ rsi + 0x10 ] ; x88, x89 = mulx(arg1[2], arg2[1])
setc sil
movzx rsi, sil ; save x140
add r8, -0x1 ; CF = x30
adcx r12, [ rsp + 0xa8 ] ; x31, x32 = addcarryx(x30, x13, x26)
mov r8, [ rsp + 0x80 ] ; reload x23
lea rbp, [ rbp + r8 ] ; x28 = x27.u64 + x23
mov r8, [ rsp + 0xa0 ] ; reload x132
mov [ rsp + 0x18 ], r13 ; spill x139
setc r13b
movzx r13, r13b ; save x32
add rsi, -0x1 ; CF = x140
adcx r8, [ rsp + 0x78 ] ; x141, x142 = addcarryx(x140, x132, x129)
setc sil
movzx rsi, sil ; save x142
add r12, r15 ; x54, x55 = addcarryx(0, x31, x45)
setc r15b
movzx r15, r15b ; save x55
add rdx, [ rsp + 0x28 ] ; x92, x93 = addcarryx(0, x91, x88)
mov [ rsp + 0x28 ], r8 ; spill x141
setc r8b
movzx r8, r8b ; save x93
add r13, -0x1 ; CF = x32
adcx r10, rbp ; x33, x34 = addcarryx(x32, x15, x28)
mov rbp, [ rsp + 0x8 ] ; reload x6
lea r14, [ r14 + rbp ] ; x19 = x18.u64 + x6
mov rbp, rdx
mov rdx, 0xffffffff00000001
mulx r13, rdx, r12 ; x64, x65 = mulx(x54, 0xffffffff00000001)
adcx rcx, r9 ; x35, x36 = addcarryx(x34, x17, x20)
mov r9, rdx
mov rdx, r12
mov r12, 0xffffffff
mov [ rsp + 0x8 ], r13 ; spill x65
mulx r12, r13, r12 ; x66, x67 = mulx(x54, 0xffffffff)
mov [ rsp + 0x30 ], r9 ; spill x64
setc r9b
movzx r9, r9b ; save x36
add r8, -0x1 ; CF = x93
adcx rax, [ rsp + 0x90 ] ; x94, x95 = addcarryx(x93, x89, x86)
mov r8, [ rsp + 0x88 ] ; reload x87
adcx r8, [ rsp + 0x50 ] ; x96, x97 = addcarryx(x95, x87, x84)
mov [ rsp + 0x40 ], r8 ; spill x96
setc r8b
movzx r8, r8b ; save x97
add r9, -0x1 ; CF = x36
adcx r14, [ rsp + 0xb8 ] ; x37, x38 = addcarryx(x36, x19, x21)
mov r9, [ rsp + 0x10 ] ; reload x42
mov [ rsp + 0x50 ], rax ; spill x94
setc al
movzx rax, al ; save x38
add rdi, -0x1 ; CF = x50
adcx r9, [ rsp + 0x68 ] ; x51, x52 = addcarryx(x50, x42, x39)
mov rdi, [ rsp + 0x60 ] ; reload x130
lea rsi, [ rsi + rdi ] ; x143 = x142.u64 + x130
mov rdi, -0x1
mov [ rsp + 0x10 ], rsi ; spill x143
mulx rdi, rsi, rdi ; x68, x69 = mulx(x54, 0xffffffffffffffff)
mov [ rsp + 0x60 ], r9 ; spill x51
setc r9b
movzx r9, r9b ; save x52
test rax, rax
adox rdx, rsi ; _, x74 = addcarryx(0, x54, x68)
seto sil
movzx rsi, sil ; save x74
xor rdx, rdx
adox rdi, r13 ; x70, x71 = addcarryx(0, x69, x66)
seto r13b
movzx r13, r13b ; save x71.u64
add r15, -0x1 ; CF = x55
adcx r10, r11 ; x56, x57 = addcarryx(x55, x33, x47)
lea r13, [ r13 + r12 ] ; x72 = x71.u64 + x67
setc r11b
movzx r11, r11b ; save x57
add rsi, -0x1 ; CF = x74
adcx r10, rdi ; x75, x76 = addcarryx(x74, x56, x70)
setc sil
movzx rsi, sil ; save x76
add r11, -0x1 ; CF = x57
adcx rcx, rbx ; x58, x59 = addcarryx(x57, x35, x49)
mov r11, [ rsp + 0x48 ] ; reload x85
lea r8, [ r8 + r11 ] ; x98 = x97.u64 + x85
setc r11b
movzx r11, r11b ; save x59
add rsi, -0x1 ; CF = x76
adcx rcx, r13 ; x77, x78 = addcarryx(x76, x58, x72)
setc sil
movzx rsi, sil ; save x78
xor rdi, rdi
adox r10, [ rsp + 0x20 ] ; x99, x100 = addcarryx(0, x75, x90)
adox rcx, rbp ; x101, x102 = addcarryx(x100, x77, x92)
mov rdx, r10
mov r10, -0x1
mulx rbx, rbp, r10 ; x113, x114 = mulx(x99, 0xffffffffffffffff)
mov r12, 0xffffffff00000001
mulx r13, r15, r12 ; x109, x110 = mulx(x99, 0xffffffff00000001)
seto r10b
movzx r10, r10b ; save x102
add r11, -0x1 ; CF = x59
adcx r14, [ rsp + 0x60 ] ; x60, x61 = addcarryx(x59, x37, x51)
mov r11, 0xffffffff
mulx r11, rdi, r11 ; x111, x112 = mulx(x99, 0xffffffff)
mov r12, [ rsp + 0x58 ] ; reload x40
lea r9, [ r9 + r12 ] ; x53 = x52.u64 + x40
adcx rax, r9 ; x62, x63 = addcarryx(x61, x38.u64, x53)
setc r9b
movzx r9, r9b ; save x63.u64
add rsi, -0x1 ; CF = x78
adcx r14, [ rsp + 0x30 ] ; x79, x80 = addcarryx(x78, x60, x64)
setc sil
movzx rsi, sil ; save x80
add r10, -0x1 ; CF = x102
adcx r14, [ rsp + 0x50 ] ; x103, x104 = addcarryx(x102, x79, x94)
setc r10b
movzx r10, r10b ; save x104
add rdx, rbp ; _, x119 = addcarryx(0, x99, x113)
setc dl
movzx rdx, dl ; save x119
add rsi, -0x1 ; CF = x80
adcx rax, [ rsp + 0x8 ] ; x81, x82 = addcarryx(x80, x62, x65)
setc sil
movzx rsi, sil ; save x82
test rax, rax
adox rbx, rdi ; x115, x116 = addcarryx(0, x114, x111)
mov rdi, 0x0
adox r11, rdi ; x117 = x116.u64 + x112
add r10, -0x1 ; CF = x104
adcx rax, [ rsp + 0x40 ] ; x105, x106 = addcarryx(x104, x81, x96)
setc r10b
movzx r10, r10b ; save x106
add rdx, -0x1 ; CF = x119
adcx rcx, rbx ; x120, x121 = addcarryx(x119, x101, x115)
setc dl
movzx rdx, dl ; save x121
test rax, rax
adox rcx, [ rsp + 0x38 ] ; x144, x145 = addcarryx(0, x120, x135)
mov rbx, rdx
mov rdx, 0xffffffff00000001
mulx rbp, r12, rcx ; x154, x155 = mulx(x144, 0xffffffff00000001)
mov rdx, rcx
mov rcx, -0x1
mulx rcx, rdi, rcx ; x158, x159 = mulx(x144, 0xffffffffffffffff)
mov [ rsp + 0x8 ], rbp ; spill x155
seto bpl
movzx rbp, bpl ; save x145
test rax, rax
adox rdi, rdx ; _, x164 = addcarryx(0, x144, x158)
mov rdi, 0xffffffff
mulx rdx, rdi, rdi ; x156, x157 = mulx(x144, 0xffffffff)
adcx rcx, rdi ; x160, x161 = addcarryx(0, x159, x156)
setc dil
movzx rdi, dil ; save x161
mov [ rsp + 0x20 ], r12 ; spill x154
seto r12b
movzx r12, r12b ; save x164
add rbx, -0x1 ; CF = x121
adcx r14, r11 ; x122, x123 = addcarryx(x121, x103, x117)
adcx rax, r15 ; x124, x125 = addcarryx(x123, x105, x109)
lea rsi, [ rsi + r9 ] ; x83 = x82.u64 + x63.u64
setc r9b
movzx r9, r9b ; save x125
add rbp, -0x1 ; CF = x145
adcx r14, [ rsp + 0x98 ] ; x146, x147 = addcarryx(x145, x122, x137)
lea rdi, [ rdi + rdx ] ; x162 = x161.u64 + x157
adcx rax, [ rsp + 0x18 ] ; x148, x149 = addcarryx(x147, x124, x139)
setc r11b
movzx r11, r11b ; save x149
add r10, -0x1 ; CF = x106
adcx rsi, r8 ; x107, x108 = addcarryx(x106, x83, x98)
setc r8b
movzx r8, r8b ; save x108
add r12, -0x1 ; CF = x164
adcx r14, rcx ; x165, x166 = addcarryx(x164, x146, x160)
mov rcx, r14
setc r10b
movzx r10, r10b ; save x166
sub rcx, -0x1 ; x174, x175 = subborrowx(0, x165, 0xffffffffffffffff)
setc dl
movzx rdx, dl ; save x175
add r9, -0x1 ; CF = x125
adcx rsi, r13 ; x126, x127 = addcarryx(x125, x107, x110)
setc r9b
movzx r9, r9b ; save x127.u64
add r11, -0x1 ; CF = x149
adcx rsi, [ rsp + 0x28 ] ; x150, x151 = addcarryx(x149, x126, x141)
setc r11b
movzx r11, r11b ; save x151
add r10, -0x1 ; CF = x166
adcx rax, rdi ; x167, x168 = addcarryx(x166, x148, x162)
mov r10, 0xffffffff
mov rdi, rax
setc bl
movzx rbx, bl ; save x168
add rdx, -0x1 ; CF = x175
sbb rdi, r10 ; x176, x177 = subborrowx(x175, x167, 0xffffffff)
lea r9, [ r9 + r8 ] ; x128 = x127.u64 + x108.u64
setc r8b
movzx r8, r8b ; save x177
add r11, -0x1 ; CF = x151
adcx r9, [ rsp + 0x10 ] ; x152, x153 = addcarryx(x151, x128, x143)
setc r11b
movzx r11, r11b ; save x153
add rbx, -0x1 ; CF = x168
adcx rsi, [ rsp + 0x20 ] ; x169, x170 = addcarryx(x168, x150, x154)
mov rdx, rsi
setc bl
movzx rbx, bl ; save x170
add r8, -0x1 ; CF = x177
sbb rdx, 0x0 ; x178, x179 = subborrowx(x177, x169, 0)
setc r8b
movzx r8, r8b ; save x179
add rbx, -0x1 ; CF = x170
adcx r9, [ rsp + 0x8 ] ; x171, x172 = addcarryx(x170, x152, x155)
mov rbx, 0xffffffff00000001
mov rbp, r9
setc r12b
movzx r12, r12b ; save x172.u64
add r8, -0x1 ; CF = x179
sbb rbp, rbx ; x180, x181 = subborrowx(x179, x171, 0xffffffff00000001)
lea r12, [ r12 + r11 ] ; x173 = x172.u64 + x153.u64
sbb r12, 0x0 ; _, x183 = subborrowx(x181, x173, 0)
cmovc rcx, r14 ; x184 = cmovznz(x183, x174, x165)
mov r8, [ rsp ] ; reload out1 pointer
mov [ r8 ], rcx ; store x184
cmovc rdx, rsi ; x186 = cmovznz(x183, x178, x169)
mov [ r8 + 0x10 ], rdx ; store x186
cmovnc rax, rdi ; x185 = cmovznz(x183, x176, x167)
mov [ r8 + 0x8 ], rax ; store x185
cmovnc r9, rbp ; x187 = cmovznz(x183, x180, x171)
mov [ r8 + 0x18 ], r9 ; store x187
mov rbx, [ rsp + 0xe8 ]; restoring from stack
mov rbp, [ rsp + 0xe0 ]; restoring from stack
mov r12, [ rsp + 0xd8 ]; restoring from stack
mov r13, [ rsp + 0xd0 ]; restoring from stack
mov r14, [ rsp + 0xc8 ]; restoring from stack
mov r15, [ rsp + 0xc0 ]; restoring from stack
add rsp, 0xf0 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
