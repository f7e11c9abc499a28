package goasm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func push(r x86.Reg) x86.Inst { return x86.Inst{Op: x86.PUSH, Args: []x86.Operand{x86.R(r)}} }
func pop(r x86.Reg) x86.Inst  { return x86.Inst{Op: x86.POP, Args: []x86.Operand{x86.R(r)}} }
func mov(d, s x86.Operand) x86.Inst {
	return x86.Inst{Op: x86.MOV, Args: []x86.Operand{d, s}}
}

// wrap builds a TargetGo-shaped program around body with a frame of size bytes.
func wrap(body []x86.Inst, size int64) *x86.Program {
	var ins []x86.Inst
	for _, r := range wrapper {
		ins = append(ins, push(r))
	}
	if size > 0 {
		ins = append(ins, push(x86.RBP), mov(x86.R(x86.RBP), x86.R(x86.RSP)),
			x86.Inst{Op: x86.SUB, Args: []x86.Operand{x86.R(x86.RSP), x86.I(size)}})
	}
	ins = append(ins, body...)
	if size > 0 {
		ins = append(ins, x86.Inst{Op: x86.ADD, Args: []x86.Operand{x86.R(x86.RSP), x86.I(size)}}, pop(x86.RBP))
	}
	for i := len(wrapper) - 1; i >= 0; i-- {
		ins = append(ins, pop(wrapper[i]))
	}
	return &x86.Program{Symbol: "f", Insts: append(ins, x86.Inst{Op: x86.RET})}
}

func TestSplit(t *testing.T) {
	load := mov(x86.R(x86.RAX), x86.M(x86.RSI, 0))
	spill := mov(x86.M(x86.RSP, 8), x86.R(x86.RAX))
	store := mov(x86.M(x86.RDI, 0), x86.R(x86.RAX))
	frame, body, err := Split(wrap([]x86.Inst{load, spill, store}, 16))
	require.NoError(t, err)
	require.Equal(t, int32(16), frame)
	require.Len(t, body, 3)
	frame, _, err = Split(wrap([]x86.Inst{load, store}, 0))
	require.NoError(t, err)
	require.Zero(t, frame)

	for name, p := range map[string]*x86.Program{
		"System V program": {Symbol: "f", Insts: []x86.Inst{load, store, {Op: x86.RET}}},
		"uses rbp":         wrap([]x86.Inst{mov(x86.R(x86.RBP), x86.R(x86.RAX))}, 0),
		"red zone":         wrap([]x86.Inst{mov(x86.M(x86.RSP, -8), x86.R(x86.RAX))}, 0),
		"beyond the frame": wrap([]x86.Inst{mov(x86.M(x86.RSP, 16), x86.R(x86.RAX))}, 16),
		"push in body":     wrap([]x86.Inst{push(x86.RAX), pop(x86.RAX)}, 0),
		"writes rsp":       wrap([]x86.Inst{mov(x86.R(x86.RSP), x86.R(x86.RAX))}, 0),
	} {
		_, _, err := Split(p)
		require.Error(t, err, name)
	}
}

func TestParseListing(t *testing.T) {
	good := "x.f STEXT nosplit size=4 args=0x0 locals=0x0\n" +
		"\t0x0000 00000 (a.s:3)\tTEXT\tx.f(SB), NOSPLIT|NOFRAME, $0-0\n" +
		"\t0x0000 00000 (a.s:4)\tMOVQ\tAX, CX\n" +
		"\t0x0003 00003 (a.s:5)\tRET\n" +
		"\t0x0000 48 89 c1 c3                                      H...\n"
	syms, err := ParseListing([]byte(good))
	require.NoError(t, err)
	require.Equal(t, []byte{0x48, 0x89, 0xc1, 0xc3}, syms["x.f"].Code)
	require.Equal(t, []int{0, 3}, syms["x.f"].Offsets)
	_, err = ParseListing([]byte(strings.Replace(good, "size=4", "size=5", 1)))
	require.ErrorContains(t, err, "header says 5")
}

// FuzzParseListing: arbitrary listings give symbols or an error, never a panic.
func FuzzParseListing(f *testing.F) {
	f.Add([]byte("x.f STEXT size=1\n\t0x0000 00000 (a.s:1)\tRET\n\t0x0000 c3  .\n\trel 0+4 t=R_PCREL y+0\n"))
	f.Add([]byte("\t0x0010 c3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		syms, err := ParseListing(data)
		if err != nil {
			return
		}
		for _, s := range syms {
			if len(s.Offsets) != len(s.Lines) {
				t.Fatalf("offsets and lines disagree")
			}
		}
	})
}
