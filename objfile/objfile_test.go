package objfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

const prologue = ".intel_syntax noprefix\n.text\n"

// fn is a two-instruction function with a proper size.
const fn = ".globl f\n.type f,@function\nf:\nmov rax, rdi\nret\n.size f, .-f\n"

// assemble runs GNU as (with extra flags) on src and returns the object's path.
func assemble(t *testing.T, src string, flags ...string) string {
	t.Helper()
	_, err := exec.LookPath("as")
	require.NoError(t, err, "GNU as is required")
	dir := t.TempDir()
	s, o := filepath.Join(dir, "f.s"), filepath.Join(dir, "f.o")
	require.NoError(t, os.WriteFile(s, []byte(src), 0o644))
	out, err := exec.Command("as", append(flags, "-o", o, s)...).CombinedOutput()
	require.NoError(t, err, string(out))
	return o
}

func TestReadFunction(t *testing.T) {
	o := assemble(t, prologue+".globl g\ng:\nret\n.size g, .-g\n"+fn)
	f, err := Read(o, "f")
	require.NoError(t, err)
	require.Equal(t, []byte{0x48, 0x89, 0xf8, 0xc3}, f.Code)
	require.Equal(t, uint64(1), f.Start)
	_, err = Read(o, "")
	require.ErrorContains(t, err, "2 global functions (f, g)")
	f, err = Read(assemble(t, prologue+fn), "")
	require.NoError(t, err)
	require.Equal(t, "f", f.Name)
}

// TestBadInput: inputs that are not a usable object are BadInputError, one line.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "x.o")
	require.NoError(t, os.WriteFile(text, []byte("not an object\n"), 0o644))
	good := assemble(t, prologue+fn)
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	trunc := filepath.Join(dir, "trunc.o")
	require.NoError(t, os.WriteFile(trunc, data[:len(data)/2], 0o644))
	stripped := filepath.Join(dir, "stripped.o")
	require.NoError(t, exec.Command("cp", good, stripped).Run())
	require.NoError(t, exec.Command("strip", "--strip-all", stripped).Run())
	i386 := assemble(t, ".intel_syntax noprefix\n.text\n.globl f\nf:\nret\n.size f, .-f\n", "--32")
	for _, tc := range []struct{ name, path, symbol, msg string }{
		{"directory", dir, "f", "not a regular file"},
		{"missing file", filepath.Join(dir, "none.o"), "f", "no such file"},
		{"not ELF", text, "f", "not an ELF object"},
		{"truncated", trunc, "f", ""},
		{"stripped", stripped, "f", "stripped"},
		{"wrong machine", i386, "f", "wrong machine"},
		{"missing symbol", good, "nope", `no symbol "nope"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(tc.path, tc.symbol)
			var b *BadInputError
			require.True(t, errors.As(err, &b), "%v", err)
			require.Contains(t, err.Error(), tc.msg)
			require.NotContains(t, err.Error(), "\n")
		})
	}
}

// TestRefused: well-formed objects whose function bytes alone cannot be trusted.
func TestRefused(t *testing.T) {
	for _, tc := range []struct{ name, src, msg string }{
		{"relocation", ".globl f\nf:\nmov rax, qword ptr [rip + g]\nret\n.size f, .-f\n", "relocation"},
		{"call", ".globl f\nf:\ncall g\nret\n.size f, .-f\n", "relocation"},
		{"no size, code after", ".globl f\nf:\nret\n.globl g\ng:\nret\n.size g, .-g\n", "no size"},
		{"second entry", ".globl f\nf:\nmov rax, rdi\n.globl g\ng:\nret\n.size f, .-f\n", `"g" at offset 0x3`},
		{"weak", ".weak f\nf:\nret\n.size f, .-f\n", "STB_WEAK"},
		{"comdat", ".section .text.f,\"axG\",@progbits,f,comdat\n.globl f\nf:\nret\n.size f, .-f\n", "COMDAT"},
		{"data section", ".data\n.globl f\nf:\nret\n.size f, .-f\n", "not loaded executable code"},
		{"object type", ".globl f\n.type f,@object\nf:\nret\n.size f, .-f\n", "not a function"},
		{"ifunc", ".globl f\n.type f,@gnu_indirect_function\nf:\nret\n.size f, .-f\n", "not a function"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(assemble(t, prologue+tc.src), "f")
			var r *RefusedError
			require.True(t, errors.As(err, &r), "%v", err)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

// TestNoSizeLastSymbol: NASM-style objects without sizes end at the section's end.
func TestNoSizeLastSymbol(t *testing.T) {
	f, err := Read(assemble(t, prologue+".globl f\nf:\nmov rax, rdi\nret\n"), "f")
	require.NoError(t, err)
	require.Equal(t, []byte{0x48, 0x89, 0xf8, 0xc3}, f.Code)
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("\x7fELF\x02\x01\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Parse(data, "f") // must not panic
	})
}
