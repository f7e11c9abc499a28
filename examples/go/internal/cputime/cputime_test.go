//go:build linux

package cputime

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestThreadAdvances: spinning uses CPU time; sleeping-free code cannot go backwards.
func TestThreadAdvances(t *testing.T) {
	start := Thread()
	x := uint64(1)
	for i := range 5_000_000 {
		x = x*6364136223846793005 + uint64(i)
	}
	end := Thread()
	require.NotZero(t, x)
	require.Greater(t, end, start)
}
