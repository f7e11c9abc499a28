package checker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEmuAccessWrapsPast2to64: an access whose end wraps past 2^64 is unmapped, not a
// panic (a mutant storing to 0xfffffffffffffffe once crashed the checker).
func TestEmuAccessWrapsPast2to64(t *testing.T) {
	m := &emu{regions: []region{{addr: 0x1000, data: make([]byte, 64)}}}
	for _, a := range []uint64{0xfffffffffffffffe, 0xfffffffffffffff9, 0x1000 + 60, 0xfff} {
		_, _, err := m.find(a, 8)
		require.Error(t, err, "%#x", a)
	}
	b, _, err := m.find(0x1000+56, 8)
	require.NoError(t, err)
	require.Len(t, b, 8)
}
