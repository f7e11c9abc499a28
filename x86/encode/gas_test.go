package encode

import (
	"bytes"
	"debug/elf"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// gnuAssemble assembles all programs with GNU as in one invocation (one symbol each, renamed
// f0, f1, ...) and returns each function's bytes, cut from .text by its symbol and .size.
func gnuAssemble(t *testing.T, progs []*x86.Program) [][]byte {
	t.Helper()
	if _, err := exec.LookPath("as"); err != nil {
		testenv.Missing(t, "GNU as not installed: encoder not compared with GNU as")
	}
	var src bytes.Buffer
	for i, p := range progs {
		q := *p
		q.Symbol = fmt.Sprintf("f%d", i)
		src.Write(x86.PrintGNU(&q))
	}
	dir := t.TempDir()
	s, o := filepath.Join(dir, "t.s"), filepath.Join(dir, "t.o")
	require.NoError(t, os.WriteFile(s, src.Bytes(), 0o644))
	out, err := exec.Command("as", "--64", "-o", o, s).CombinedOutput()
	require.NoError(t, err, "as: %s", out)
	f, err := elf.Open(o)
	require.NoError(t, err)
	defer f.Close()
	text, err := f.Section(".text").Data()
	require.NoError(t, err)
	syms, err := f.Symbols()
	require.NoError(t, err)
	res := make([][]byte, len(progs))
	found := 0
	for _, sym := range syms {
		var i int
		if _, err := fmt.Sscanf(sym.Name, "f%d", &i); err != nil || i < 0 || i >= len(progs) {
			continue
		}
		res[i] = text[sym.Value : sym.Value+sym.Size]
		found++
	}
	require.Equal(t, len(progs), found, "symbols in the object file")
	return res
}

func TestEncodeMatchesGNUAs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	progs := make([]*x86.Program, 100)
	for i := range progs {
		progs[i] = x86.RandomProgram(rng, 200)
	}
	want := gnuAssemble(t, progs)
	enc := NewEncoder()
	for i, p := range progs {
		got, err := Encode(p)
		require.NoError(t, err)
		if !bytes.Equal(want[i], got) {
			t.Fatalf("program %d: %s", i, firstDiff(t, p, want[i], got))
		}
		cached, err := enc.Encode(p)
		require.NoError(t, err)
		require.Equal(t, got, cached, "memoizing encoder, program %d", i)
	}
}

// firstDiff names the first instruction whose bytes differ, encoding one at a time.
func firstDiff(t *testing.T, p *x86.Program, want, got []byte) string {
	off := 0
	for _, in := range p.Insts {
		b, err := Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{in}})
		require.NoError(t, err)
		end := off + len(b)
		if end > len(want) || !bytes.Equal(want[off:end], b) {
			w := want[off:min(len(want), off+15)]
			return fmt.Sprintf("%s: iasm % x, as (from here) % x", in, b, w)
		}
		off = end
	}
	return fmt.Sprintf("lengths %d vs %d", len(want), len(got))
}

// TestEncodeEveryForm encodes one instance of every form of every opcode with edge operands.
func TestEncodeEveryForm(t *testing.T) {
	p := &x86.Program{Symbol: "f", Insts: x86.EveryForm(rand.New(rand.NewSource(2)), 20)}
	want := gnuAssemble(t, []*x86.Program{p})[0]
	got, err := Encode(p)
	require.NoError(t, err)
	if !bytes.Equal(want, got) {
		t.Fatal(firstDiff(t, p, want, got))
	}
}
