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
