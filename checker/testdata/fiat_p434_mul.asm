SECTION .text
	GLOBAL fiat_p434_mul
fiat_p434_mul:
sub rsp, 0x320 ; last 0x30 (6) for Caller - save regs
mov [ rsp + 0x318 ], rbx; saving to stack
mov [ rsp + 0x310 ], rbp; saving to stack
mov [ rsp + 0x308 ], r12; saving to stack
mov [ rsp + 0x300 ], r13; saving to stack
mov [ rsp + 0x2f8 ], r14; saving to stack
mov [ rsp + 0x2f0 ], r15; saving to stack
mov rax, rdx
mov rdx, [ rax + 0x18 ] ; arg2[3]
mulx rcx, r8, [ rsi + 0x8 ] ; x84, x85 = mulx(arg1[1], arg2[3])
mov r9, rdx
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mulx r10, r11, [ rax ] ; x438, x439 = mulx(arg1[5], arg2[0])
mov rbx, rdx
mov rdx, [ rax + 0x8 ] ; arg2[1]
mulx rbp, r12, [ rsi ] ; x18, x19 = mulx(arg1[0], arg2[1])
mov r13, rdx
mov rdx, [ rax ] ; arg2[0]
mulx r14, r15, [ rsi + 0x30 ] ; x525, x526 = mulx(arg1[6], arg2[0])
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp ], rdi ; spill out1 pointer
mov [ rsp + 0x8 ], r15 ; spill x525
mulx rdi, r15, [ rsi + 0x20 ] ; x347, x348 = mulx(arg1[4], arg2[2])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x10 ], r11 ; spill x438
mov [ rsp + 0x18 ], rcx ; spill x85
mulx r11, rcx, [ rsi + 0x18 ] ; x264, x265 = mulx(arg1[3], arg2[0])
mov rdx, [ rax + 0x20 ] ; arg2[4]
mov [ rsp + 0x20 ], rcx ; spill x264
mov [ rsp + 0x28 ], r11 ; spill x265
mulx rcx, r11, [ rsi + 0x8 ] ; x82, x83 = mulx(arg1[1], arg2[4])
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x30 ], rcx ; spill x83
mov [ rsp + 0x38 ], r11 ; spill x82
mulx rcx, r11, [ rax + 0x30 ] ; x513, x514 = mulx(arg1[6], arg2[6])
mov rdx, rbx
mov [ rsp + 0x40 ], rcx ; spill x514
mulx rbx, rcx, r13 ; x436, x437 = mulx(arg1[5], arg2[1])
add r10, rcx ; x440, x441 = addcarryx(0, x439, x436)
mov rcx, rdx
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x48 ], r10 ; spill x440
mov [ rsp + 0x50 ], r11 ; spill x513
mulx r10, r11, r13 ; x262, x263 = mulx(arg1[3], arg2[1])
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0x58 ], r10 ; spill x263
mov [ rsp + 0x60 ], r11 ; spill x262
mulx r10, r11, [ rax + 0x20 ] ; x343, x344 = mulx(arg1[4], arg2[4])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x68 ], rbp ; spill x19
mov [ rsp + 0x70 ], r10 ; spill x344
mulx rbp, r10, [ rsi + 0x10 ] ; x177, x178 = mulx(arg1[2], arg2[0])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x78 ], r10 ; spill x177
mov [ rsp + 0x80 ], r11 ; spill x343
mulx r10, r11, [ rax + 0x30 ] ; x78, x79 = mulx(arg1[1], arg2[6])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x88 ], r10 ; spill x79
mov [ rsp + 0x90 ], r11 ; spill x78
mulx r10, r11, [ rsi ] ; x20, x21 = mulx(arg1[0], arg2[0])
mov rdx, [ rax + 0x20 ] ; arg2[4]
mov [ rsp + 0x98 ], r8 ; spill x84
mov [ rsp + 0xa0 ], rdi ; spill x348
mulx r8, rdi, [ rsi + 0x18 ] ; x256, x257 = mulx(arg1[3], arg2[4])
mov rdx, rcx
mov [ rsp + 0xa8 ], r8 ; spill x257
mulx rcx, r8, r9 ; x432, x433 = mulx(arg1[5], arg2[3])
mov rdx, 0x6cfc5fd681c52056
mov [ rsp + 0xb0 ], rdi ; spill x256
mulx rdx, rdi, r11 ; x37, x38 = mulx(x20, 0x6cfc5fd681c52056)
mov [ rsp + 0xb8 ], rdx ; spill x38
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0xc0 ], rdi ; spill x37
mov [ rsp + 0xc8 ], r10 ; spill x21
mulx rdi, r10, [ rax + 0x10 ] ; x434, x435 = mulx(arg1[5], arg2[2])
mov rdx, 0x2341f27177344
mov [ rsp + 0xd0 ], r12 ; spill x18
mulx rdx, r12, r11 ; x35, x36 = mulx(x20, 0x2341f27177344)
mov [ rsp + 0xd8 ], rdx ; spill x36
mov rdx, [ rsi + 0x20 ] ; arg1[4]
mov [ rsp + 0xe0 ], r12 ; spill x35
mov [ rsp + 0xe8 ], r15 ; spill x347
mulx r12, r15, r13 ; x349, x350 = mulx(arg1[4], arg2[1])
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0xf0 ], r12 ; spill x350
mov [ rsp + 0xf8 ], rbp ; spill x178
mulx r12, rbp, [ rax + 0x28 ] ; x80, x81 = mulx(arg1[1], arg2[5])
mov rdx, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x100 ], r12 ; spill x81
mov [ rsp + 0x108 ], rbp ; spill x80
mulx r12, rbp, [ rsi + 0x20 ] ; x341, x342 = mulx(arg1[4], arg2[5])
mov rdx, [ rax + 0x20 ] ; arg2[4]
mov [ rsp + 0x110 ], r12 ; spill x342
mov [ rsp + 0x118 ], rbp ; spill x341
mulx r12, rbp, [ rsi ] ; x12, x13 = mulx(arg1[0], arg2[4])
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x120 ], r12 ; spill x13
mov [ rsp + 0x128 ], rbp ; spill x12
mulx r12, rbp, [ rax + 0x28 ] ; x515, x516 = mulx(arg1[6], arg2[5])
mov [ rsp + 0x130 ], r12 ; spill x516
mov [ rsp + 0x138 ], rbp ; spill x515
mulx r12, rbp, [ rax + 0x20 ] ; x517, x518 = mulx(arg1[6], arg2[4])
mov rdx, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x140 ], r12 ; spill x518
mov [ rsp + 0x148 ], rbp ; spill x517
mulx r12, rbp, [ rsi + 0x10 ] ; x167, x168 = mulx(arg1[2], arg2[5])
mov rdx, r11
mov r11, -0x1
mov [ rsp + 0x150 ], r12 ; spill x168
mulx r11, r12, r11 ; x43, x44 = mulx(x20, 0xffffffffffffffff)
mov [ rsp + 0x158 ], rdx ; spill x20
mov rdx, [ rax + 0x30 ] ; arg2[6]
mov [ rsp + 0x160 ], rbp ; spill x167
mov [ rsp + 0x168 ], rcx ; spill x433
mulx rbp, rcx, [ rsi ] ; x8, x9 = mulx(arg1[0], arg2[6])
mov rdx, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x170 ], rbp ; spill x9
mov [ rsp + 0x178 ], rcx ; spill x8
mulx rbp, rcx, [ rsi ] ; x10, x11 = mulx(arg1[0], arg2[5])
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x180 ], rbp ; spill x11
mov [ rsp + 0x188 ], rcx ; spill x10
mulx rbp, rcx, [ rax + 0x30 ] ; x165, x166 = mulx(arg1[2], arg2[6])
mov rdx, [ rax + 0x28 ] ; arg2[5]
mov [ rsp + 0x190 ], rbp ; spill x166
mov [ rsp + 0x198 ], rcx ; spill x165
mulx rbp, rcx, [ rsi + 0x18 ] ; x254, x255 = mulx(arg1[3], arg2[5])
mov [ rsp + 0x1a0 ], rbp ; spill x255
mulx rdx, rbp, [ rsi + 0x28 ] ; x428, x429 = mulx(arg1[5], arg2[5])
mov [ rsp + 0x1a8 ], rdx ; spill x429
mov rdx, r9
mov [ rsp + 0x1b0 ], rcx ; spill x254
mulx r9, rcx, [ rsi + 0x10 ] ; x171, x172 = mulx(arg1[2], arg2[3])
mov [ rsp + 0x1b8 ], rbp ; spill x428
mov [ rsp + 0x1c0 ], r9 ; spill x172
mulx rbp, r9, [ rsi + 0x18 ] ; x258, x259 = mulx(arg1[3], arg2[3])
mov rdx, r13
mov [ rsp + 0x1c8 ], rbp ; spill x259
mulx r13, rbp, [ rsi + 0x8 ] ; x88, x89 = mulx(arg1[1], arg2[1])
mov [ rsp + 0x1d0 ], r9 ; spill x258
mov r9, r11
mov [ rsp + 0x1d8 ], rcx ; spill x171
setc cl
movzx rcx, cl ; save x441
test rax, rax
adox r9, r12 ; x49, x50 = addcarryx(0, x44, x43)
mov rdx, [ rsi + 0x30 ] ; arg1[6]
mov [ rsp + 0x1e0 ], r9 ; spill x49
mov [ rsp + 0x1e8 ], r13 ; spill x89
mulx r9, r13, [ rax + 0x10 ] ; x521, x522 = mulx(arg1[6], arg2[2])
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x1f0 ], r9 ; spill x522
mov [ rsp + 0x1f8 ], r13 ; spill x521
mulx r9, r13, [ rax + 0x20 ] ; x430, x431 = mulx(arg1[5], arg2[4])
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x200 ], r9 ; spill x431
mov [ rsp + 0x208 ], rbp ; spill x88
mulx r9, rbp, [ rax + 0x30 ] ; x252, x253 = mulx(arg1[3], arg2[6])
mov rdx, [ rax ] ; arg2[0]
mov [ rsp + 0x210 ], r9 ; spill x253
mov [ rsp + 0x218 ], rbp ; spill x252
mulx r9, rbp, [ rsi + 0x20 ] ; x351, x352 = mulx(arg1[4], arg2[0])
mov rdx, [ rsi + 0x18 ] ; arg1[3]
mov [ rsp + 0x220 ], rbp ; spill x351
mulx rdx, rbp, [ rax + 0x10 ] ; x260, x261 = mulx(arg1[3], arg2[2])
mov [ rsp + 0x228 ], rdx ; spill x261
mov rdx, [ rsi + 0x8 ] ; arg1[1]
mov [ rsp + 0x230 ], rbp ; spill x260
mov [ rsp + 0x238 ], r13 ; spill x430
mulx rbp, r13, [ rax ] ; x90, x91 = mulx(arg1[1], arg2[0])
mov rdx, [ rsi ] ; arg1[0]
mov [ rsp + 0x240 ], r13 ; spill x90
mov [ rsp + 0x248 ], rbp ; spill x91
mulx r13, rbp, [ rax + 0x10 ] ; x16, x17 = mulx(arg1[0], arg2[2])
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x250 ], r13 ; spill x17
mov [ rsp + 0x258 ], rbp ; spill x16
mulx r13, rbp, [ rsi + 0x30 ] ; x523, x524 = mulx(arg1[6], arg2[1])
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x260 ], r13 ; spill x524
mov [ rsp + 0x268 ], r9 ; spill x352
mulx r13, r9, [ rsi ] ; x14, x15 = mulx(arg1[0], arg2[3])
mov [ rsp + 0x270 ], r13 ; spill x15
seto r13b
movzx r13, r13b ; save x50
add rcx, -0x1 ; CF = x441
adcx rbx, r10 ; x442, x443 = addcarryx(x441, x437, x434)
mov rcx, r11
setc r10b
movzx r10, r10b ; save x443
add r13, -0x1 ; CF = x50
adcx rcx, r12 ; x51, x52 = addcarryx(x50, x44, x43)
mov [ rsp + 0x278 ], rbx ; spill x442
mulx r13, rbx, [ rsi + 0x20 ] ; x345, x346 = mulx(arg1[4], arg2[3])
mov rdx, [ rsi + 0x28 ] ; arg1[5]
mov [ rsp + 0x280 ], rcx ; spill x51
mulx rdx, rcx, [ rax + 0x30 ] ; x426, x427 = mulx(arg1[5], arg2[6])
mov [ rsp + 0x288 ], rdx ; spill x427
mov rdx, [ rax + 0x10 ] ; arg2[2]
mov [ rsp + 0x290 ], rcx ; spill x426
mov [ rsp + 0x298 ], r9 ; spill x14
mulx rcx, r9, [ rsi + 0x8 ] ; x86, x87 = mulx(arg1[1], arg2[2])
mov [ rsp + 0x2a0 ], r11 ; spill x44
setc r11b
movzx r11, r11b ; save x52
test rax, rax
adox r14, rbp ; x527, x528 = addcarryx(0, x526, x523)
mov rbp, rdx
mov rdx, [ rsi + 0x10 ] ; arg1[2]
mov [ rsp + 0x2a8 ], r14 ; spill x527
mov [ rsp + 0x2b0 ], r11 ; spill x52
mulx r14, r11, [ rax + 0x20 ] ; x169, x170 = mulx(arg1[2], arg2[4])
mov [ rsp + 0x2b8 ], r14 ; spill x170
seto r14b
movzx r14, r14b ; save x528
add r10, -0x1 ; CF = x443
adcx rdi, r8 ; x444, x445 = addcarryx(x443, x435, x432)
mov r8, rdx
mov rdx, [ rax + 0x30 ] ; arg2[6]
mulx r10, rdx, [ rsi + 0x20 ] ; x339, x340 = mulx(arg1[4], arg2[6])
mov [ rsp + 0x2c0 ], rdi ; spill x444
setc dil
movzx rdi, dil ; save x445
test rax, rax
adox r15, [ rsp + 0x268 ] ; x353, x354 = addcarryx(0, x352, x349)
mov [ rsp + 0x268 ], rdx ; spill x339
mov rdx, [ rsp + 0x158 ] ; reload x20
mov [ rsp + 0x2c8 ], r15 ; spill x353
mov r15, 0x7bc65c783158aea3
mov [ rsp + 0x2d0 ], r10 ; spill x340
mulx r15, r10, r15 ; x39, x40 = mulx(x20, 0x7bc65c783158aea3)
mov [ rsp + 0x2d8 ], r15 ; spill x40
mov r15, [ rsp + 0x168 ] ; reload x433
mov [ rsp + 0x2e0 ], r10 ; spill x39
seto r10b
movzx r10, r10b ; save x354
add rdi, -0x1 ; CF = x445
adcx r15, [ rsp + 0x238 ] ; x446, x447 = addcarryx(x445, x433, x430)
mov rdi, rdx
mov rdx, [ rax + 0x8 ] ; arg2[1]
mov [ rsp + 0x168 ], r15 ; spill x446
mulx rdx, r15, r8 ; x175, x176 = mulx(arg1[2], arg2[1])
mov [ rsp + 0x238 ], r11 ; spill x169
mov r11, [ rsp + 0x248 ] ; reload x91
mov [ rsp + 0x2e8 ], rdx ; spill x176
setc dl
movzx rdx, dl ; save x447
add r11, [ rsp + 0x208 ] ; x92, x93 = addcarryx(0, x91, x88)
adcx r9, [ rsp + 0x1e8 ] ; x94, x95 = addcarryx(x93, x89, x86)
mov [ rsp + 0x1e8 ], r9 ; spill x94
setc r9b
movzx r9, r9b ; save x95
test rax, rax
adox r15, [ rsp + 0xf8 ] ; x179, x180 = addcarryx(0, x178, x175)
mov [ rsp + 0xf8 ], r15 ; spill x179
mov r15, [ rsp + 0x260 ] ; reload x524
mov [ rsp + 0x208 ], r11 ; spill x92
seto r11b
movzx r11, r11b ; save x180
add r14, -0x1 ; CF = x528
adcx r15, [ rsp + 0x1f8 ] ; x529, x530 = addcarryx(x528, x524, x521)
mov r14, rdx
mov rdx, [ rax + 0x18 ] ; arg2[3]
mov [ rsp + 0x1f8 ], r15 ; spill x529
mulx rdx, r15, [ rsi + 0x30 ] ; x519, x520 = mulx(arg1[6], arg2[3])
mov [ rsp + 0x248 ], rdx ; spill x520
mov rdx, [ rsp + 0xf0 ] ; reload x350
mov [ rsp + 0x260 ], r14 ; spill x447
setc r14b
movzx r14, r14b ; save x530
add r10, -0x1 ; CF = x354
adcx rdx, [ rsp + 0xe8 ] ; x355, x356 = addcarryx(x354, x350, x347)
mov r10, [ rsp + 0xc8 ] ; reload x21
mov [ rsp + 0xe8 ], rdx ; spill x355
setc dl
movzx rdx, dl ; save x356
test rax, rax
adox r10, [ rsp + 0xd0 ] ; x22, x23 = addcarryx(0, x21, x18)
mov [ rsp + 0xc8 ], rdx ; spill x356
mov rdx, r8
mulx rax, r8, rbp ; x173, x174 = mulx(arg1[2], arg2[2])
adcx r12, rdi ; _, x63 = addcarryx(0, x20, x43)
adcx r10, [ rsp + 0x1e0 ] ; x64, x65 = addcarryx(x63, x22, x49)
mov rsi, [ rsp + 0xc8 ] ; reload x356
setc dl
movzx rdx, dl ; save x65
seto bpl
movzx rbp, bpl ; save x23
add rsi, -0x1 ; CF = x356
adcx rbx, [ rsp + 0xa0 ] ; x357, x358 = addcarryx(x356, x348, x345)
setc sil
movzx rsi, sil ; save x358
add r9, -0x1 ; CF = x95
adcx rcx, [ rsp + 0x98 ] ; x96, x97 = addcarryx(x95, x87, x84)
setc r9b
movzx r9, r9b ; save x97
add rsi, -0x1 ; CF = x358
adcx r13, [ rsp + 0x80 ] ; x359, x360 = addcarryx(x358, x346, x343)
setc sil
movzx rsi, sil ; save x360
add r11, -0x1 ; CF = x180
adcx r8, [ rsp + 0x2e8 ] ; x181, x182 = addcarryx(x180, x176, x173)
adcx rax, [ rsp + 0x1d8 ] ; x183, x184 = addcarryx(x182, x174, x171)
mov r11, [ rsp + 0x70 ] ; reload x344
setc r12b
movzx r12, r12b ; save x184
add rsi, -0x1 ; CF = x360
adcx r11, [ rsp + 0x118 ] ; x361, x362 = addcarryx(x360, x344, x341)
mov rsi, [ rsp + 0x1c0 ] ; reload x172
mov [ rsp + 0x70 ], r11 ; spill x361
setc r11b
movzx r11, r11b ; save x362
add r12, -0x1 ; CF = x184
adcx rsi, [ rsp + 0x238 ] ; x185, x186 = addcarryx(x184, x172, x169)
mov r12, rdx
mov rdx, rdi
mov rdi, 0xfdc1767ae2ffffff
mulx rdx, rdi, rdi ; x41, x42 = mulx(x20, 0xfdc1767ae2ffffff)
mov [ rsp + 0x80 ], r13 ; spill x359
mov r13, [ rsp + 0x2b0 ] ; reload x52
mov [ rsp + 0x98 ], rbx ; spill x357
setc bl
movzx rbx, bl ; save x186
add r13, -0x1 ; CF = x52
adcx rdi, [ rsp + 0x2a0 ] ; x53, x54 = addcarryx(x52, x44, x41)
mov r13, [ rsp + 0x68 ] ; reload x19
mov [ rsp + 0xa0 ], rsi ; spill x185
setc sil
movzx rsi, sil ; save x54
add rbp, -0x1 ; CF = x23
adcx r13, [ rsp + 0x258 ] ; x24, x25 = addcarryx(x23, x19, x16)
mov rbp, [ rsp + 0x2b8 ] ; reload x170
mov [ rsp + 0x68 ], rax ; spill x183
setc al
movzx rax, al ; save x25
add rbx, -0x1 ; CF = x186
adcx rbp, [ rsp + 0x160 ] ; x187, x188 = addcarryx(x186, x170, x167)
mov rbx, [ rsp + 0x110 ] ; reload x342
mov [ rsp + 0xc8 ], rbp ; spill x187
setc bpl
movzx rbp, bpl ; save x188
add r11, -0x1 ; CF = x362
adcx rbx, [ rsp + 0x268 ] ; x363, x364 = addcarryx(x362, x342, x339)
setc r11b
movzx r11, r11b ; save x364
test rax, rax
adox r10, [ rsp + 0x240 ] ; x105, x106 = addcarryx(0, x64, x90)
mov [ rsp + 0xd0 ], rbx ; spill x363
seto bl
movzx rbx, bl ; save x106
add r14, -0x1 ; CF = x530
adcx r15, [ rsp + 0x1f0 ] ; x531, x532 = addcarryx(x530, x522, x519)
mov r14, [ rsp + 0x250 ] ; reload x17
mov [ rsp + 0xf0 ], r15 ; spill x531
setc r15b
movzx r15, r15b ; save x532
add rax, -0x1 ; CF = x25
adcx r14, [ rsp + 0x298 ] ; x26, x27 = addcarryx(x25, x17, x14)
mov rax, rdx
mov rdx, r10
mov r10, -0x1
mov [ rsp + 0x110 ], r8 ; spill x181
mulx r10, r8, r10 ; x129, x130 = mulx(x105, 0xffffffffffffffff)
mov [ rsp + 0x118 ], rcx ; spill x96
mov rcx, [ rsp + 0x150 ] ; reload x168
mov [ rsp + 0x158 ], rbx ; spill x106
setc bl
movzx rbx, bl ; save x27
add rbp, -0x1 ; CF = x188
adcx rcx, [ rsp + 0x198 ] ; x189, x190 = addcarryx(x188, x168, x165)
mov rbp, 0x6cfc5fd681c52056
mov [ rsp + 0x150 ], rcx ; spill x189
mulx rbp, rcx, rbp ; x123, x124 = mulx(x105, 0x6cfc5fd681c52056)
mov [ rsp + 0x160 ], rbp ; spill x124
mov rbp, rdx
mov [ rsp + 0x198 ], rcx ; spill x123
setc cl
movzx rcx, cl ; save x190
add rbp, r8 ; _, x149 = addcarryx(0, x105, x129)
mov rbp, [ rsp + 0x200 ] ; reload x431
mov [ rsp + 0x1c0 ], rcx ; spill x190
mov rcx, [ rsp + 0x260 ] ; reload x447
mov [ rsp + 0x1d8 ], rdi ; spill x53
setc dil
movzx rdi, dil ; save x149
add rcx, -0x1 ; CF = x447
adcx rbp, [ rsp + 0x1b8 ] ; x448, x449 = addcarryx(x447, x431, x428)
mov rcx, [ rsp + 0x1a8 ] ; reload x429
adcx rcx, [ rsp + 0x290 ] ; x450, x451 = addcarryx(x449, x429, x426)
mov [ rsp + 0x1a8 ], rcx ; spill x450
mov rcx, [ rsp + 0x2d0 ] ; reload x340
lea r11, [ r11 + rcx ] ; x365 = x364.u64 + x340
mov rcx, r10
mov [ rsp + 0x1b8 ], rbp ; spill x448
setc bpl
movzx rbp, bpl ; save x451
test rax, rax
adox rcx, r8 ; x135, x136 = addcarryx(0, x130, x129)
mov [ rsp + 0x1e0 ], r11 ; spill x365
mov r11, 0xfdc1767ae2ffffff
mov [ rsp + 0x1f0 ], rcx ; spill x135
mulx r11, rcx, r11 ; x127, x128 = mulx(x105, 0xfdc1767ae2ffffff)
mov [ rsp + 0x200 ], rdi ; spill x149
seto dil
movzx rdi, dil ; save x136
add rsi, -0x1 ; CF = x54
adcx rax, [ rsp + 0x2e0 ] ; x55, x56 = addcarryx(x54, x42, x39)
mov rsi, 0x7bc65c783158aea3
mov [ rsp + 0x238 ], rax ; spill x55
mulx rsi, rax, rsi ; x125, x126 = mulx(x105, 0x7bc65c783158aea3)
mov [ rsp + 0x240 ], rsi ; spill x126
mov rsi, 0x2341f27177344
mulx rdx, rsi, rsi ; x121, x122 = mulx(x105, 0x2341f27177344)
mov [ rsp + 0x250 ], rdx ; spill x122
mov rdx, [ rsp + 0x270 ] ; reload x15
mov [ rsp + 0x258 ], rsi ; spill x121
setc sil
movzx rsi, sil ; save x56
add rbx, -0x1 ; CF = x27
adcx rdx, [ rsp + 0x128 ] ; x28, x29 = addcarryx(x27, x15, x12)
setc bl
movzx rbx, bl ; save x29
add rdi, -0x1 ; CF = x136
adcx r8, r10 ; x137, x138 = addcarryx(x136, x130, x129)
mov rdi, [ rsp + 0x248 ] ; reload x520
mov [ rsp + 0x128 ], r8 ; spill x137
setc r8b
movzx r8, r8b ; save x138
add r15, -0x1 ; CF = x532
adcx rdi, [ rsp + 0x148 ] ; x533, x534 = addcarryx(x532, x520, x517)
setc r15b
movzx r15, r15b ; save x534
add r8, -0x1 ; CF = x138
adcx r10, rcx ; x139, x140 = addcarryx(x138, x130, x127)
mov rcx, [ rsp + 0x288 ] ; reload x427
lea rbp, [ rbp + rcx ] ; x452 = x451.u64 + x427
mov rcx, [ rsp + 0x18 ] ; reload x85
setc r8b
movzx r8, r8b ; save x140
add r9, -0x1 ; CF = x97
adcx rcx, [ rsp + 0x38 ] ; x98, x99 = addcarryx(x97, x85, x82)
mov r9, [ rsp + 0x28 ] ; reload x265
mov [ rsp + 0x18 ], rdi ; spill x533
setc dil
movzx rdi, dil ; save x99
add r9, [ rsp + 0x60 ] ; x266, x267 = addcarryx(0, x265, x262)
mov [ rsp + 0x28 ], rbp ; spill x452
mov rbp, [ rsp + 0x120 ] ; reload x13
mov [ rsp + 0x38 ], r9 ; spill x266
setc r9b
movzx r9, r9b ; save x267
add rbx, -0x1 ; CF = x29
adcx rbp, [ rsp + 0x188 ] ; x30, x31 = addcarryx(x29, x13, x10)
mov rbx, [ rsp + 0x140 ] ; reload x518
mov [ rsp + 0x60 ], r10 ; spill x139
setc r10b
movzx r10, r10b ; save x31
add r15, -0x1 ; CF = x534
adcx rbx, [ rsp + 0x138 ] ; x535, x536 = addcarryx(x534, x518, x515)
setc r15b
movzx r15, r15b ; save x536
add r12, -0x1 ; CF = x65
adcx r13, [ rsp + 0x280 ] ; x66, x67 = addcarryx(x65, x24, x51)
adcx r14, [ rsp + 0x1d8 ] ; x68, x69 = addcarryx(x67, x26, x53)
mov r12, [ rsp + 0x58 ] ; reload x263
mov [ rsp + 0x120 ], rbx ; spill x535
setc bl
movzx rbx, bl ; save x69
add r9, -0x1 ; CF = x267
adcx r12, [ rsp + 0x230 ] ; x268, x269 = addcarryx(x267, x263, x260)
setc r9b
movzx r9, r9b ; save x269
add r8, -0x1 ; CF = x140
adcx r11, rax ; x141, x142 = addcarryx(x140, x128, x125)
mov rax, [ rsp + 0x240 ] ; reload x126
adcx rax, [ rsp + 0x198 ] ; x143, x144 = addcarryx(x142, x126, x123)
mov r8, [ rsp + 0x130 ] ; reload x516
mov [ rsp + 0x58 ], r12 ; spill x268
setc r12b
movzx r12, r12b ; save x144
add r15, -0x1 ; CF = x536
adcx r8, [ rsp + 0x50 ] ; x537, x538 = addcarryx(x536, x516, x513)
mov r15, [ rsp + 0x30 ] ; reload x83
mov [ rsp + 0x50 ], r8 ; spill x537
setc r8b
movzx r8, r8b ; save x538
add rdi, -0x1 ; CF = x99
adcx r15, [ rsp + 0x108 ] ; x100, x101 = addcarryx(x99, x83, x80)
mov rdi, [ rsp + 0x180 ] ; reload x11
mov [ rsp + 0x30 ], rax ; spill x143
setc al
movzx rax, al ; save x101
add r10, -0x1 ; CF = x31
adcx rdi, [ rsp + 0x178 ] ; x32, x33 = addcarryx(x31, x11, x8)
mov r10, [ rsp + 0x100 ] ; reload x81
mov [ rsp + 0x108 ], r11 ; spill x141
setc r11b
movzx r11, r11b ; save x33
add rax, -0x1 ; CF = x101
adcx r10, [ rsp + 0x90 ] ; x102, x103 = addcarryx(x101, x81, x78)
mov rax, [ rsp + 0x2d8 ] ; reload x40
mov [ rsp + 0x90 ], r10 ; spill x102
setc r10b
movzx r10, r10b ; save x103
add rsi, -0x1 ; CF = x56
adcx rax, [ rsp + 0xc0 ] ; x57, x58 = addcarryx(x56, x40, x37)
mov rsi, [ rsp + 0xb8 ] ; reload x38
adcx rsi, [ rsp + 0xe0 ] ; x59, x60 = addcarryx(x58, x38, x35)
mov [ rsp + 0xb8 ], r15 ; spill x100
mov r15, [ rsp + 0x170 ] ; reload x9
lea r11, [ r11 + r15 ] ; x34 = x33.u64 + x9
mov r15, [ rsp + 0x158 ] ; reload x106
mov [ rsp + 0xc0 ], r12 ; spill x144
setc r12b
movzx r12, r12b ; save x60
add r15, -0x1 ; CF = x106
adcx r13, [ rsp + 0x208 ] ; x107, x108 = addcarryx(x106, x66, x92)
mov r15, [ rsp + 0x1c0 ] ; reload x190
mov [ rsp + 0xe0 ], r13 ; spill x107
setc r13b
movzx r13, r13b ; save x108
add rbx, -0x1 ; CF = x69
adcx rdx, [ rsp + 0x238 ] ; x70, x71 = addcarryx(x69, x28, x55)
adcx rbp, rax ; x72, x73 = addcarryx(x71, x30, x57)
setc al
movzx rax, al ; save x73
add r13, -0x1 ; CF = x108
adcx r14, [ rsp + 0x1e8 ] ; x109, x110 = addcarryx(x108, x68, x94)
mov rbx, [ rsp + 0x40 ] ; reload x514
lea r8, [ r8 + rbx ] ; x539 = x538.u64 + x514
mov rbx, [ rsp + 0xd8 ] ; reload x36
lea r12, [ r12 + rbx ] ; x61 = x60.u64 + x36
adcx rdx, [ rsp + 0x118 ] ; x111, x112 = addcarryx(x110, x70, x96)
setc bl
movzx rbx, bl ; save x112
add rax, -0x1 ; CF = x73
adcx rdi, rsi ; x74, x75 = addcarryx(x73, x32, x59)
mov rax, [ rsp + 0x228 ] ; reload x261
setc sil
movzx rsi, sil ; save x75
add r9, -0x1 ; CF = x269
adcx rax, [ rsp + 0x1d0 ] ; x270, x271 = addcarryx(x269, x261, x258)
mov r9, [ rsp + 0x190 ] ; reload x166
lea r15, [ r15 + r9 ] ; x191 = x190.u64 + x166
mov r9, [ rsp + 0x88 ] ; reload x79
lea r10, [ r10 + r9 ] ; x104 = x103.u64 + x79
setc r9b
movzx r9, r9b ; save x271
add rsi, -0x1 ; CF = x75
adcx r11, r12 ; x76, x77 = addcarryx(x75, x34, x61)
mov rsi, [ rsp + 0x1c8 ] ; reload x259
setc r12b
movzx r12, r12b ; save x77
add r9, -0x1 ; CF = x271
adcx rsi, [ rsp + 0xb0 ] ; x272, x273 = addcarryx(x271, x259, x256)
setc r9b
movzx r9, r9b ; save x273
add rbx, -0x1 ; CF = x112
adcx rbp, rcx ; x113, x114 = addcarryx(x112, x72, x98)
mov rcx, [ rsp + 0xa8 ] ; reload x257
setc bl
movzx rbx, bl ; save x114
add r9, -0x1 ; CF = x273
adcx rcx, [ rsp + 0x1b0 ] ; x274, x275 = addcarryx(x273, x257, x254)
mov r9, [ rsp + 0x160 ] ; reload x124
mov r13, [ rsp + 0xc0 ] ; reload x144
mov [ rsp + 0x40 ], r8 ; spill x539
setc r8b
movzx r8, r8b ; save x275
add r13, -0x1 ; CF = x144
adcx r9, [ rsp + 0x258 ] ; x145, x146 = addcarryx(x144, x124, x121)
mov r13, [ rsp + 0x250 ] ; reload x122
adc r13, 0x0 ; x147 = x146.u64 + x122
mov [ rsp + 0x88 ], rcx ; spill x274
mov rcx, [ rsp + 0xe0 ] ; reload x107
mov [ rsp + 0xa8 ], rsi ; spill x272
mov rsi, [ rsp + 0x200 ] ; reload x149
add rsi, -0x1 ; CF = x149
adcx rcx, [ rsp + 0x1f0 ] ; x150, x151 = addcarryx(x149, x107, x135)
adcx r14, [ rsp + 0x128 ] ; x152, x153 = addcarryx(x151, x109, x137)
setc sil
movzx rsi, sil ; save x153
test rax, rax
adox rcx, [ rsp + 0x78 ] ; x192, x193 = addcarryx(0, x150, x177)
mov [ rsp + 0x78 ], rdx ; spill x111
mov rdx, 0x7bc65c783158aea3
mov [ rsp + 0xb0 ], r15 ; spill x191
mulx rdx, r15, rcx ; x212, x213 = mulx(x192, 0x7bc65c783158aea3)
mov [ rsp + 0xc0 ], rdx ; spill x213
mov rdx, 0xfdc1767ae2ffffff
mov [ rsp + 0xd8 ], rax ; spill x270
mulx rdx, rax, rcx ; x214, x215 = mulx(x192, 0xfdc1767ae2ffffff)
mov [ rsp + 0xe0 ], rdx ; spill x215
mov rdx, 0x6cfc5fd681c52056
mov [ rsp + 0x100 ], r13 ; spill x147
mulx rdx, r13, rcx ; x210, x211 = mulx(x192, 0x6cfc5fd681c52056)
mov [ rsp + 0x118 ], rdx ; spill x211
mov rdx, rcx
mov rcx, -0x1
mov [ rsp + 0x128 ], r10 ; spill x104
mulx rcx, r10, rcx ; x216, x217 = mulx(x192, 0xffffffffffffffff)
mov [ rsp + 0x130 ], r12 ; spill x77.u64
mov r12, [ rsp + 0x78 ] ; reload x111
mov [ rsp + 0x138 ], r9 ; spill x145
seto r9b
movzx r9, r9b ; save x193
add rsi, -0x1 ; CF = x153
adcx r12, [ rsp + 0x60 ] ; x154, x155 = addcarryx(x153, x111, x139)
mov rsi, rcx
mov [ rsp + 0x60 ], r13 ; spill x210
setc r13b
movzx r13, r13b ; save x155
add rsi, r10 ; x222, x223 = addcarryx(0, x217, x216)
mov [ rsp + 0x78 ], r11 ; spill x76
mov r11, [ rsp + 0x1a0 ] ; reload x255
mov [ rsp + 0x140 ], rbp ; spill x113
setc bpl
movzx rbp, bpl ; save x223
add r8, -0x1 ; CF = x275
adcx r11, [ rsp + 0x218 ] ; x276, x277 = addcarryx(x275, x255, x252)
mov r8, rcx
mov [ rsp + 0x148 ], r11 ; spill x276
setc r11b
movzx r11, r11b ; save x277
add rbp, -0x1 ; CF = x223
adcx r8, r10 ; x224, x225 = addcarryx(x223, x217, x216)
setc bpl
movzx rbp, bpl ; save x225
add rbx, -0x1 ; CF = x114
adcx rdi, [ rsp + 0xb8 ] ; x115, x116 = addcarryx(x114, x74, x100)
setc bl
movzx rbx, bl ; save x116
add rbp, -0x1 ; CF = x225
adcx rcx, rax ; x226, x227 = addcarryx(x225, x217, x214)
adcx r15, [ rsp + 0xe0 ] ; x228, x229 = addcarryx(x227, x215, x212)
setc al
movzx rax, al ; save x229
add r9, -0x1 ; CF = x193
adcx r14, [ rsp + 0xf8 ] ; x194, x195 = addcarryx(x193, x152, x179)
setc r9b
movzx r9, r9b ; save x195
test rax, rax
adox r10, rdx ; _, x236 = addcarryx(0, x192, x216)
adox r14, rsi ; x237, x238 = addcarryx(x236, x194, x222)
seto r10b
movzx r10, r10b ; save x238
add r9, -0x1 ; CF = x195
adcx r12, [ rsp + 0x110 ] ; x196, x197 = addcarryx(x195, x154, x181)
mov r9, [ rsp + 0x140 ] ; reload x113
setc sil
movzx rsi, sil ; save x197
add r13, -0x1 ; CF = x155
adcx r9, [ rsp + 0x108 ] ; x156, x157 = addcarryx(x155, x113, x141)
mov rbp, 0x2341f27177344
mulx rdx, r13, rbp ; x208, x209 = mulx(x192, 0x2341f27177344)
setc bpl
movzx rbp, bpl ; save x157
add rsi, -0x1 ; CF = x197
adcx r9, [ rsp + 0x68 ] ; x198, x199 = addcarryx(x197, x156, x183)
mov rsi, [ rsp + 0x78 ] ; reload x76
mov [ rsp + 0x68 ], r15 ; spill x228
setc r15b
movzx r15, r15b ; save x199
add rbx, -0x1 ; CF = x116
adcx rsi, [ rsp + 0x90 ] ; x117, x118 = addcarryx(x116, x76, x102)
mov rbx, [ rsp + 0x210 ] ; reload x253
lea r11, [ r11 + rbx ] ; x278 = x277.u64 + x253
mov rbx, [ rsp + 0xc0 ] ; reload x213
mov [ rsp + 0x78 ], r11 ; spill x278
setc r11b
movzx r11, r11b ; save x118
add rax, -0x1 ; CF = x229
adcx rbx, [ rsp + 0x60 ] ; x230, x231 = addcarryx(x229, x213, x210)
adcx r13, [ rsp + 0x118 ] ; x232, x233 = addcarryx(x231, x211, x208)
setc al
movzx rax, al ; save x233
add rbp, -0x1 ; CF = x157
adcx rdi, [ rsp + 0x30 ] ; x158, x159 = addcarryx(x157, x115, x143)
setc bpl
movzx rbp, bpl ; save x159
add r15, -0x1 ; CF = x199
adcx rdi, [ rsp + 0xa0 ] ; x200, x201 = addcarryx(x199, x158, x185)
setc r15b
movzx r15, r15b ; save x201
add rbp, -0x1 ; CF = x159
adcx rsi, [ rsp + 0x138 ] ; x160, x161 = addcarryx(x159, x117, x145)
setc bpl
movzx rbp, bpl ; save x161
add r14, [ rsp + 0x20 ] ; x279, x280 = addcarryx(0, x237, x264)
mov [ rsp + 0x20 ], rdx ; spill x209
mov rdx, r14
mov r14, 0x2341f27177344
mov [ rsp + 0x30 ], r13 ; spill x232
mulx r14, r13, r14 ; x295, x296 = mulx(x279, 0x2341f27177344)
mov [ rsp + 0x60 ], r14 ; spill x296
mov r14, 0x6cfc5fd681c52056
mov [ rsp + 0x90 ], r13 ; spill x295
mulx r14, r13, r14 ; x297, x298 = mulx(x279, 0x6cfc5fd681c52056)
mov [ rsp + 0xa0 ], r14 ; spill x298
setc r14b
movzx r14, r14b ; save x280
add r10, -0x1 ; CF = x238
adcx r12, r8 ; x239, x240 = addcarryx(x238, x196, x224)
mov r8, [ rsp + 0x130 ] ; reload x77.u64
setc r10b
movzx r10, r10b ; save x240
add r11, -0x1 ; CF = x118
adcx r8, [ rsp + 0x128 ] ; x119, x120 = addcarryx(x118, x77.u64, x104)
mov r11, 0xfdc1767ae2ffffff
mov [ rsp + 0xb8 ], r13 ; spill x297
mulx r11, r13, r11 ; x301, x302 = mulx(x279, 0xfdc1767ae2ffffff)
mov [ rsp + 0xc0 ], r11 ; spill x302
mov r11, -0x1
mov [ rsp + 0xe0 ], r13 ; spill x301
mulx r11, r13, r11 ; x303, x304 = mulx(x279, 0xffffffffffffffff)
mov [ rsp + 0xf8 ], rbx ; spill x230
setc bl
movzx rbx, bl ; save x120.u64
add rbp, -0x1 ; CF = x161
adcx r8, [ rsp + 0x100 ] ; x162, x163 = addcarryx(x161, x119, x147)
mov rbp, 0x7bc65c783158aea3
mov [ rsp + 0x100 ], r8 ; spill x162
mulx rbp, r8, rbp ; x299, x300 = mulx(x279, 0x7bc65c783158aea3)
mov [ rsp + 0x108 ], rbp ; spill x300
setc bpl
movzx rbp, bpl ; save x163
test rax, rax
adox rdx, r13 ; _, x323 = addcarryx(0, x279, x303)
mov rdx, [ rsp + 0x20 ] ; reload x209
lea rax, [ rax + rdx ] ; x234 = x233.u64 + x209
mov rdx, r11
mov [ rsp + 0x20 ], r8 ; spill x299
seto r8b
movzx r8, r8b ; save x323
test rax, rax
adox rdx, r13 ; x309, x310 = addcarryx(0, x304, x303)
mov [ rsp + 0x110 ], rax ; spill x234
seto al
movzx rax, al ; save x310
add r14, -0x1 ; CF = x280
adcx r12, [ rsp + 0x38 ] ; x281, x282 = addcarryx(x280, x239, x266)
setc r14b
movzx r14, r14b ; save x282
add r10, -0x1 ; CF = x240
adcx r9, rcx ; x241, x242 = addcarryx(x240, x198, x226)
setc cl
movzx rcx, cl ; save x242
add rax, -0x1 ; CF = x310
adcx r13, r11 ; x311, x312 = addcarryx(x310, x304, x303)
setc al
movzx rax, al ; save x312
add r14, -0x1 ; CF = x282
adcx r9, [ rsp + 0x58 ] ; x283, x284 = addcarryx(x282, x241, x268)
setc r10b
movzx r10, r10b ; save x284
add rcx, -0x1 ; CF = x242
adcx rdi, [ rsp + 0x68 ] ; x243, x244 = addcarryx(x242, x200, x228)
setc cl
movzx rcx, cl ; save x244
add r10, -0x1 ; CF = x284
adcx rdi, [ rsp + 0xd8 ] ; x285, x286 = addcarryx(x284, x243, x270)
setc r10b
movzx r10, r10b ; save x286
add r15, -0x1 ; CF = x201
adcx rsi, [ rsp + 0xc8 ] ; x202, x203 = addcarryx(x201, x160, x187)
lea rbp, [ rbp + rbx ] ; x164 = x163.u64 + x120.u64
mov rbx, [ rsp + 0x100 ] ; reload x162
adcx rbx, [ rsp + 0x150 ] ; x204, x205 = addcarryx(x203, x162, x189)
setc r14b
movzx r14, r14b ; save x205
add rcx, -0x1 ; CF = x244
adcx rsi, [ rsp + 0xf8 ] ; x245, x246 = addcarryx(x244, x202, x230)
setc cl
movzx rcx, cl ; save x246
add r8, -0x1 ; CF = x323
adcx r12, rdx ; x324, x325 = addcarryx(x323, x281, x309)
setc r8b
movzx r8, r8b ; save x325
add r14, -0x1 ; CF = x205
adcx rbp, [ rsp + 0xb0 ] ; x206, x207 = addcarryx(x205, x164, x191)
setc dl
movzx rdx, dl ; save x207
add rax, -0x1 ; CF = x312
adcx r11, [ rsp + 0xe0 ] ; x313, x314 = addcarryx(x312, x304, x301)
setc al
movzx rax, al ; save x314
add rcx, -0x1 ; CF = x246
adcx rbx, [ rsp + 0x30 ] ; x247, x248 = addcarryx(x246, x204, x232)
adcx rbp, [ rsp + 0x110 ] ; x249, x250 = addcarryx(x248, x206, x234)
setc cl
movzx rcx, cl ; save x250
add r10, -0x1 ; CF = x286
adcx rsi, [ rsp + 0xa8 ] ; x287, x288 = addcarryx(x286, x245, x272)
mov r10, [ rsp + 0xc0 ] ; reload x302
setc r14b
movzx r14, r14b ; save x288
add rax, -0x1 ; CF = x314
adcx r10, [ rsp + 0x20 ] ; x315, x316 = addcarryx(x314, x302, x299)
setc al
movzx rax, al ; save x316
add r8, -0x1 ; CF = x325
adcx r9, r13 ; x326, x327 = addcarryx(x325, x283, x311)
adcx rdi, r11 ; x328, x329 = addcarryx(x327, x285, x313)
setc r8b
movzx r8, r8b ; save x329
xor r11, r11
adox r12, [ rsp + 0x220 ] ; x366, x367 = addcarryx(0, x324, x351)
mov r13, rdx
mov rdx, r12
mov r12, -0x1
mulx r15, r11, r12 ; x390, x391 = mulx(x366, 0xffffffffffffffff)
adox r9, [ rsp + 0x2c8 ] ; x368, x369 = addcarryx(x367, x326, x353)
mov r12, 0xfdc1767ae2ffffff
mov [ rsp + 0x20 ], r8 ; spill x329
mulx r12, r8, r12 ; x388, x389 = mulx(x366, 0xfdc1767ae2ffffff)
mov [ rsp + 0x30 ], r12 ; spill x389
seto r12b
movzx r12, r12b ; save x369
add r14, -0x1 ; CF = x288
adcx rbx, [ rsp + 0x88 ] ; x289, x290 = addcarryx(x288, x247, x274)
adcx rbp, [ rsp + 0x148 ] ; x291, x292 = addcarryx(x290, x249, x276)
setc r14b
movzx r14, r14b ; save x292
add r12, -0x1 ; CF = x369
adcx rdi, [ rsp + 0xe8 ] ; x370, x371 = addcarryx(x369, x328, x355)
mov r12, 0x6cfc5fd681c52056
mov [ rsp + 0x38 ], rbp ; spill x291
mulx r12, rbp, r12 ; x384, x385 = mulx(x366, 0x6cfc5fd681c52056)
lea rcx, [ rcx + r13 ] ; x251 = x250.u64 + x207.u64
mov r13, rdx
mov [ rsp + 0x58 ], r12 ; spill x385
setc r12b
movzx r12, r12b ; save x371
test rax, rax
adox r13, r11 ; _, x410 = addcarryx(0, x366, x390)
mov r13, [ rsp + 0x108 ] ; reload x300
mov [ rsp + 0x68 ], rbp ; spill x384
seto bpl
movzx rbp, bpl ; save x410
add rax, -0x1 ; CF = x316
adcx r13, [ rsp + 0xb8 ] ; x317, x318 = addcarryx(x316, x300, x297)
mov rax, r15
mov [ rsp + 0x88 ], rbx ; spill x289
setc bl
movzx rbx, bl ; save x318
add rax, r11 ; x396, x397 = addcarryx(0, x391, x390)
mov [ rsp + 0xa8 ], r13 ; spill x317
mov r13, 0x2341f27177344
mov [ rsp + 0xb0 ], r12 ; spill x371
mulx r13, r12, r13 ; x382, x383 = mulx(x366, 0x2341f27177344)
mov [ rsp + 0xb8 ], r13 ; spill x383
mov r13, [ rsp + 0xa0 ] ; reload x298
mov [ rsp + 0xc0 ], r12 ; spill x382
setc r12b
movzx r12, r12b ; save x397
add rbx, -0x1 ; CF = x318
adcx r13, [ rsp + 0x90 ] ; x319, x320 = addcarryx(x318, x298, x295)
setc bl
movzx rbx, bl ; save x320
add r14, -0x1 ; CF = x292
adcx rcx, [ rsp + 0x78 ] ; x293, x294 = addcarryx(x292, x251, x278)
mov r14, 0x7bc65c783158aea3
mulx rdx, r14, r14 ; x386, x387 = mulx(x366, 0x7bc65c783158aea3)
mov [ rsp + 0x78 ], rcx ; spill x293
setc cl
movzx rcx, cl ; save x294
add rbp, -0x1 ; CF = x410
adcx r9, rax ; x411, x412 = addcarryx(x410, x368, x396)
setc al
movzx rax, al ; save x412
add r9, [ rsp + 0x10 ] ; x453, x454 = addcarryx(0, x411, x438)
setc bpl
movzx rbp, bpl ; save x454
add r12, -0x1 ; CF = x397
adcx r11, r15 ; x398, x399 = addcarryx(x397, x391, x390)
mov r12, [ rsp + 0x20 ] ; reload x329
mov [ rsp + 0x10 ], rdx ; spill x387
setc dl
movzx rdx, dl ; save x399
add r12, -0x1 ; CF = x329
adcx rsi, r10 ; x330, x331 = addcarryx(x329, x287, x315)
mov r10, [ rsp + 0x60 ] ; reload x296
lea rbx, [ rbx + r10 ] ; x321 = x320.u64 + x296
setc r10b
movzx r10, r10b ; save x331
add rax, -0x1 ; CF = x412
adcx rdi, r11 ; x413, x414 = addcarryx(x412, x370, x398)
mov rax, rdx
mov rdx, r9
mov r9, 0x6cfc5fd681c52056
mulx r11, r12, r9 ; x471, x472 = mulx(x453, 0x6cfc5fd681c52056)
setc r9b
movzx r9, r9b ; save x414
add rbp, -0x1 ; CF = x454
adcx rdi, [ rsp + 0x48 ] ; x455, x456 = addcarryx(x454, x413, x440)
mov rbp, 0x7bc65c783158aea3
mov [ rsp + 0x20 ], rdi ; spill x455
mulx rbp, rdi, rbp ; x473, x474 = mulx(x453, 0x7bc65c783158aea3)
mov [ rsp + 0x48 ], r11 ; spill x472
setc r11b
movzx r11, r11b ; save x456
add rax, -0x1 ; CF = x399
adcx r15, r8 ; x400, x401 = addcarryx(x399, x391, x388)
mov rax, 0xfdc1767ae2ffffff
mulx r8, rax, rax ; x475, x476 = mulx(x453, 0xfdc1767ae2ffffff)
mov [ rsp + 0x60 ], rbp ; spill x474
mov rbp, [ rsp + 0xb0 ] ; reload x371
mov [ rsp + 0x90 ], r12 ; spill x471
setc r12b
movzx r12, r12b ; save x401
add rbp, -0x1 ; CF = x371
adcx rsi, [ rsp + 0x98 ] ; x372, x373 = addcarryx(x371, x330, x357)
mov rbp, 0x2341f27177344
mov [ rsp + 0x98 ], rcx ; spill x294.u64
mulx rbp, rcx, rbp ; x469, x470 = mulx(x453, 0x2341f27177344)
mov [ rsp + 0xa0 ], rbp ; spill x470
setc bpl
movzx rbp, bpl ; save x373
add r9, -0x1 ; CF = x414
adcx rsi, r15 ; x415, x416 = addcarryx(x414, x372, x400)
mov r9, [ rsp + 0x88 ] ; reload x289
setc r15b
movzx r15, r15b ; save x416
add r10, -0x1 ; CF = x331
adcx r9, [ rsp + 0xa8 ] ; x332, x333 = addcarryx(x331, x289, x317)
adcx r13, [ rsp + 0x38 ] ; x334, x335 = addcarryx(x333, x291, x319)
setc r10b
movzx r10, r10b ; save x335
add r11, -0x1 ; CF = x456
adcx rsi, [ rsp + 0x278 ] ; x457, x458 = addcarryx(x456, x415, x442)
setc r11b
movzx r11, r11b ; save x458
add r12, -0x1 ; CF = x401
adcx r14, [ rsp + 0x30 ] ; x402, x403 = addcarryx(x401, x389, x386)
mov r12, [ rsp + 0x10 ] ; reload x387
adcx r12, [ rsp + 0x68 ] ; x404, x405 = addcarryx(x403, x387, x384)
mov [ rsp + 0x10 ], rsi ; spill x457
setc sil
movzx rsi, sil ; save x405
add rbp, -0x1 ; CF = x373
adcx r9, [ rsp + 0x80 ] ; x374, x375 = addcarryx(x373, x332, x359)
mov rbp, [ rsp + 0x58 ] ; reload x385
mov [ rsp + 0x30 ], rcx ; spill x469
setc cl
movzx rcx, cl ; save x375
add rsi, -0x1 ; CF = x405
adcx rbp, [ rsp + 0xc0 ] ; x406, x407 = addcarryx(x405, x385, x382)
setc sil
movzx rsi, sil ; save x407
add r10, -0x1 ; CF = x335
adcx rbx, [ rsp + 0x78 ] ; x336, x337 = addcarryx(x335, x293, x321)
setc r10b
movzx r10, r10b ; save x337
add rcx, -0x1 ; CF = x375
adcx r13, [ rsp + 0x70 ] ; x376, x377 = addcarryx(x375, x334, x361)
adcx rbx, [ rsp + 0xd0 ] ; x378, x379 = addcarryx(x377, x336, x363)
mov rcx, -0x1
mov [ rsp + 0x38 ], r11 ; spill x458
mulx rcx, r11, rcx ; x477, x478 = mulx(x453, 0xffffffffffffffff)
mov [ rsp + 0x58 ], rbx ; spill x378
mov rbx, rcx
mov [ rsp + 0x68 ], rbp ; spill x406
setc bpl
movzx rbp, bpl ; save x379
add rbx, r11 ; x483, x484 = addcarryx(0, x478, x477)
mov [ rsp + 0x70 ], rbx ; spill x483
mov rbx, rcx
adcx rbx, r11 ; x485, x486 = addcarryx(x484, x478, x477)
mov [ rsp + 0x78 ], rbx ; spill x485
setc bl
movzx rbx, bl ; save x486
add r15, -0x1 ; CF = x416
adcx r9, r14 ; x417, x418 = addcarryx(x416, x374, x402)
mov r14, [ rsp + 0xb8 ] ; reload x383
lea rsi, [ rsi + r14 ] ; x408 = x407.u64 + x383
setc r14b
movzx r14, r14b ; save x418
add rbx, -0x1 ; CF = x486
adcx rcx, rax ; x487, x488 = addcarryx(x486, x478, x475)
adcx r8, rdi ; x489, x490 = addcarryx(x488, x476, x473)
setc al
movzx rax, al ; save x490
xor rdi, rdi
adox rdx, r11 ; _, x497 = addcarryx(0, x453, x477)
seto r11b
movzx r11, r11b ; save x497
add r14, -0x1 ; CF = x418
adcx r13, r12 ; x419, x420 = addcarryx(x418, x376, x404)
mov rdx, [ rsp + 0x98 ] ; reload x294.u64
lea r10, [ r10 + rdx ] ; x338 = x337.u64 + x294.u64
mov rdx, [ rsp + 0x58 ] ; reload x378
adcx rdx, [ rsp + 0x68 ] ; x421, x422 = addcarryx(x420, x378, x406)
setc bl
movzx rbx, bl ; save x422
add rbp, -0x1 ; CF = x379
adcx r10, [ rsp + 0x1e0 ] ; x380, x381 = addcarryx(x379, x338, x365)
mov rbp, [ rsp + 0x60 ] ; reload x474
setc r12b
movzx r12, r12b ; save x381
add rax, -0x1 ; CF = x490
adcx rbp, [ rsp + 0x90 ] ; x491, x492 = addcarryx(x490, x474, x471)
mov rax, [ rsp + 0x38 ] ; reload x458
setc r14b
movzx r14, r14b ; save x492
add rax, -0x1 ; CF = x458
adcx r9, [ rsp + 0x2c0 ] ; x459, x460 = addcarryx(x458, x417, x444)
setc al
movzx rax, al ; save x460
add rbx, -0x1 ; CF = x422
adcx r10, rsi ; x423, x424 = addcarryx(x422, x380, x408)
mov rsi, [ rsp + 0x48 ] ; reload x472
setc bl
movzx rbx, bl ; save x424
add r14, -0x1 ; CF = x492
adcx rsi, [ rsp + 0x30 ] ; x493, x494 = addcarryx(x492, x472, x469)
mov r14, [ rsp + 0x20 ] ; reload x455
setc r15b
movzx r15, r15b ; save x494
add r11, -0x1 ; CF = x497
adcx r14, [ rsp + 0x70 ] ; x498, x499 = addcarryx(x497, x455, x483)
setc r11b
movzx r11, r11b ; save x499
test rax, rax
adox r14, [ rsp + 0x8 ] ; x540, x541 = addcarryx(0, x498, x525)
seto dil
movzx rdi, dil ; save x541
add rax, -0x1 ; CF = x460
adcx r13, [ rsp + 0x168 ] ; x461, x462 = addcarryx(x460, x419, x446)
mov rax, rdx
mov rdx, 0x2341f27177344
mov [ rsp + 0x8 ], rsi ; spill x493
mulx rdx, rsi, r14 ; x556, x557 = mulx(x540, 0x2341f27177344)
mov [ rsp + 0x20 ], rbp ; spill x491
mov rbp, [ rsp + 0xa0 ] ; reload x470
lea r15, [ r15 + rbp ] ; x495 = x494.u64 + x470
mov rbp, rdx
mov rdx, -0x1
mov [ rsp + 0x30 ], r15 ; spill x495
mulx rdx, r15, r14 ; x564, x565 = mulx(x540, 0xffffffffffffffff)
mov [ rsp + 0x38 ], rbp ; spill x557
mov rbp, rdx
mov [ rsp + 0x48 ], r10 ; spill x423
setc r10b
movzx r10, r10b ; save x462
test rax, rax
adox rbp, r15 ; x570, x571 = addcarryx(0, x565, x564)
mov [ rsp + 0x58 ], rbp ; spill x570
mov rbp, [ rsp + 0x10 ] ; reload x457
mov [ rsp + 0x60 ], rsi ; spill x556
seto sil
movzx rsi, sil ; save x571
add r11, -0x1 ; CF = x499
adcx rbp, [ rsp + 0x78 ] ; x500, x501 = addcarryx(x499, x457, x485)
mov r11, rdx
mov rdx, 0x6cfc5fd681c52056
mov [ rsp + 0x10 ], rax ; spill x421
mulx rdx, rax, r14 ; x558, x559 = mulx(x540, 0x6cfc5fd681c52056)
mov [ rsp + 0x68 ], rdx ; spill x559
mov rdx, r11
mov [ rsp + 0x70 ], r10 ; spill x462
setc r10b
movzx r10, r10b ; save x501
add rsi, -0x1 ; CF = x571
adcx rdx, r15 ; x572, x573 = addcarryx(x571, x565, x564)
setc sil
movzx rsi, sil ; save x573
add r10, -0x1 ; CF = x501
adcx r9, rcx ; x502, x503 = addcarryx(x501, x459, x487)
mov rcx, rdx
mov rdx, 0xfdc1767ae2ffffff
mulx r10, rdx, r14 ; x562, x563 = mulx(x540, 0xfdc1767ae2ffffff)
mov [ rsp + 0x78 ], rcx ; spill x572
setc cl
movzx rcx, cl ; save x503
test rax, rax
adox r15, r14 ; _, x584 = addcarryx(0, x540, x564)
mov r15, rdx
mov rdx, r14
mov r14, 0x7bc65c783158aea3
mulx rdx, r14, r14 ; x560, x561 = mulx(x540, 0x7bc65c783158aea3)
lea rbx, [ rbx + r12 ] ; x425 = x424.u64 + x381.u64
seto r12b
movzx r12, r12b ; save x584
add rdi, -0x1 ; CF = x541
adcx rbp, [ rsp + 0x2a8 ] ; x542, x543 = addcarryx(x541, x500, x527)
adcx r9, [ rsp + 0x1f8 ] ; x544, x545 = addcarryx(x543, x502, x529)
setc dil
movzx rdi, dil ; save x545
add rsi, -0x1 ; CF = x573
adcx r11, r15 ; x574, x575 = addcarryx(x573, x565, x562)
setc sil
movzx rsi, sil ; save x575
add rcx, -0x1 ; CF = x503
adcx r13, r8 ; x504, x505 = addcarryx(x503, x461, x489)
setc cl
movzx rcx, cl ; save x505
add rsi, -0x1 ; CF = x575
adcx r10, r14 ; x576, x577 = addcarryx(x575, x563, x560)
adcx rdx, rax ; x578, x579 = addcarryx(x577, x561, x558)
mov rax, [ rsp + 0x10 ] ; reload x421
mov r8, [ rsp + 0x70 ] ; reload x462
setc sil
movzx rsi, sil ; save x579
add r8, -0x1 ; CF = x462
adcx rax, [ rsp + 0x1b8 ] ; x463, x464 = addcarryx(x462, x421, x448)
mov r8, [ rsp + 0x68 ] ; reload x559
setc r14b
movzx r14, r14b ; save x464
add rsi, -0x1 ; CF = x579
adcx r8, [ rsp + 0x60 ] ; x580, x581 = addcarryx(x579, x559, x556)
setc sil
movzx rsi, sil ; save x581.u64
add r12, -0x1 ; CF = x584
adcx rbp, [ rsp + 0x58 ] ; x585, x586 = addcarryx(x584, x542, x570)
setc r12b
movzx r12, r12b ; save x586
add rdi, -0x1 ; CF = x545
adcx r13, [ rsp + 0xf0 ] ; x546, x547 = addcarryx(x545, x504, x531)
mov rdi, [ rsp + 0x48 ] ; reload x423
setc r15b
movzx r15, r15b ; save x547
add r14, -0x1 ; CF = x464
adcx rdi, [ rsp + 0x1a8 ] ; x465, x466 = addcarryx(x464, x423, x450)
adcx rbx, [ rsp + 0x28 ] ; x467, x468 = addcarryx(x466, x425, x452)
setc r14b
movzx r14, r14b ; save x468
add r12, -0x1 ; CF = x586
adcx r9, [ rsp + 0x78 ] ; x587, x588 = addcarryx(x586, x544, x572)
mov r12, [ rsp + 0x38 ] ; reload x557
lea rsi, [ rsi + r12 ] ; x582 = x581.u64 + x557
setc r12b
movzx r12, r12b ; save x588
add rcx, -0x1 ; CF = x505
adcx rax, [ rsp + 0x20 ] ; x506, x507 = addcarryx(x505, x463, x491)
setc cl
movzx rcx, cl ; save x507
add r12, -0x1 ; CF = x588
adcx r13, r11 ; x589, x590 = addcarryx(x588, x546, x574)
setc r11b
movzx r11, r11b ; save x590
add rcx, -0x1 ; CF = x507
adcx rdi, [ rsp + 0x8 ] ; x508, x509 = addcarryx(x507, x465, x493)
setc cl
movzx rcx, cl ; save x509
add r15, -0x1 ; CF = x547
adcx rax, [ rsp + 0x18 ] ; x548, x549 = addcarryx(x547, x506, x533)
setc r12b
movzx r12, r12b ; save x549
add rcx, -0x1 ; CF = x509
adcx rbx, [ rsp + 0x30 ] ; x510, x511 = addcarryx(x509, x467, x495)
mov rcx, rbp
setc r15b
movzx r15, r15b ; save x511
sub rcx, -0x1 ; x600, x601 = subborrowx(0, x585, 0xffffffffffffffff)
mov [ rsp + 0x8 ], rcx ; spill x600
mov rcx, r9
sbb rcx, -0x1 ; x602, x603 = subborrowx(x601, x587, 0xffffffffffffffff)
mov [ rsp + 0x10 ], rbp ; spill x585
setc bpl
movzx rbp, bpl ; save x603
add r12, -0x1 ; CF = x549
adcx rdi, [ rsp + 0x120 ] ; x550, x551 = addcarryx(x549, x508, x535)
lea r15, [ r15 + r14 ] ; x512 = x511.u64 + x468.u64
setc r12b
movzx r12, r12b ; save x551
add r11, -0x1 ; CF = x590
adcx rax, r10 ; x591, x592 = addcarryx(x590, x548, x576)
setc r10b
movzx r10, r10b ; save x592
add r12, -0x1 ; CF = x551
adcx rbx, [ rsp + 0x50 ] ; x552, x553 = addcarryx(x551, x510, x537)
setc r11b
movzx r11, r11b ; save x553
add r10, -0x1 ; CF = x592
adcx rdi, rdx ; x593, x594 = addcarryx(x592, x550, x578)
mov r10, r13
setc dl
movzx rdx, dl ; save x594
add rbp, -0x1 ; CF = x603
sbb r10, -0x1 ; x604, x605 = subborrowx(x603, x589, 0xffffffffffffffff)
setc bpl
movzx rbp, bpl ; save x605
add rdx, -0x1 ; CF = x594
adcx rbx, r8 ; x595, x596 = addcarryx(x594, x552, x580)
setc r8b
movzx r8, r8b ; save x596
add r11, -0x1 ; CF = x553
adcx r15, [ rsp + 0x40 ] ; x554, x555 = addcarryx(x553, x512, x539)
setc r11b
movzx r11, r11b ; save x555.u64
add r8, -0x1 ; CF = x596
adcx r15, rsi ; x597, x598 = addcarryx(x596, x554, x582)
mov r8, 0xfdc1767ae2ffffff
mov rsi, rax
setc dl
movzx rdx, dl ; save x598
add rbp, -0x1 ; CF = x605
sbb rsi, r8 ; x606, x607 = subborrowx(x605, x591, 0xfdc1767ae2ffffff)
lea rdx, [ rdx + r11 ] ; x599 = x598.u64 + x555.u64
mov r11, 0x7bc65c783158aea3
mov rbp, rdi
sbb rbp, r11 ; x608, x609 = subborrowx(x607, x593, 0x7bc65c783158aea3)
mov r12, 0x6cfc5fd681c52056
mov r14, rbx
sbb r14, r12 ; x610, x611 = subborrowx(x609, x595, 0x6cfc5fd681c52056)
mov r8, 0x2341f27177344
mov r11, r15
sbb r11, r8 ; x612, x613 = subborrowx(x611, x597, 0x2341f27177344)
sbb rdx, 0x0 ; _, x615 = subborrowx(x613, x599, 0)
cmovnc rax, rsi ; x619 = cmovznz(x615, x606, x591)
mov rsi, [ rsp ] ; reload out1 pointer
mov [ rsi + 0x18 ], rax ; store x619
cmovnc rdi, rbp ; x620 = cmovznz(x615, x608, x593)
mov [ rsi + 0x20 ], rdi ; store x620
cmovnc r13, r10 ; x618 = cmovznz(x615, x604, x589)
mov [ rsi + 0x10 ], r13 ; store x618
cmovc r14, rbx ; x621 = cmovznz(x615, x610, x595)
mov [ rsi + 0x28 ], r14 ; store x621
cmovc rcx, r9 ; x617 = cmovznz(x615, x602, x587)
mov [ rsi + 0x8 ], rcx ; store x617
cmovc r11, r15 ; x622 = cmovznz(x615, x612, x597)
mov [ rsi + 0x30 ], r11 ; store x622
mov rax, [ rsp + 0x8 ] ; reload x600
cmovc rax, [ rsp + 0x10 ] ; x616 = cmovznz(x615, x600, x585)
mov [ rsi ], rax ; store x616
mov rbx, [ rsp + 0x318 ]; restoring from stack
mov rbp, [ rsp + 0x310 ]; restoring from stack
mov r12, [ rsp + 0x308 ]; restoring from stack
mov r13, [ rsp + 0x300 ]; restoring from stack
mov r14, [ rsp + 0x2f8 ]; restoring from stack
mov r15, [ rsp + 0x2f0 ]; restoring from stack
add rsp, 0x320 
ret

; cpu AMD EPYC (hand-converted test file)
; fixture: cryptopt's own codegen output laid out like CryptOpt's published NASM;
; these footer lines copy that format only and record no measurement
; seed 0
; CC / CFLAGS (not measured)
