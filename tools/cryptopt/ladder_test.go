package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScmulConstantFlag: --constant is the op's parameter; bad or misplaced values are one
// line on stderr, exit status 2, and no output file.
func TestScmulConstantFlag(t *testing.T) {
	code, out, _ := runCLI("ir", "--curve", "curve25519", "--op", "scmul", "--constant", "121666")
	require.Equal(t, 0, code)
	require.Contains(t, out, "curve25519_scmul_121666")
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--curve", "curve25519", "--op", "scmul"},
		{"--curve", "curve25519", "--op", "scmul", "--constant", "0"},
		{"--curve", "curve25519", "--op", "scmul", "--constant", "4294967297"},
		{"--curve", "curve25519_solinas", "--op", "scmul", "--constant", "485440633518672411"},
		{"--curve", "curve25519_solinas", "--op", "scmul", "--constant", "-1"},
		{"--curve", "curve25519", "--op", "scmul", "--constant", "12x"},
		{"--curve", "curve25519", "--op", "mul", "--constant", "3"},
		{"--curve", "p256", "--op", "scmul", "--constant", "3"},
		{"--prime", "2^127-1", "--method", "solinas", "--limbs", "3", "--op", "scmul", "--constant", "3"},
	} {
		o := filepath.Join(dir, "x.S")
		code, _, stderr := runCLI(append([]string{"compile", "-o", o}, args...)...)
		require.Equal(t, 2, code, "%v", args)
		require.Equal(t, 1, strings.Count(stderr, "\n"), "%v: %q", args, stderr)
		_, err := os.Stat(o)
		require.True(t, os.IsNotExist(err), "%v left %s behind", args, o)
	}
}

// TestLadderOpsCompileAndCheck: each ladder op goes through compile and check.
func TestLadderOpsCompileAndCheck(t *testing.T) {
	dir := t.TempDir()
	for _, curve := range []string{"curve25519", "curve25519_solinas"} {
		for _, op := range [][]string{{"scmul", "--constant", "121666"}, {"from_bytes"}, {"to_bytes"}, {"cswap"}} {
			src := append([]string{"--curve", curve, "--op"}, op...)
			asm := filepath.Join(dir, curve+"_"+op[0]+".S")
			code, _, stderr := runCLI(append([]string{"compile", "--order", "greedy", "-o", asm}, src...)...)
			require.Equal(t, 0, code, stderr)
			code, out, stderr := runCLI(append([]string{"check", "--asm", asm}, src...)...)
			require.Equal(t, 0, code, stderr)
			require.Contains(t, out, "proved")
		}
	}
}
