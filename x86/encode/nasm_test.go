package encode

import (
	"bytes"
	"debug/elf"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestNASMOutputAssembles assembles x86.PrintNASM output with real nasm (when installed) and
// compares the bytes with Encode. Two known, harmless encoding choices differ from GNU as:
// NASM puts the operands of xchg r, r the other way round in ModRM (the comparison swaps
// them on the Encode side), and it shortens mov r64, imm to mov r32, imm when the constant
// is a zero-extended 32-bit value (those instructions are left out here).
func TestNASMOutputAssembles(t *testing.T) {
	if _, err := exec.LookPath("nasm"); err != nil {
		testenv.Missing(t, "nasm not installed: NASM output checked only by x86.ParseNASM round trips")
	}
	rng := rand.New(rand.NewSource(5))
	progs := make([]*x86.Program, 20)
	var src bytes.Buffer
	for i := range progs {
		progs[i] = withoutMovImm(x86.RandomProgram(rng, 200))
		q := *progs[i]
		q.Symbol = fmt.Sprintf("f%d", i)
		src.Write(x86.PrintNASM(&q))
	}
	dir := t.TempDir()
	s, o := filepath.Join(dir, "t.asm"), filepath.Join(dir, "t.o")
	require.NoError(t, os.WriteFile(s, src.Bytes(), 0o644))
	out, err := exec.Command("nasm", "-f", "elf64", "-o", o, s).CombinedOutput()
	require.NoError(t, err, "nasm: %s", out)
	got := splitBySymbols(t, o, len(progs))
	for i, p := range progs {
		q := swapXchgRegs(p)
		enc, err := Encode(q)
		require.NoError(t, err)
		if !bytes.Equal(enc, got[i]) {
			t.Fatalf("program %d: %s", i, firstDiff(t, q, got[i], enc))
		}
	}
}

func withoutMovImm(p *x86.Program) *x86.Program {
	var keep []x86.Inst
	for _, in := range p.Insts {
		if !(in.Op == x86.MOV && in.Args[0].Kind == x86.KindReg && in.Args[1].Kind == x86.KindImm) {
			keep = append(keep, in)
		}
	}
	p.Insts = keep
	return p
}

func swapXchgRegs(p *x86.Program) *x86.Program {
	q := *p
	q.Insts = append([]x86.Inst(nil), p.Insts...)
	for i, in := range q.Insts {
		if in.Op == x86.XCHG && in.Args[0].Kind == x86.KindReg && in.Args[1].Kind == x86.KindReg {
			q.Insts[i].Args = []x86.Operand{in.Args[1], in.Args[0]}
		}
	}
	return &q
}

// splitBySymbols cuts .text at the symbols f0..f(n-1) (NASM emits no symbol sizes).
func splitBySymbols(t *testing.T, obj string, n int) [][]byte {
	f, err := elf.Open(obj)
	require.NoError(t, err)
	defer f.Close()
	text, err := f.Section(".text").Data()
	require.NoError(t, err)
	syms, err := f.Symbols()
	require.NoError(t, err)
	start := make([]uint64, n)
	seen := 0
	for _, sym := range syms {
		var i int
		if _, err := fmt.Sscanf(sym.Name, "f%d", &i); err == nil && i >= 0 && i < n {
			start[i] = sym.Value
			seen++
		}
	}
	require.Equal(t, n, seen)
	sorted := append([]uint64(nil), start...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	res := make([][]byte, n)
	for i, s := range start {
		end := uint64(len(text))
		if k := sort.Search(len(sorted), func(k int) bool { return sorted[k] > s }); k < len(sorted) {
			end = sorted[k]
		}
		res[i] = text[s:end]
	}
	return res
}

// splitBySymbolsNamed returns the bytes of the only function of obj, named sym.
func splitBySymbolsNamed(t *testing.T, obj, sym string) []byte {
	f, err := elf.Open(obj)
	require.NoError(t, err)
	defer f.Close()
	text, err := f.Section(".text").Data()
	require.NoError(t, err)
	syms, err := f.Symbols()
	require.NoError(t, err)
	for _, s := range syms {
		if s.Name == sym {
			return text[s.Value : s.Value+s.Size]
		}
	}
	t.Fatalf("symbol %s not found", sym)
	return nil
}
