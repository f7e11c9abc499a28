package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWeierOpsCompileAndCheck: each Weierstrass op of p256 and secp256k1_montgomery goes
// through compile and check; an op a field lacks is one line and exit status 2.
func TestWeierOpsCompileAndCheck(t *testing.T) {
	dir := t.TempDir()
	for _, curve := range []string{"p256", "secp256k1_montgomery"} {
		for _, op := range []string{"from_montgomery", "to_montgomery", "from_bytes", "to_bytes", "selectznz", "nonzero"} {
			src := []string{"--curve", curve, "--op", op}
			asm := filepath.Join(dir, curve+"_"+op+".S")
			code, _, stderr := runCLI(append([]string{"compile", "--order", "greedy", "-o", asm}, src...)...)
			require.Equal(t, 0, code, stderr)
			code, out, stderr := runCLI(append([]string{"check", "--asm", asm}, src...)...)
			require.Equal(t, 0, code, stderr)
			require.Contains(t, out, "proved")
		}
	}
	code, _, stderr := runCLI("ir", "--curve", "p384", "--op", "selectznz")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "no op")
}

// TestMeasuredCyclesNotNegative: a timing below the loop overhead is saved as 0, so the
// genome file stays one that emit accepts.
func TestMeasuredCyclesNotNegative(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{-2.04, 0}, {0, 0}, {1.5, 1.5}} {
		require.Equal(t, c.want, measuredCycles(c.in))
	}
}
