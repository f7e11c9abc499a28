package goasm

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAssembleIsGoToolAsm: Assemble runs GOTOOLDIR's asm itself, and its listing is
// byte for byte what `go tool asm -S` prints for the same file, for every Go assembly
// file of examples/gofield (all the functions check-go proves).
func TestAssembleIsGoToolAsm(t *testing.T) {
	goCmd := goTool(t)
	files, err := filepath.Glob("../../examples/gofield/*/*_amd64.s")
	require.NoError(t, err)
	if len(files) == 0 {
		t.Skip("examples/gofield is not next to this package (a Bazel sandbox): run with go test")
	}
	tc, err := goToolchain(context.Background(), goCmd)
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		dir := t.TempDir()
		file := filepath.Join(dir, "f_amd64.s")
		require.NoError(t, os.WriteFile(file, src, 0o644))
		run := func(name string, args ...string) []byte {
			cmd := exec.Command(name, args...)
			cmd.Env = append(os.Environ(), "GOARCH=amd64", "GOOS=linux")
			out, err := cmd.Output()
			require.NoError(t, err, f)
			return out
		}
		args := asmArgs(tc.goroot, "x/fe", dir, file)
		viaGo := run(goCmd, append([]string{"tool", "asm"}, args...)...)
		direct := run(filepath.Join(tc.tooldir, "asm"), args...)
		require.Equal(t, string(viaGo), string(direct), f)
		require.NotEmpty(t, direct)
		want, err := ParseListing(viaGo)
		require.NoError(t, err, f)
		got, err := Assemble(context.Background(), goCmd, "x/fe", src)
		require.NoError(t, err, f)
		require.Equal(t, want, got, f)
	}
	// A second look-up is the cached one (the same binary).
	again, err := goToolchain(context.Background(), goCmd)
	require.NoError(t, err)
	require.Equal(t, tc, again)
}
