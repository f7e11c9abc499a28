//go:build linux

package cputime

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestThreadAdvances: spinning uses CPU time; sleeping-free code cannot go backwards. The
// goroutine is locked to its thread: otherwise the two readings may be of two threads (it
// failed so, once, under load).
func TestThreadAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	x := uint64(1)
	for i := range 5_000_000 {
		x = x*6364136223846793005 + uint64(i)
	}
	end := Thread()
	require.NotZero(t, x)
	require.Greater(t, end, start)
}
