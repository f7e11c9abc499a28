package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEmitC(t *testing.T) {
	code, out, errs := runCLI("emit-c", "--curve", "p256", "--op", "mul")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "void cryptopt_p256_mul(uint64_t *out1, const uint64_t *arg1, const uint64_t *arg2)")

	dir := t.TempDir()
	dest := filepath.Join(dir, "fe.c")
	code, out, errs = runCLI("emit-c", "--curve", "curve25519", "--op", "square", "--symbol", "fe_sq", "-o", dest)
	require.Equal(t, 0, code, errs)
	require.Empty(t, out)
	data, err := os.ReadFile(dest)
	require.NoError(t, err)
	require.Contains(t, string(data), "void fe_sq(uint64_t *out1, const uint64_t *arg1)")
	if gcc, err := exec.LookPath("gcc"); err == nil {
		cmd := exec.Command(gcc, "-fsyntax-only", "-Wall", "-Werror", dest)
		msg, err := cmd.CombinedOutput()
		require.NoError(t, err, string(msg))
	}

	bad := filepath.Join(dir, "bad.c")
	code, out, errs = runCLI("emit-c", "--curve", "curve25519", "--op", "inv", "-o", bad)
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.NoFileExists(t, bad)
	require.Equal(t, 1, strings.Count(errs, "\n"), errs)
}
