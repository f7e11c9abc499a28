package decode

import (
	"errors"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"debug/elf"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// straight turns a random program into straight-line code ending in its only ret.
func straight(p *x86.Program) *x86.Program {
	q := &x86.Program{Symbol: p.Symbol}
	for _, in := range p.Insts {
		if in.Op != x86.RET {
			in.Comment = ""
			q.Insts = append(q.Insts, in)
		}
	}
	q.Insts = append(q.Insts, x86.Inst{Op: x86.RET})
	return q
}

// TestEncodeDecodeRoundTrip: every instruction form the encoder writes decodes back to
// the same model instruction, at the offsets and lengths the encoder used.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	enc := encode.NewEncoder()
	for i := 0; i < 300; i++ {
		p := straight(x86.RandomProgram(rng, 60))
		code, err := encode.Encode(p)
		require.NoError(t, err)
		d, err := Decode(code)
		require.NoError(t, err)
		require.Equal(t, len(p.Insts), len(d.Insts))
		for j, in := range d.Insts {
			require.Equal(t, swapXCHG(p.Insts[j], in), in, "instruction %d", j)
		}
		off := 0
		for j, in := range d.Insts {
			b, err := enc.AppendInst(nil, in)
			require.NoError(t, err)
			require.Equal(t, off, d.Offs[j])
			require.Equal(t, len(b), d.Lens[j])
			require.Equal(t, code[off:off+len(b)], b)
			off += len(b)
		}
	}
}

// TestDecodeGNUAs decodes GNU as's bytes for text the model also parses, the ADX and
// MULX forms with every addressing mode included.
func TestDecodeGNUAs(t *testing.T) {
	src := ".intel_syntax noprefix\n.text\n.globl f\nf:\n" +
		"adcx rax, rbx\nadox r8, [rsi+8]\nadcx r15, [r12+0x1000]\nadox rbp, [rsp]\nadcx rax, [r13]\n" +
		"mulx r9, r10, [rsi]\nmulx r15, rax, rdx\nmulx rax, r8, [rsp+0x80]\nmulx rbx, rcx, r13\n" +
		"rorx rax, rbx, 3\nshlx rax, rbx, rcx\nshrx rax, [rsi], rcx\nsarx rax, rbx, rcx\n" +
		"andn rax, rbx, rcx\nbzhi rax, rbx, rcx\nshrd rax, rbx, 5\nmovq xmm1, rax\nmovq r9, xmm15\n" +
		"movzx rax, bl\nsetc al\ncmovc rax, rbx\nimul rax, rbx, 300\nadd r8b, 0x7f\nadd byte ptr [rsp+8], 0x7f\n" +
		"add rax, -1\nmov rax, 0x123456789\nlea rax, [rbx+rcx*8-8]\npush rbx\npop rbx\nret\n"
	want, err := x86.ParseGNU([]byte(src))
	require.NoError(t, err)
	code := assembleGNU(t, src)
	d, err := Decode(code)
	require.NoError(t, err)
	for i := range want.Insts {
		want.Insts[i].Comment = ""
	}
	require.Equal(t, want.Insts, d.Insts)
}

func assembleGNU(t *testing.T, src string) []byte {
	t.Helper()
	if _, err := exec.LookPath("as"); err != nil {
		t.Fatalf("GNU as is required: %v", err)
	}
	dir := t.TempDir()
	s, o := filepath.Join(dir, "f.s"), filepath.Join(dir, "f.o")
	require.NoError(t, os.WriteFile(s, []byte(src), 0o644))
	out, err := exec.Command("as", "-o", o, s).CombinedOutput()
	require.NoError(t, err, string(out))
	f, err := elf.Open(o)
	require.NoError(t, err)
	defer f.Close()
	b, err := f.Section(".text").Data()
	require.NoError(t, err)
	return b
}

