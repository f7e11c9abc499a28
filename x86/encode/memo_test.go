package encode

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestEncoderMatchesEncode: the memoising encoder gives the package function's bytes,
// cold and warm, over enough distinct instructions to grow its table several times.
func TestEncoderMatchesEncode(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	e := NewEncoder()
	var progs []*x86.Program
	for range 60 {
		progs = append(progs, x86.RandomProgram(rng, 200))
	}
	for round := range 2 {
		for i, p := range progs {
			want, err := Encode(p)
			require.NoError(t, err)
			got, err := e.Encode(p)
			require.NoError(t, err)
			require.Equal(t, want, got, "round %d, program %d", round, i)
		}
	}
	require.Greater(t, len(e.cache.slots), memoMinSlots, "the table grew")
}

// TestMemoTable: every key put is found with its bytes until the table is full, then the
// table starts again empty; keys never put are not found.
func TestMemoTable(t *testing.T) {
	var m memo
	key := func(i int) encKey { return encKey{h: uint64(i % 7), a: [4]uint64{uint64(i / 7), 0, 0, 1}} }
	code := func(i int) []byte { return []byte{byte(i), byte(i >> 8), 0x90}[:1+i%3] }
	for i := range maxCache {
		k := key(i)
		m.put(&k, code(i))
	}
	require.Equal(t, maxCache, m.n)
	for _, i := range []int{0, 1, 6, 7, 1000, maxCache - 1} {
		k := key(i)
		got, ok := m.get(&k)
		require.True(t, ok, "key %d", i)
		require.Equal(t, code(i), got)
	}
	k := key(maxCache)
	_, ok := m.get(&k)
	require.False(t, ok)
	m.put(&k, code(maxCache)) // full: cleared first
	require.Equal(t, 1, m.n)
	k0 := key(0)
	_, ok = m.get(&k0)
	require.False(t, ok)
	m.put(&k0, make([]byte, maxInstLen+1)) // longer than an instruction: not kept
	_, ok = m.get(&k0)
	require.False(t, ok)
}
