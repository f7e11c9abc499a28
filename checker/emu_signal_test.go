package checker

import (
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/stretchr/testify/require"
)

// TestEmuSignalFill: the word-wise junk fill writes exactly what the byte-wise one did
// (byte j of the stack region gets byte j%8 of one random word, below rsp-128 only), for
// rsp anywhere: below, inside, at the ends of and above the region, unaligned, and so low
// that rsp-128 wraps.
func TestEmuSignalFill(t *testing.T) {
	base := uint64(stackTop - stackSize)
	for _, rsp := range []uint64{0, 5, 127, 128, base, base + 128, base + 131, base + 200, stackTop - 3, stackTop, stackTop + 128, stackTop + 999, 1 << 63} {
		m := &emu{junk: rand.New(rand.NewSource(7))}
		data := make([]byte, stackSize+8)
		m.regions = []region{{addr: base, data: data}}
		m.regs[x86.RSP] = rsp
		m.signal()

		want := make([]byte, len(data))
		w := rand.New(rand.NewSource(7)).Uint64()
		for j := range want {
			if base+uint64(j) >= rsp-128 {
				break
			}
			want[j] = byte(w >> (8 * (j & 7)))
		}
		require.Equal(t, want, data, "rsp %#x", rsp)
	}
}
