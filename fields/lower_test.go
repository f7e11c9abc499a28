package fields

import (
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/stretchr/testify/require"
)

// TestLowers checks that codegen's input form exists for every generated function: the
// normalised and lowered IR compute the same limbs as the generated IR.
func TestLowers(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, F := range All() {
		for _, op := range F.Ops {
			f, err := F.Func(op)
			require.NoError(t, err)
			n, err := ir.Normalize(f)
			require.NoError(t, err, f.Name)
			l, err := ir.Lower(n)
			require.NoError(t, err, f.Name)
			for _, g := range []*ir.Func{n, l} {
				for i := 0; i < count(200); i++ {
					args := interp.RandomInputs(f, rng)
					want, err := interp.Run(f, args)
					require.NoError(t, err)
					got, err := interp.Run(g, args)
					require.NoError(t, err)
					require.Equal(t, want, got, "%s on %#x", f.Name, args)
				}
			}
		}
	}
}