// TestDecode32: the 32-bit register forms compilers write decode to the model's 32-bit
// forms (as GNU as writes them); 32-bit memory operands, 16-bit and high-byte registers
// stay refused.
func TestDecode32(t *testing.T) {
	src := ".intel_syntax noprefix\n.text\nf:\nxor r9d, r9d\nxor eax, ebx\nmovzx eax, sil\nmovzx ebp, dl\n" +
		"movzx r14d, byte ptr [rsp-0x59]\nadc esi, 0x0\nand r8d, 0xf\nand eax, 0x80000000\nshl esi, 0x6\n" +
		"mov r8d, ecx\nlea esi, [8*rcx]\nsub r15d, -1\nret\n"
	d, err := Decode(assembleGNU(t, src))
	require.NoError(t, err)
	want, err := x86.ParseGNU([]byte(src))
	require.NoError(t, err)
	require.Equal(t, want.Insts, d.Insts)
	require.Equal(t, int64(math.MinInt32), d.Insts[7].Args[1].Imm, "and eax, 0x80000000 is the imm32 -2^31")
	for _, bad := range []string{"movzx eax, ah", "movzx eax, word ptr [rsi]", "add eax, dword ptr [rsi]",
		"mov eax, dword ptr [rsi]", "adc ax, 0", "shl eax, cl", "lea eax, [ecx]", "imul eax, ebx"} {
		_, err := Decode(assembleGNU(t, ".intel_syntax noprefix\n.text\nf:\n"+bad+"\nret\n"))
		require.Error(t, err, bad)
	}
}

// TestDecodeRefuses lists byte sequences outside the model; each is refused at its offset.
func TestDecodeRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
		off  int
		msg  string
	}{
		{"empty", nil, 0, "falls off the end"},
		{"no ret", []byte{0x48, 0x01, 0xd8}, 3, "falls off the end"},
		{"bytes after ret", []byte{0xc3, 0x90}, 1, "after ret"},
		{"ret imm", []byte{0xc2, 0x08, 0x00}, 0, "control flow"},
		{"rep ret", []byte{0xf3, 0xc3}, 0, "prefix"},
		{"jmp", []byte{0xeb, 0x00, 0xc3}, 0, "control flow"},
		{"call", []byte{0xe8, 0, 0, 0, 0, 0xc3}, 0, "control flow"},
		{"ud2", []byte{0x0f, 0x0b}, 0, "control flow"},
		{"truncated", []byte{0x48, 0x01, 0xd8, 0x48, 0x8b}, 3, "past the end"},
		{"undecodable", []byte{0x48, 0x01, 0xd8, 0x06, 0xc3}, 3, "do not decode"},
		{"16-bit add", []byte{0x66, 0x01, 0xd8, 0xc3}, 0, "not in the model"},
		{"32-bit imul", []byte{0x0f, 0xaf, 0xc3, 0xc3}, 0, "unsupported form"},
		{"lock add", []byte{0xf0, 0x48, 0x01, 0x06, 0xc3}, 0, "prefix"},
		{"fs override", []byte{0x64, 0x48, 0x8b, 0x06, 0xc3}, 0, "segment override"},
		{"rip relative", []byte{0x48, 0x8b, 0x05, 0, 0, 0, 0, 0xc3}, 0, "RIP-relative"},
		{"ah", []byte{0x88, 0xe0, 0xc3}, 0, "not in the model"},
		{"nop", []byte{0x90, 0xc3}, 0, "outside the supported set"},
		{"syscall", []byte{0x0f, 0x05, 0xc3}, 0, "control flow"},
		{"adcx 32-bit", []byte{0x66, 0x0f, 0x38, 0xf6, 0xc3, 0xc3}, 0, "do not decode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.code)
			var de *Error
			require.True(t, errors.As(err, &de), "%v", err)
			require.Equal(t, tc.off, de.Off, de.Error())
			require.Contains(t, de.Msg, tc.msg)
		})
	}
}

// swapXCHG returns want with its operands in got's order when both are one xchg: the
// encoder writes "xchg m, r" and "xchg r, m" as the same bytes (the operation is symmetric).
func swapXCHG(want, got x86.Inst) x86.Inst {
	if want.Op == x86.XCHG && got.Op == x86.XCHG && want.Args[0] == got.Args[1] && want.Args[1] == got.Args[0] {
		want.Args = []x86.Operand{want.Args[1], want.Args[0]}
	}
	return want
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte{0x66, 0x48, 0x0f, 0x38, 0xf6, 0xc3, 0xc3})
	f.Add([]byte{0xc4, 0x62, 0xab, 0xf6, 0x0e, 0xc3})
	f.Fuzz(func(t *testing.T, code []byte) {
		d, err := Decode(code)
		if err != nil {
			return
		}
		// Whatever decodes is a valid model program that the encoder re-encodes; when the
		// bytes differ the caller refuses, but it must never fail to encode.
		_, err = encode.Encode(&x86.Program{Symbol: "f", Insts: d.Insts})
		require.NoError(t, err)
	})
}
