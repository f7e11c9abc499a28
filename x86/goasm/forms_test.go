package goasm

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// goTool returns the go command, or skips the test when there is none.
func goTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: the Go assembler comparison cannot run")
	}
	return p
}

// assembleInsts assembles ins as one Go function and returns, per instruction, the bytes
// the Go assembler made of it.
func assembleInsts(t *testing.T, ins []x86.Inst) [][]byte {
	t.Helper()
	var src strings.Builder
	src.WriteString("#include \"textflag.h\"\n\nTEXT ·f(SB), NOSPLIT|NOFRAME, $0-0\n")
	for _, in := range ins {
		text, err := Inst(in)
		require.NoError(t, err)
		src.WriteString("\t" + text + "\n")
	}
	syms, err := Assemble(context.Background(), goTool(t), "example.com/p", []byte(src.String()))
	require.NoError(t, err, src.String())
	s := syms["example.com/p.f"]
	require.NotNil(t, s, "symbol missing: %v", syms)
	require.Zero(t, s.Relocs)
	offs := s.Offsets
	require.Equal(t, len(ins), len(offs), "instruction lines in the listing")
	out := make([][]byte, len(ins))
	for i := range ins {
		end := len(s.Code)
		if i+1 < len(ins) {
			end = offs[i+1]
		}
		out[i] = s.Code[offs[i]:end]
	}
	return out
}

// TestFormsMatchGoAssembler is the printer's contract: for every instruction form it
// accepts, the Go assembler's bytes for the printed text equal the project encoder's bytes
// for the instruction (which are GNU as's, see x86/gas_test.go).
func TestFormsMatchGoAssembler(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	var ins []x86.Inst
	for len(ins) < 4000 {
		in := x86.RandomInst(rng)
		if _, err := Inst(in); err == nil && in.Op != x86.RET {
			ins = append(ins, in)
		}
	}
	got := assembleInsts(t, ins)
	var bad []string
	for i, in := range ins {
		want, err := EncodeInst(in)
		require.NoError(t, err)
		if !bytes.Equal(got[i], want) {
			text, _ := Inst(in)
			bad = append(bad, fmt.Sprintf("%-40s %-40s go % x  ours % x", in.String(), text, got[i], want))
		}
	}
	require.Empty(t, bad, "%d of %d differ:\n%s", len(bad), len(ins), strings.Join(bad, "\n"))
}
