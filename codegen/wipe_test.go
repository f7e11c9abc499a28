package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// TestWipeSpills runs random genomes of every catalogue mul/square in the four modes with
// and without WipeSpills on the emulator: with it, every stack word written is zero at
// ret and the outputs are unchanged; without it, some stack word still holds data (so the
// check can fail).
func TestWipeSpills(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	genomes := 6
	if testing.Short() {
		genomes = 2
	}
	var wiped, leftBehind, programs int
	for _, F := range fields.All() {
		for _, op := range []string{"mul", "square"} {
			f, err := F.Func(op)
			require.NoError(t, err)
			p, err := codegen.NewPlan(f)
			require.NoError(t, err)
			problem := search.Problem{Deps: p.Deps(), Options: p.Options()}
			for k := range genomes {
				g := search.Random(problem, rng)
				opts := allModes[k%len(allModes)]
				in := testInputs(p.Func(), rng, 2, false)[0]
				for _, wipe := range []bool{false, true} {
					opts.WipeSpills = wipe
					prog, _, err := p.Generate(g.Order, g.Decisions, opts)
					require.NoError(t, err, "%s %s wipe=%v", F.Name, op, wipe)
					alias := opts.Aliasing == ir.AliasOut1Arg1
					require.NoError(t, checkOnEmu(t, p.Func(), prog, [][][]uint64{in}, alias))
					_, stack, err := runEmuStack(prog, in, len(p.Func().Rets[0].Limbs), alias)
					require.NoError(t, err)
					nonzero := 0
					for a, v := range stack {
						if opts.Target == codegen.TargetGo && a >= emuRSP-8*uint64(len(codegen.GoWrapper)+1) {
							// The timing wrapper's pushes and the Go prologue's saved rbp hold
							// the caller's registers, not the function's data; the Go function
							// itself has no wrapper (goasm.Split removes it).
							continue
						}
						if v != 0 {
							nonzero++
						}
					}
					if wipe {
						require.Zero(t, nonzero, "%s %s genome %d: %d of %d stack words not wiped", F.Name, op, k, nonzero, len(stack))
						if len(stack) > 0 {
							wiped++
						}
					} else if nonzero > 0 {
						leftBehind++
					}
				}
				programs++
			}
		}
	}
	require.Positive(t, wiped, "no program wrote the stack: the test proves nothing")
	require.Positive(t, leftBehind, "without WipeSpills no stack word held data: the check cannot fail")
	t.Logf("%d programs; %d wrote the stack and were wiped; %d leave data without the option", programs, wiped, leftBehind)
}
