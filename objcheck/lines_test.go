package objcheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLinesFromObject: the object's line table maps every decoded instruction back to
// the source line that holds it, through gcc's preprocessor (.S) and through nasm.
func TestLinesFromObject(t *testing.T) {
	requireTools(t, "gcc", "nasm")
	for _, name := range []string{"cfi.S", "no_size.S", "nasm_section.asm"} {
		src := filepath.Join(attackDir, name)
		obj, err := Assemble(context.Background(), src, "gcc", t.TempDir())
		require.NoError(t, err)
		ld, err := LoadObject(obj, "cryptopt_poly1305_mul", name)
		require.NoError(t, err)
		text, err := os.ReadFile(src)
		require.NoError(t, err)
		lines := strings.Split(string(text), "\n")
		require.Len(t, ld.Lines, len(ld.Program.Insts), name)
		for i, in := range ld.Program.Insts {
			require.Positive(t, ld.Lines[i], "%s: instruction %d (%s) has no line", name, i, in)
			mn := in.Mnemonic()
			require.Contains(t, strings.ToLower(lines[ld.Lines[i]-1]), mn[:3], "%s: instruction %d (%s)", name, i, in)
		}
	}
}

// TestDwordRoundTrip: the 32-bit register forms are accepted only in the encoder's
// encoding; the same instruction with another encoding (opcode 33 for xor, an empty REX)
// is refused, and so is a 32-bit memory operand. The byte move of an immediate (B0+r ib)
// round-trips through the encoder like any other form.
func TestDwordRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		code []byte
		ok   bool
	}{
		{[]byte{0x45, 0x31, 0xc9, 0xc3}, true},        // xor r9d, r9d
		{[]byte{0x31, 0xc0, 0xc3}, true},              // xor eax, eax
		{[]byte{0x33, 0xc0, 0xc3}, false},             // xor eax, eax (33 /r)
		{[]byte{0x40, 0x0f, 0xb6, 0xc6, 0xc3}, true},  // movzx eax, sil
		{[]byte{0x0f, 0xb6, 0xea, 0xc3}, true},        // movzx ebp, dl
		{[]byte{0x40, 0x0f, 0xb6, 0xea, 0xc3}, false}, // movzx ebp, dl with an empty REX
		{[]byte{0x41, 0x0f, 0xb6, 0xd2, 0xc3}, true},  // movzx edx, r10b
		{[]byte{0x41, 0x83, 0xe0, 0x0f, 0xc3}, true},  // and r8d, 0xf
		{[]byte{0x83, 0x26, 0x01, 0xc3}, false},       // and dword ptr [rsi], 1 (decodes as qword: the round trip refuses)
		{[]byte{0x83, 0xe0, 0xff, 0xc3}, true},        // and eax, -1
		{[]byte{0x83, 0xd6, 0x00, 0xc3}, true},        // adc esi, 0 (clang's p521)
		{[]byte{0xc1, 0xe6, 0x06, 0xc3}, true},        // shl esi, 6
		{[]byte{0x41, 0x89, 0xc8, 0xc3}, true},        // mov r8d, ecx
		{[]byte{0x8b, 0xc1, 0xc3}, false},             // mov eax, ecx (8B /r)
		{[]byte{0x48, 0x83, 0xe0, 0xff, 0xc3}, true},  // and rax, -1
		{[]byte{0x03, 0x06, 0xc3}, false},             // add eax, dword ptr [rsi]
		{[]byte{0xb2, 0x2c, 0xc3}, true},              // mov dl, 0x2c (clang sets bzhi's index so)
		{[]byte{0x41, 0xb0, 0x33, 0xc3}, true},        // mov r8b, 0x33
		{[]byte{0x40, 0xb6, 0x07, 0xc3}, true},        // mov sil, 7
		{[]byte{0xc6, 0xc2, 0x2c, 0xc3}, false},       // mov dl, 0x2c (C6 /0: not the encoder's bytes)
		{[]byte{0xb6, 0x07, 0xc3}, false},             // mov dh, 7 (ah..bh are outside the model)
	} {
		_, err := LoadCode("f", tc.code)
		if tc.ok {
			require.NoError(t, err, "% x", tc.code)
		} else {
			require.True(t, IsRefused(err), "% x: %v", tc.code, err)
		}
	}
}
