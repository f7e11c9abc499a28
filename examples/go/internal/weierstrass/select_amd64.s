//go:build amd64 && !purego

#include "textflag.h"

// Constant-time table lookups in SSE2 (baseline amd64) and AVX2 (when the CPU and OS have
// it: a whole 32-byte element per instruction, memory operands unaligned), as Go's
// crypto/internal/fips140/nistec p256Select does: every entry is read, and the one with j + 1 = d is kept by a mask from a
// compare (PCMPEQL on the index broadcast to four 32-bit lanes; d < 2^32). No branch or
// address depends on d. The table holds one array per coordinate, `stride` bytes apart, of
// n ≥ 1 entries of 32 bytes; out receives the coordinates one after another.

// func select2SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
TEXT ·select2SSE2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ stride+24(FP), DX
	MOVQ d+32(FP), X0
	PSHUFD $0, X0, X0 // d in every lane
	MOVL $1, AX
	MOVQ AX, X2
	PSHUFD $0, X2, X2 // the increment, 1 in every lane
	MOVOU X2, X1      // j + 1
	PXOR X8, X8
	PXOR X9, X9
	PXOR X10, X10
	PXOR X11, X11

loop2:
	MOVOU X1, X3
	PCMPEQL X0, X3 // all ones exactly when j + 1 = d
	PADDL X2, X1
	MOVOU (SI), X4
	MOVOU 16(SI), X5
	MOVOU (SI)(DX*1), X6
	MOVOU 16(SI)(DX*1), X7
	PAND X3, X4
	PAND X3, X5
	PAND X3, X6
	PAND X3, X7
	POR X4, X8
	POR X5, X9
	POR X6, X10
	POR X7, X11
	ADDQ $32, SI
	DECQ CX
	JNZ loop2

	MOVOU X8, (DI)
	MOVOU X9, 16(DI)
	MOVOU X10, 32(DI)
	MOVOU X11, 48(DI)
	RET

// func select3SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
TEXT ·select3SSE2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ stride+24(FP), DX
	LEAQ (DX)(DX*1), BX // 2·stride: the third coordinate
	MOVQ d+32(FP), X0
	PSHUFD $0, X0, X0
	MOVL $1, AX
	MOVQ AX, X2
	PSHUFD $0, X2, X2
	MOVOU X2, X1
	PXOR X8, X8
	PXOR X9, X9
	PXOR X10, X10
	PXOR X11, X11
	PXOR X12, X12
	PXOR X13, X13

loop3:
	MOVOU X1, X3
	PCMPEQL X0, X3
	PADDL X2, X1
	MOVOU (SI), X4
	MOVOU 16(SI), X5
	MOVOU (SI)(DX*1), X6
	MOVOU 16(SI)(DX*1), X7
	PAND X3, X4
	PAND X3, X5
	PAND X3, X6
	PAND X3, X7
	POR X4, X8
	POR X5, X9
	POR X6, X10
	POR X7, X11
	MOVOU (SI)(BX*1), X4
	MOVOU 16(SI)(BX*1), X5
	PAND X3, X4
	PAND X3, X5
	POR X4, X12
	POR X5, X13
	ADDQ $32, SI
	DECQ CX
	JNZ loop3

	MOVOU X8, (DI)
	MOVOU X9, 16(DI)
	MOVOU X10, 32(DI)
	MOVOU X11, 48(DI)
	MOVOU X12, 64(DI)
	MOVOU X13, 80(DI)
	RET

// func select2AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
TEXT ·select2AVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ stride+24(FP), DX
	MOVQ d+32(FP), X0
	VPBROADCASTD X0, Y0 // d in every lane
	MOVL $1, AX
	MOVQ AX, X2
	VPBROADCASTD X2, Y2 // the increment
	VMOVDQU Y2, Y1      // j + 1
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9

loop2avx:
	VPCMPEQD Y0, Y1, Y3 // all ones exactly when j + 1 = d
	VPADDD Y2, Y1, Y1
	VPAND (SI), Y3, Y4
	VPAND (SI)(DX*1), Y3, Y5
	VPOR Y4, Y8, Y8
	VPOR Y5, Y9, Y9
	ADDQ $32, SI
	DECQ CX
	JNZ loop2avx

	VMOVDQU Y8, (DI)
	VMOVDQU Y9, 32(DI)
	VZEROUPPER
	RET

// func select3AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
TEXT ·select3AVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ stride+24(FP), DX
	LEAQ (DX)(DX*1), BX
	MOVQ d+32(FP), X0
	VPBROADCASTD X0, Y0
	MOVL $1, AX
	MOVQ AX, X2
	VPBROADCASTD X2, Y2
	VMOVDQU Y2, Y1
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10

loop3avx:
	VPCMPEQD Y0, Y1, Y3
	VPADDD Y2, Y1, Y1
	VPAND (SI), Y3, Y4
	VPAND (SI)(DX*1), Y3, Y5
	VPAND (SI)(BX*1), Y3, Y6
	VPOR Y4, Y8, Y8
	VPOR Y5, Y9, Y9
	VPOR Y6, Y10, Y10
	ADDQ $32, SI
	DECQ CX
	JNZ loop3avx

	VMOVDQU Y8, (DI)
	VMOVDQU Y9, 32(DI)
	VMOVDQU Y10, 64(DI)
	VZEROUPPER
	RET
