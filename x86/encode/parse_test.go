package encode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestParseCompilerOutput parses what gcc/clang -S -masm=intel emit for a small function and
// checks Encode against GNU as on the compiler's own text.
func TestParseCompilerOutput(t *testing.T) {
	ran := false
	for _, cc := range []string{"gcc", "clang-19", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		ran = true
		t.Run(cc, func(t *testing.T) { checkCompilerOutput(t, cc) })
	}
	if !ran {
		testenv.Missing(t, "no C compiler installed")
	}
}

func checkCompilerOutput(t *testing.T, cc string) {
	dir := t.TempDir()
	c := filepath.Join(dir, "f.c")
	require.NoError(t, os.WriteFile(c, []byte(`void add2(unsigned long *o, const unsigned long *a, const unsigned long *b) {
	o[0] = a[0] * b[0];
	o[1] = (a[1] ^ b[1]) >> 3;
	o[2] = a[2] + 8 * b[2];
	o[3] = a[3] - b[3];
}
`), 0o644))
	s, o := filepath.Join(dir, "f.s"), filepath.Join(dir, "f.o")
	args := []string{"-O2", "-S", "-masm=intel", "-fcf-protection=none", "-o", s, c}
	if strings.HasPrefix(cc, "clang") {
		args = append(args, "-fno-addrsig") // GNU as 2.40 does not know .addrsig
	}
	out, err := exec.Command(cc, args...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	src, err := os.ReadFile(s)
	require.NoError(t, err)
	p, err := x86.Parse(src)
	require.NoError(t, err, "%s", src)
	require.Equal(t, "add2", p.Symbol)
	require.Equal(t, x86.RET, p.Insts[len(p.Insts)-1].Op)
	if _, err := exec.LookPath("as"); err != nil {
		testenv.Missing(t, "GNU as not installed: parsed but not compared")
	}
	out, err = exec.Command("as", "--64", "-o", o, s).CombinedOutput()
	require.NoError(t, err, "%s", out)
	got, err := Encode(p)
	require.NoError(t, err)
	require.Equal(t, splitBySymbolsNamed(t, o, "add2"), got)
}

// TestEncodeByteALU: "add byte [m], imm" (CryptOpt's flag restore) is not the qword form.
func TestEncodeByteALU(t *testing.T) {
	byteMem := x86.Operand{Kind: x86.KindMem, Base: x86.RSP, Index: x86.NoReg, Scale: 1, Disp: 0x1e0, Size: 1}
	b8, err := Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{{Op: x86.ADD, Args: []x86.Operand{byteMem, x86.I(0x7f)}}}})
	require.NoError(t, err)
	b64, err := Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{{Op: x86.ADD, Args: []x86.Operand{x86.M(x86.RSP, 0x1e0), x86.I(0x7f)}}}})
	require.NoError(t, err)
	require.NotEqual(t, b8, b64, "byte and qword forms must encode differently")
}
