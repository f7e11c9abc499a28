//go:build amd64 && !purego

package weierstrass

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSelectSSE2AndAVX2 compares both assembly lookups (AVX2 when this CPU has it) with
// selectGo on random tables, for every digit 0..n+1.
func TestSelectSSE2AndAVX2(t *testing.T) {
	type impl func(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
	impls := map[string][2]impl{"SSE2": {select2SSE2, select3SSE2}}
	if useAVX2 {
		impls["AVX2"] = [2]impl{select2AVX2, select3AVX2}
	} else {
		t.Log("no AVX2 here: its lookups are not tested")
	}
	rng := rand.New(rand.NewSource(5))
	var tab [3][BaseRow]elem
	for c := range tab {
		for j := range tab[c] {
			tab[c][j] = elem{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		}
	}
	for name, f := range impls {
		for _, n := range []int{1, 16, BaseRow} {
			for d := range uint64(n + 2) {
				for k, sel := range f {
					var got, want [3]elem
					got[2], want[2] = elem{9, 9, 9, 9}, elem{9, 9, 9, 9} // past select2's output
					sel(words(&got[0]), words(&tab[0][0]), n, BaseRow*32, d)
					selectGo(words(&want[0]), words(&tab[0][0]), n, BaseRow*32, k+2, d)
					require.Equal(t, want, got, "%s select%d, n = %d, d = %d", name, k+2, n, d)
				}
			}
		}
	}
}
