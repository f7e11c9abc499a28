package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestBuildBaselines: each IR function is built once per compiler however often it is
// listed, every build is found by fn, and a failing build is an error.
func TestBuildBaselines(t *testing.T) {
	testenv.Tool(t, "gcc")
	load := func(curve, op string) *ir.Func {
		src, err := (&sourceFlags{curve: curve, op: op}).load()
		require.NoError(t, err)
		return src.Func
	}
	mul, again, sq := load("poly1305", "mul"), load("poly1305", "mul"), load("poly1305", "square")
	require.Len(t, buildTasks([]*ir.Func{mul, sq, again}, []string{"gcc", "clang"}), 4, "poly1305_mul twice is built once per compiler")
	b, err := buildBaselines([]*ir.Func{mul, sq, again}, []string{"gcc"})
	require.NoError(t, err)
	defer func() { require.NoError(t, b.Close()) }()
	require.Len(t, b.natives, 2)
	for _, f := range []*ir.Func{mul, again, sq} {
		fn, err := b.fn(f, "gcc")
		require.NoError(t, err)
		require.Contains(t, fn.Name, f.Name)
	}
	_, err = b.fn(mul, "clang")
	require.ErrorContains(t, err, "no clang build of poly1305_mul")

	_, err = buildBaselines([]*ir.Func{mul}, []string{"gcc", "no-such-cc-xyz"})
	require.ErrorContains(t, err, `"no-such-cc-xyz" not found`)
}
