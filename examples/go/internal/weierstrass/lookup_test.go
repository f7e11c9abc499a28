package weierstrass

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSelectAgainstGo compares select2 and select3 (the assembly on amd64) with selectGo
// and with the entry itself, on random tables, for every digit 0..n+1.
func TestSelectAgainstGo(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	fill := func(s []elem) {
		for i := range s {
			s[i] = elem{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		}
	}
	for range 20 {
		var tab Table16[elem]
		var row AffineRow[elem]
		fill(tab.X[:])
		fill(tab.Y[:])
		fill(tab.Z[:])
		fill(row.X[:])
		fill(row.Y[:])
		for d := range uint64(BaseRow + 2) {
			var got3, want3 [3]elem
			var got2, want2 [2]elem
			fill(got3[:])
			fill(got2[:])
			select3(words(&got3[0]), words(&tab.X[0]), 16, 16*32, d)
			selectGo(words(&want3[0]), words(&tab.X[0]), 16, 16*32, 3, d)
			require.Equal(t, want3, got3, "select3, d = %d", d)
			select2(words(&got2[0]), words(&row.X[0]), BaseRow, BaseRow*32, d)
			selectGo(words(&want2[0]), words(&row.X[0]), BaseRow, BaseRow*32, 2, d)
			require.Equal(t, want2, got2, "select2, d = %d", d)
			if d >= 1 && d <= 16 {
				require.Equal(t, [3]elem{tab.X[d-1], tab.Y[d-1], tab.Z[d-1]}, want3, "d = %d", d)
			} else {
				require.Equal(t, [3]elem{}, want3, "d = %d", d)
			}
			if d >= 1 && d <= BaseRow {
				require.Equal(t, [2]elem{row.X[d-1], row.Y[d-1]}, want2, "d = %d", d)
			} else {
				require.Equal(t, [2]elem{}, want2, "d = %d", d)
			}
		}
	}
}
