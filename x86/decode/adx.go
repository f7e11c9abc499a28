package decode

import "golang.org/x/arch/x86/x86asm"

// golang.org/x/arch/x86/x86asm (maintained, pure Go, no cgo, already in the Go ecosystem
// the project uses) decodes every instruction the model has except adcx/adox
// (66/F3 REX.W 0F 38 F6 /r: it stops at "66 0f 38 f6") and mulx (VEX.LZ.F2.0F38.W1 F6 /r:
// "unknown AVX Opcode"). Capstone would decode them but needs cgo and a C library in every
// build, including Bazel's hermetic one. So the three are pre-decoded here by rewriting
// their opcode bytes into an instruction x86asm knows with the SAME ModRM/SIB/displacement
// layout and operand roles, letting x86asm do the addressing-mode decoding:
//
//	adcx/adox r64, r/m64  66|F3 REX.W 0F 38 F6 /r  ->  REX.W 0F AF /r  (imul r64, r/m64)
//	mulx hi, lo, r/m64    C4 RXB.00010 1.vvvv.0.11 F6 /r  ->  same with pp=00, F2 (andn)
//
// Anything else with these opcodes (other prefix orders, 32-bit forms, VEX.L=1) is left to
// x86asm, which refuses it. The caller's round trip through the project's encoder is what
// finally guarantees the decoded instruction denotes exactly these bytes.

// preDecoded is an instruction found by the pre-decoder.
type preDecoded struct {
	op   string // "ADCX", "ADOX" or "MULX"
	inst x86asm.Inst
}

// preDecode recognises the ADX and MULX forms at the start of b.
func preDecode(b []byte) (preDecoded, bool) {
	if len(b) >= 6 && (b[0] == 0x66 || b[0] == 0xf3) && b[1]&0xf8 == 0x48 &&
		b[2] == 0x0f && b[3] == 0x38 && b[4] == 0xf6 {
		alias := append([]byte{b[1], 0x0f, 0xaf}, b[5:]...)
		in, err := x86asm.Decode(alias, 64)
		if err != nil || in.Op != x86asm.IMUL || in.Args[2] != nil {
			return preDecoded{}, false
		}
		in.Len += 2
		op := "ADCX"
		if b[0] == 0xf3 {
			op = "ADOX"
		}
		return preDecoded{op: op, inst: in}, true
	}
	if len(b) >= 5 && b[0] == 0xc4 && b[1]&0x1f == 0x02 && b[2]&0x87 == 0x83 && b[3] == 0xf6 {
		alias := append([]byte{b[0], b[1], b[2] &^ 0x03, 0xf2}, b[4:]...)
		in, err := x86asm.Decode(alias, 64)
		if err != nil || in.Op != x86asm.ANDN {
			return preDecoded{}, false
		}
		return preDecoded{op: "MULX", inst: in}, true
	}
	return preDecoded{}, false
}
