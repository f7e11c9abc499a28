package decode

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// clangTail is the vector end of clang-19's default -O3 build of p521 mul (objdump), with
// the placeholder displacement of the relocated vpbroadcastq, then vzeroupper and ret.
var clangTail = []byte{
	0xc4, 0xc1, 0xf9, 0x6e, 0xc5, // vmovq xmm0, r13
	0xc5, 0xfa, 0x7e, 0x5c, 0x24, 0xb0, // vmovq xmm3, qword ptr [rsp-0x50]
	0xc5, 0xf1, 0x6c, 0xc0, // vpunpcklqdq xmm0, xmm1, xmm0
	0xc4, 0xe3, 0x75, 0x38, 0xc0, 0x01, // vinserti128 ymm0, ymm1, xmm0, 1
	0xc4, 0xe2, 0x7d, 0x59, 0x0d, 0, 0, 0, 0, // vpbroadcastq ymm1, qword ptr [rip + .LCPI0_0]
	0xc5, 0xfd, 0xdb, 0xc1, // vpand ymm0, ymm0, ymm1
	0xc5, 0xfe, 0x7f, 0x47, 0x18, // vmovdqu ymmword ptr [rdi+0x18], ymm0
	0xc5, 0xf8, 0x77, // vzeroupper
	0xc3, // ret
}

// TestVectorForms: clang's vector forms decode to the model, at their lengths, and encode
// back to the same bytes; the constant comes from the ConstFunc at the disp32's offset.
func TestVectorForms(t *testing.T) {
	var asked []int
	consts := func(field, end, size int) (uint64, error) {
		asked = append(asked, field, end, size)
		return 0x3ffffffffffffff, nil
	}
	d, err := DecodeConsts(clangTail, consts)
	require.NoError(t, err)
	want := []string{"vmovq xmm0, r13", "vmovq xmm3, qword ptr [rsp - 0x50]", "vpunpcklqdq xmm0, xmm1, xmm0",
		"vinserti128 ymm0, ymm1, xmm0, 0x1", "vpbroadcastq ymm1, qword ptr [rip + 0] /* = 0x3ffffffffffffff */",
		"vpand ymm0, ymm0, ymm1", "vmovdqu ymmword ptr [rdi + 0x18], ymm0", "vzeroupper", "ret"}
	require.Len(t, d.Insts, len(want))
	for i, in := range d.Insts {
		require.Equal(t, want[i], in.String())
	}
	require.Equal(t, []int{26, 30, 8}, asked)
	require.Equal(t, []int{26}, d.Fields)
	enc := encode.NewEncoder()
	for i, in := range d.Insts {
		b, err := enc.AppendInst(nil, in)
		require.NoError(t, err)
		require.Equal(t, clangTail[d.Offs[i]:d.Offs[i]+d.Lens[i]], b, "%s", in)
	}
}

// TestVectorRefusals: what is near the model's vector forms but outside it is refused.
func TestVectorRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
		msg  string
	}{
		{"rip load without its relocation", []byte{0xc4, 0xe2, 0x7d, 0x59, 0x0d, 0, 0, 0, 0, 0xc3}, "without a relocation"},
		{"vpbroadcastq from the stack", []byte{0xc4, 0xe2, 0x7d, 0x59, 0x0c, 0x24, 0xc3}, "only the 256-bit load"},
		{"vpbroadcastq xmm", []byte{0xc4, 0xe2, 0x79, 0x59, 0x0d, 0, 0, 0, 0, 0xc3}, "not a ymm register"},
		{"vmovq xmm, [rip]", []byte{0xc5, 0xfa, 0x7e, 0x05, 0, 0, 0, 0, 0xc3}, "absolute address"},
		{"vpand xmm", []byte{0xc5, 0xf9, 0xdb, 0xc1, 0xc3}, "unsupported form"},
		{"vmovdqu load", []byte{0xc5, 0xfe, 0x6f, 0x07, 0xc3}, "unsupported form"},
		{"vmovdqu xmm store", []byte{0xc5, 0xfa, 0x7f, 0x07, 0xc3}, "unsupported form"},
		{"vpor", []byte{0xc5, 0xfd, 0xeb, 0xc1, 0xc3}, "outside the supported set"},
		{"vzeroall", []byte{0xc5, 0xfc, 0x77, 0xc3}, "outside the supported set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.code)
			require.ErrorContains(t, err, tc.msg)
		})
	}
	// A relocation reader's refusal is the decoder's.
	_, err := DecodeConsts([]byte{0xc4, 0xe2, 0x7d, 0x59, 0x0d, 0, 0, 0, 0, 0xc3},
		func(int, int, int) (uint64, error) { return 0, fmt.Errorf("writable section") })
	require.ErrorContains(t, err, "writable section")
}

// TestVectorGNU: the encoder's bytes of random vector forms equal GNU as's for the
// printed text (the constant's placeholder [rip + 0] included).
func TestVectorGNU(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	p := &x86.Program{Symbol: "f"}
	gp := []x86.Reg{x86.RAX, x86.R13, x86.RSP, x86.R12}
	for range 400 {
		p.Insts = append(p.Insts, x86.RandomVector(rng, gp, 16))
	}
	p.Insts = append(p.Insts, x86.Inst{Op: x86.VMOVDQU, Args: []x86.Operand{x86.M(x86.RSP, -0x40), x86.R(x86.YMM0 + 15)}},
		x86.Inst{Op: x86.RET})
	for i, d := range []int32{0x100, -0x400, 0x3f8, -0x88, 0x80, -0x80, 0x7f, 0x400, 8, -0x7fffffff - 1} {
		p.Insts = append(p.Insts[:len(p.Insts)-1], x86.Inst{Op: x86.VMOVQ, Args: []x86.Operand{x86.R(x86.XMM0 + x86.Reg(i)), x86.M(x86.R12, d)}},
			x86.Inst{Op: x86.VMOVQ, Args: []x86.Operand{x86.R(x86.XMM0 + x86.Reg(15-i)), x86.M(x86.RSP, d)}},
			x86.Inst{Op: x86.VMOVDQU, Args: []x86.Operand{x86.M(x86.RDI, d), x86.R(x86.YMM0 + x86.Reg(i))}}, x86.Inst{Op: x86.RET})
	}
	code := assembleGNU(t, string(x86.PrintGNU(p)))
	enc, err := encode.Encode(p)
	require.NoError(t, err)
	require.True(t, bytes.Equal(code, enc), "GNU as % x\nencoder % x", code, enc)
}
