package checker

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/stretchr/testify/require"
)

func benchCheck(b *testing.B, file, fn string) {
	_, err := os.Stat(filepath.Join("..", "..", "shared", "fiat-json", file))
	if err != nil {
		b.Skip("Fiat JSON test data not found at ../shared/fiat-json")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "fiat-json", file))
	require.NoError(b, err)
	f, err := ir.ReadFiatFunc(data, fn)
	require.NoError(b, err)
	asm, err := os.ReadFile(filepath.Join("testdata", fn+".asm"))
	require.NoError(b, err)
	for b.Loop() {
		rep, err := Check(f, asm, Options{})
		require.NoError(b, err)
		require.True(b, rep.Proved)
	}
}

// The budget is 2 s per check (default options: 256 random trials included).
func BenchmarkCheckP521CarryMul(b *testing.B) { benchCheck(b, "p521_64.json", "fiat_p521_carry_mul") }

func BenchmarkCheckP434Mul(b *testing.B) { benchCheck(b, "p434_64.json", "fiat_p434_mul") }
