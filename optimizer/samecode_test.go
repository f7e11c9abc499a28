package optimizer

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// TestSameCodeNotTimed: a candidate whose code is the best's scores the best's last
// measured cycles without a timing; one whose code differs is timed.
func TestSameCodeNotTimed(t *testing.T) {
	f, plan := runnablePlan(t, "p256", "mul")
	c, err := newCost(Config{Func: f, Plan: plan, Codegen: codegen.Options{Symbol: "f"}, Batches: 3})
	require.NoError(t, err)
	defer c.Close()

	best := search.Genome{Order: plan.GreedyOrder(), Decisions: make([]int, len(plan.Options()))}
	_, used, err := plan.Generate(best.Order, best.Decisions, codegen.Options{Symbol: "f"})
	require.NoError(t, err)
	// A decision codegen overrode (applied differs from the genome's) shaped nothing:
	// flipping it back to the applied choice gives the same code.
	d := -1
	for k := range used {
		if used[k] != best.Decisions[k] {
			d = k
			break
		}
	}
	if d < 0 {
		t.Skip("codegen overrode no decision of p256 mul's greedy genome")
	}
	same := best.Clone()
	same.Decisions[d] = used[d]
	sb, _, err := plan.Generate(same.Order, same.Decisions, codegen.Options{Symbol: "f"})
	require.NoError(t, err)
	bb, _, err := plan.Generate(best.Order, best.Decisions, codegen.Options{Symbol: "f"})
	require.NoError(t, err)
	require.True(t, sb.SameCode(bb), "decision %d was overridden, so it cannot change the code", d)

	first, err := c.Compare(same, best) // the best has no score yet: timed
	require.NoError(t, err)
	require.Zero(t, c.untimed)
	require.Positive(t, first.Best)
	r, err := c.Compare(same, best)
	require.NoError(t, err)
	require.Equal(t, 1, c.untimed)
	require.Equal(t, r.Cand, r.Best)

	other := best.Clone()
	other.Order = slices.Clone(other.Order)
	require.True(t, swapIndependent(plan, other.Order), "an order with two independent neighbours")
	_, err = c.Compare(other, best)
	require.NoError(t, err)
	require.Equal(t, 1, c.untimed, "different code is timed")
}

// swapIndependent swaps the first two neighbouring operations of order that do not
// depend on each other.
func swapIndependent(plan *codegen.Plan, order []int) bool {
	deps := plan.Deps()
	for i := 0; i+1 < len(order); i++ {
		a, b := order[i], order[i+1]
		if !slices.Contains(deps[b], a) {
			order[i], order[i+1] = b, a
			return true
		}
	}
	return false
}

// TestOneValidationPerCandidate: a timed search defers codegen's verify pass to measure,
// which validates each candidate with codegen's own checks before it runs; the size
// objective, whose candidates are not loaded, keeps the pass.
func TestOneValidationPerCandidate(t *testing.T) {
	f, plan := runnablePlan(t, "p256", "mul")
	for _, tc := range []struct {
		obj      Objective
		fp       codegen.FramePointer
		deferred bool
	}{
		{Cycles, codegen.FramePointerOmit, true},
		{Cycles, codegen.FramePointerSave, true},
		{Size, codegen.FramePointerOmit, false},
	} {
		gopts := codegen.Options{Symbol: "f", FramePointer: tc.fp}
		c, err := newCost(Config{Func: f, Plan: plan, Codegen: gopts, Batches: 3, Objective: tc.obj})
		require.NoError(t, err)
		require.Equal(t, tc.deferred, c.gopts.DeferVerify, "%s", tc.obj)
		if tc.deferred {
			require.Equal(t, codegen.VerifyOptions(gopts), c.check)
			g := search.Genome{Order: plan.GreedyOrder(), Decisions: make([]int, len(plan.Options()))}
			e, err := c.entry(g)
			require.NoError(t, err)
			require.False(t, e.fn.IsZero(), "a timed candidate is loaded (and so validated)")
			require.NoError(t, codegen.Verify(plan, e.prog, gopts), "what ran passes the deferred pass")
		}
		require.NoError(t, c.Close())
	}
}
