package fields

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestDettmanCarriesAddedLast checks the association dettmanMul chooses: a carry (a
// right shift of the previous column) joins its column's sum in the last addition, so the
// carry chain, the function's longest path, crosses one 128-bit addition per column
// instead of two (docs/fields.md). Fiat's order adds the carry first.
func TestDettmanCarriesAddedLast(t *testing.T) {
	F, err := Lookup("secp256k1_dettman")
	require.NoError(t, err)
	for _, op := range []string{"mul", "square"} {
		t.Run(op, func(t *testing.T) {
			f, err := F.Func(op)
			require.NoError(t, err)
			def := map[ir.Value]ir.Op{}
			addUsers := map[ir.Value]int{}
			for _, in := range f.Body {
				for _, r := range in.Results {
					def[r] = in.Op
				}
				if in.Op == ir.OpAdd {
					for _, a := range in.Args {
						if !a.IsConst {
							addUsers[a.Val]++
						}
					}
				}
			}
			carries := 0
			for _, in := range f.Body {
				if in.Op != ir.OpAdd {
					continue
				}
				for _, a := range in.Args {
					if a.IsConst || def[a.Val] != ir.OpShr {
						continue
					}
					carries++
					require.Zero(t, addUsers[in.Results[0]], "%s adds carry %s before the end of its sum",
						f.NameOf(in.Results[0]), f.NameOf(a.Val))
				}
			}
			require.GreaterOrEqual(t, carries, 8, "the carry chain's additions")
		})
	}
}
