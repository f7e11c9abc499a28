SECTION .text
	GLOBAL fiat_secp256k1_montgomery_square
fiat_secp256k1_montgomery_square:
sub rsp, 0xb8 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0xb0 ], rbx; saving to stack
mov [ rsp + 0xa8 ], rbp; saving to stack
mov [ rsp + 0xa0 ], r12; saving to stack
mov [ rsp + 0x98 ], r13; saving to stack
mov [ rsp + 0x90 ], r14; saving to stack
mov [ rsp + 0x88 ], r15; saving to stack
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mulx rax, rcx, rdx ; x102, x103 = mulx(arg1[2], arg1[2])
mov r8, rdx
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mulx r9, r10, [ rsi ] ; x9, x10 = mulx(arg1[0], arg1[1])
mov r11, rdx
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mulx rbx, rbp, [ rsi ] ; x5, x6 = mulx(arg1[0], arg1[3])
mov r12, rdx
mov rdx, r11
mulx r11, r13, rdx ; x51, x52 = mulx(arg1[1], arg1[1])
mov r14, rdx
mov rdx, r12
mulx r12, r15, r8 ; x100, x101 = mulx(arg1[2], arg1[3])
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp ], rdi ; spill out1 pointer
mov [ rsp + 0x8 ], rbp ; spill x5
mulx rdi, rbp, rdx ; x11, x12 = mulx(arg1[0], arg1[0])
mov [ rsp + 0x10 ], r12 ; spill x101
mulx rdx, r12, r8 ; x7, x8 = mulx(arg1[0], arg1[2])
mov [ rsp + 0x18 ], rdx ; spill x8
mov rdx, r14
mulx r8, r14, r8 ; x49, x50 = mulx(arg1[1], arg1[2])
test rax, rax
adox r13, r9 ; x55, x56 = addcarryx(0, x10, x51)
mov [ rsp + 0x20 ], r13 ; spill x55
seto r13b
movzx r13, r13b ; save x56
test rax, rax
adox rdi, r10 ; x13, x14 = addcarryx(0, x12, x9)
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x28 ], r10 ; spill x9
mov [ rsp + 0x30 ], rdi ; spill x13
mulx r10, rdi, rdx ; x153, x154 = mulx(arg1[3], arg1[3])
mov [ rsp + 0x38 ], r10 ; spill x154
mov r10, [ rsp + 0x18 ]
adcx r10, r14 ; x108, x109 = addcarryx(0, x8, x49)
mov rdx, rbp
mov rbp, 0xd838091dd2253531
mov [ rsp + 0x40 ], r10 ; spill x108
mulx rbp, r10, rbp ; x20, _ = mulx(x11, 0xd838091dd2253531)
adcx rcx, r8 ; x110, x111 = addcarryx(x109, x50, x102)
mov rbp, rdx
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x48 ], rcx ; spill x110
mulx rdx, rcx, [ rsi + 0x18 ] ; x47, x48 = mulx(arg1[1], arg1[3])
mov rsi, rbx
mov [ rsp + 0x50 ], rdi ; spill x153
setc dil
movzx rdi, dil ; save x111
clc
adcx rsi, rcx ; x161, x162 = addcarryx(0, x6, x47)
mov [ rsp + 0x58 ], rsi ; spill x161
setc sil
movzx rsi, sil ; save x162
mov [ rsp + 0x60 ], rbx ; spill x6
seto bl
movzx rbx, bl ; save x14
add rdi, -0x1 ; CF = x111
adcx rax, r15 ; x112, x113 = addcarryx(x111, x103, x100)
setc dil
movzx rdi, dil ; save x113
add rbx, -0x1 ; CF = x14
adcx r9, r12 ; x15, x16 = addcarryx(x14, x10, x7)
mov rbx, rdx
mov rdx, -0x1
mov [ rsp + 0x68 ], rax ; spill x112
mulx rdx, rax, r10 ; x22, x23 = mulx(x20, 0xffffffffffffffff)
mov [ rsp + 0x70 ], r12 ; spill x7
setc r12b
movzx r12, r12b ; save x16
add r13, -0x1 ; CF = x56
adcx r11, r14 ; x57, x58 = addcarryx(x56, x52, x49)
mov r13, [ rsp + 0x10 ] ; reload x101
lea rdi, [ rdi + r13 ] ; x114 = x113.u64 + x101
mov r14, rdx
mov rdx, r10
mov r10, 0xfffffffefffffc2f
mulx rdx, r10, r10 ; x28, x29 = mulx(x20, 0xfffffffefffffc2f)
mov [ rsp + 0x78 ], rdi ; spill x114
mov rdi, [ rsp + 0x18 ] ; reload x8
mov [ rsp + 0x80 ], r11 ; spill x57
setc r11b
movzx r11, r11b ; save x58
add r12, -0x1 ; CF = x16
adcx rdi, [ rsp + 0x8 ] ; x17, x18 = addcarryx(x16, x8, x5)
setc r12b
movzx r12, r12b ; save x18
add r11, -0x1 ; CF = x58
adcx r8, rcx ; x59, x60 = addcarryx(x58, x50, x47)
setc cl
movzx rcx, cl ; save x60.u64
xor r11, r11
adox rbp, r10 ; _, x38 = addcarryx(0, x11, x28)
lea rcx, [ rcx + rbx ] ; x61 = x60.u64 + x48
seto r10b
movzx r10, r10b ; save x38
add rsi, -0x1 ; CF = x162
adcx rbx, r15 ; x163, x164 = addcarryx(x162, x48, x100)
mov rsi, [ rsp + 0x60 ] ; reload x6
lea r12, [ r12 + rsi ] ; x19 = x18.u64 + x6
adcx r13, [ rsp + 0x50 ] ; x165, x166 = addcarryx(x164, x101, x153)
setc sil
movzx rsi, sil ; save x166
add rdx, rax ; x30, x31 = addcarryx(0, x29, x22)
setc bpl
movzx rbp, bpl ; save x31
add r10, -0x1 ; CF = x38
adcx rdx, [ rsp + 0x30 ] ; x39, x40 = addcarryx(x38, x13, x30)
setc r10b
movzx r10, r10b ; save x40
test rax, rax
adox rdx, [ rsp + 0x28 ] ; x62, x63 = addcarryx(0, x39, x9)
mov r15, r14
seto r11b
movzx r11, r11b ; save x63
add rbp, -0x1 ; CF = x31
adcx r15, rax ; x32, x33 = addcarryx(x31, x23, x22)
mov rbp, 0xd838091dd2253531
mov [ rsp + 0x10 ], r13 ; spill x165
mulx rbp, r13, rbp ; x72, _ = mulx(x62, 0xd838091dd2253531)
setc bpl
movzx rbp, bpl ; save x33
add r10, -0x1 ; CF = x40
adcx r9, r15 ; x41, x42 = addcarryx(x40, x15, x32)
setc r10b
movzx r10, r10b ; save x42
add r11, -0x1 ; CF = x63
adcx r9, [ rsp + 0x20 ] ; x64, x65 = addcarryx(x63, x41, x55)
mov r11, [ rsp + 0x38 ] ; reload x154
lea rsi, [ rsi + r11 ] ; x167 = x166.u64 + x154
mov r11, rdx
mov rdx, 0xfffffffefffffc2f
mulx r15, rdx, r13 ; x80, x81 = mulx(x72, 0xfffffffefffffc2f)
mov [ rsp + 0x18 ], rsi ; spill x167
setc sil
movzx rsi, sil ; save x65
add r11, rdx ; _, x90 = addcarryx(0, x62, x80)
setc r11b
movzx r11, r11b ; save x90
add rbp, -0x1 ; CF = x33
adcx rax, r14 ; x34, x35 = addcarryx(x33, x23, x22)
mov rdx, -0x1
mulx rbp, r13, r13 ; x74, x75 = mulx(x72, 0xffffffffffffffff)
setc dl
movzx rdx, dl ; save x35
add r10, -0x1 ; CF = x42
adcx rdi, rax ; x43, x44 = addcarryx(x42, x17, x34)
setc al
movzx rax, al ; save x44
xor r10, r10
adox r15, r13 ; x82, x83 = addcarryx(0, x81, x74)
seto r10b
movzx r10, r10b ; save x83
add r11, -0x1 ; CF = x90
adcx r9, r15 ; x91, x92 = addcarryx(x90, x64, x82)
mov r11, rbp
setc r15b
movzx r15, r15b ; save x92
add r10, -0x1 ; CF = x83
adcx r11, r13 ; x84, x85 = addcarryx(x83, x75, x74)
lea rdx, [ rdx + r14 ] ; x36 = x35.u64 + x23
setc r10b
movzx r10, r10b ; save x85
add rax, -0x1 ; CF = x44
adcx r12, rdx ; x45, x46 = addcarryx(x44, x19, x36)
setc al
movzx rax, al ; save x46
add r9, [ rsp + 0x70 ] ; x115, x116 = addcarryx(0, x91, x7)
setc dl
movzx rdx, dl ; save x116
add rsi, -0x1 ; CF = x65
adcx rdi, [ rsp + 0x80 ] ; x66, x67 = addcarryx(x65, x43, x57)
mov rsi, rdx
mov rdx, 0xd838091dd2253531
mulx r14, rdx, r9 ; x125, _ = mulx(x115, 0xd838091dd2253531)
mov r14, 0xfffffffefffffc2f
mov [ rsp + 0x20 ], rbx ; spill x163
mulx r14, rbx, r14 ; x133, x134 = mulx(x125, 0xfffffffefffffc2f)
mov [ rsp + 0x28 ], rcx ; spill x61
setc cl
movzx rcx, cl ; save x67
add r15, -0x1 ; CF = x92
adcx rdi, r11 ; x93, x94 = addcarryx(x92, x66, x84)
setc r11b
movzx r11, r11b ; save x94
add r10, -0x1 ; CF = x85
adcx r13, rbp ; x86, x87 = addcarryx(x85, x75, x74)
mov r10, -0x1
mulx rdx, r15, r10 ; x127, x128 = mulx(x125, 0xffffffffffffffff)
setc r10b
movzx r10, r10b ; save x87
add rsi, -0x1 ; CF = x116
adcx rdi, [ rsp + 0x40 ] ; x117, x118 = addcarryx(x116, x93, x108)
setc sil
movzx rsi, sil ; save x118
add r14, r15 ; x135, x136 = addcarryx(0, x134, x127)
mov [ rsp + 0x30 ], rsi ; spill x118
setc sil
movzx rsi, sil ; save x136
add rcx, -0x1 ; CF = x67
adcx r12, r8 ; x68, x69 = addcarryx(x67, x45, x59)
setc cl
movzx rcx, cl ; save x69
xor r8, r8
adox r9, rbx ; _, x143 = addcarryx(0, x115, x133)
adox rdi, r14 ; x144, x145 = addcarryx(x143, x117, x135)
mov r9, rdx
seto bl
movzx rbx, bl ; save x145
add rsi, -0x1 ; CF = x136
adcx r9, r15 ; x137, x138 = addcarryx(x136, x128, x127)
setc sil
movzx rsi, sil ; save x138
test rax, rax
adox rdi, [ rsp + 0x8 ] ; x168, x169 = addcarryx(0, x144, x5)
mov r14, rdx
mov rdx, rdi
mov rdi, 0xd838091dd2253531
mulx r8, rdi, rdi ; x178, _ = mulx(x168, 0xd838091dd2253531)
seto r8b
movzx r8, r8b ; save x169
add rsi, -0x1 ; CF = x138
adcx r15, r14 ; x139, x140 = addcarryx(x138, x128, x127)
adc r14, 0x0 ; x141 = x140.u64 + x128
mov rsi, rdx
mov rdx, 0xfffffffefffffc2f
mov [ rsp + 0x8 ], r14 ; spill x141
mulx rdx, r14, rdi ; x186, x187 = mulx(x178, 0xfffffffefffffc2f)
add rsi, r14 ; _, x196 = addcarryx(0, x168, x186)
lea r10, [ r10 + rbp ] ; x88 = x87.u64 + x75
setc sil
movzx rsi, sil ; save x196
add r11, -0x1 ; CF = x94
adcx r12, r13 ; x95, x96 = addcarryx(x94, x68, x86)
mov r11, [ rsp + 0x30 ] ; reload x118
setc bpl
movzx rbp, bpl ; save x96
add r11, -0x1 ; CF = x118
adcx r12, [ rsp + 0x48 ] ; x119, x120 = addcarryx(x118, x95, x110)
setc r11b
movzx r11, r11b ; save x120
add rbx, -0x1 ; CF = x145
adcx r12, r9 ; x146, x147 = addcarryx(x145, x119, x137)
setc r9b
movzx r9, r9b ; save x147
add r8, -0x1 ; CF = x169
adcx r12, [ rsp + 0x58 ] ; x170, x171 = addcarryx(x169, x146, x161)
mov r8, rdx
mov rdx, -0x1
mulx rdi, rbx, rdi ; x180, x181 = mulx(x178, 0xffffffffffffffff)
setc r13b
movzx r13, r13b ; save x171
add rcx, -0x1 ; CF = x69
adcx rax, [ rsp + 0x28 ] ; x70, x71 = addcarryx(x69, x46.u64, x61)
setc cl
movzx rcx, cl ; save x71
add rbp, -0x1 ; CF = x96
adcx rax, r10 ; x97, x98 = addcarryx(x96, x70, x88)
setc r10b
movzx r10, r10b ; save x98.u64
add r11, -0x1 ; CF = x120
adcx rax, [ rsp + 0x68 ] ; x121, x122 = addcarryx(x120, x97, x112)
setc r11b
movzx r11, r11b ; save x122
test rax, rax
adox r8, rbx ; x188, x189 = addcarryx(0, x187, x180)
lea r10, [ r10 + rcx ] ; x99 = x98.u64 + x71.u64
mov rcx, rdi
adox rcx, rbx ; x190, x191 = addcarryx(x189, x181, x180)
seto bpl
movzx rbp, bpl ; save x191
add rsi, -0x1 ; CF = x196
adcx r12, r8 ; x197, x198 = addcarryx(x196, x170, x188)
setc r8b
movzx r8, r8b ; save x198
add rbp, -0x1 ; CF = x191
adcx rbx, rdi ; x192, x193 = addcarryx(x191, x181, x180)
setc sil
movzx rsi, sil ; save x193
add r9, -0x1 ; CF = x147
adcx rax, r15 ; x148, x149 = addcarryx(x147, x121, x139)
mov r9, 0xfffffffefffffc2f
mov rbp, r12
setc r14b
movzx r14, r14b ; save x149
sub rbp, r9 ; x206, x207 = subborrowx(0, x197, 0xfffffffefffffc2f)
lea rsi, [ rsi + rdi ] ; x194 = x193.u64 + x181
setc dil
movzx rdi, dil ; save x207
add r13, -0x1 ; CF = x171
adcx rax, [ rsp + 0x20 ] ; x172, x173 = addcarryx(x171, x148, x163)
setc r13b
movzx r13, r13b ; save x173
add r11, -0x1 ; CF = x122
adcx r10, [ rsp + 0x78 ] ; x123, x124 = addcarryx(x122, x99, x114)
setc r11b
movzx r11, r11b ; save x124.u64
add r14, -0x1 ; CF = x149
adcx r10, [ rsp + 0x8 ] ; x150, x151 = addcarryx(x149, x123, x141)
setc r14b
movzx r14, r14b ; save x151
add r8, -0x1 ; CF = x198
adcx rax, rcx ; x199, x200 = addcarryx(x198, x172, x190)
setc cl
movzx rcx, cl ; save x200
add r13, -0x1 ; CF = x173
adcx r10, [ rsp + 0x10 ] ; x174, x175 = addcarryx(x173, x150, x165)
mov r8, rax
setc r13b
movzx r13, r13b ; save x175
add rdi, -0x1 ; CF = x207
sbb r8, -0x1 ; x208, x209 = subborrowx(x207, x199, 0xffffffffffffffff)
setc dil
movzx rdi, dil ; save x209
add rcx, -0x1 ; CF = x200
adcx r10, rbx ; x201, x202 = addcarryx(x200, x174, x192)
lea r14, [ r14 + r11 ] ; x152 = x151.u64 + x124.u64
setc cl
movzx rcx, cl ; save x202
add r13, -0x1 ; CF = x175
adcx r14, [ rsp + 0x18 ] ; x176, x177 = addcarryx(x175, x152, x167)
setc r11b
movzx r11, r11b ; save x177
add rcx, -0x1 ; CF = x202
adcx r14, rsi ; x203, x204 = addcarryx(x202, x176, x194)
mov rcx, r10
setc sil
movzx rsi, sil ; save x204
add rdi, -0x1 ; CF = x209
sbb rcx, -0x1 ; x210, x211 = subborrowx(x209, x201, 0xffffffffffffffff)
mov rdi, r14
sbb rdi, -0x1 ; x212, x213 = subborrowx(x211, x203, 0xffffffffffffffff)
lea rsi, [ rsi + r11 ] ; x205 = x204.u64 + x177.u64
sbb rsi, 0x0 ; _, x215 = subborrowx(x213, x205, 0)
cmovc rdi, r14 ; x219 = cmovznz(x215, x212, x203)
mov r11, [ rsp ] ; reload out1 pointer
mov [ r11 + 0x18 ], rdi ; store x219
cmovnc rax, r8 ; x217 = cmovznz(x215, x208, x199)
mov [ r11 + 0x8 ], rax ; store x217
cmovnc r10, rcx ; x218 = cmovznz(x215, x210, x201)
mov [ r11 + 0x10 ], r10 ; store x218
cmovc rbp, r12 ; x216 = cmovznz(x215, x206, x197)
mov [ r11 ], rbp ; store x216
mov rbx, [ rsp + 0xb0 ]; restoring from stack
mov rbp, [ rsp + 0xa8 ]; restoring from stack
mov r12, [ rsp + 0xa0 ]; restoring from stack
mov r13, [ rsp + 0x98 ]; restoring from stack
mov r14, [ rsp + 0x90 ]; restoring from stack
mov r15, [ rsp + 0x88 ]; restoring from stack
add rsp, 0xb8 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
