package fields

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// ladderStepWant is RFC 7748 §5's step on (x2, x3, z2, z3) and x1, in math/big.
func ladderStepWant(p *big.Int, x2, x3, z2, z3, x1 *big.Int) [4]*big.Int {
	md := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	add := func(x, y *big.Int) *big.Int { return md(new(big.Int).Add(x, y)) }
	sub := func(x, y *big.Int) *big.Int { return md(new(big.Int).Sub(x, y)) }
	mul := func(x, y *big.Int) *big.Int { return md(new(big.Int).Mul(x, y)) }
	a, b, c, d := add(x2, z2), sub(x2, z2), add(x3, z3), sub(x3, z3)
	aa, bb := mul(a, a), mul(b, b)
	e := sub(aa, bb)
	da, cb := mul(d, a), mul(c, b)
	s, t := add(da, cb), sub(da, cb)
	return [4]*big.Int{mul(aa, bb), mul(s, s), mul(e, add(aa, mul(big.NewInt(121665), e))), mul(x1, mul(t, t))}
}

// TestLadderStep: the composite step, through the interpreter, on edge and random inputs
// against math/big, within its output bounds (runLadder).
func TestLadderStep(t *testing.T) {
	F, err := Lookup("curve25519_solinas")
	require.NoError(t, err)
	f, err := F.Func(OpLadderStep)
	require.NoError(t, err)
	require.Equal(t, "curve25519_solinas_ladderstep", f.Name)
	require.Len(t, f.Params[0].Limbs, 16)
	require.Len(t, f.Params[1].Limbs, 4)
	runLadder(t, f, nil, count(3000), 5, func(args, out [][]uint64) error {
		el := func(w []uint64, k int) *big.Int { return F.Value(w[4*k : 4*k+4]) }
		want := ladderStepWant(F.Prime, el(args[0], 0), el(args[0], 1), el(args[0], 2), el(args[0], 3), F.Value(args[1]))
		for k := range want {
			if got := new(big.Int).Mod(el(out[0], k), F.Prime); got.Cmp(want[k]) != 0 {
				return fmt.Errorf("element %d: got %#x, want %#x", k, got, want[k])
			}
		}
		return nil
	})
}

// TestLadderStepFields: only the saturated curve25519 field has the step (on 5×51 the
// checker cannot prove it; see the catalogue), and asking for it elsewhere is an error.
func TestLadderStepFields(t *testing.T) {
	for _, F := range All() {
		_, err := F.Func(OpLadderStep)
		if F.Name == "curve25519_solinas" {
			require.NoError(t, err)
			continue
		}
		require.ErrorContains(t, err, `has no op "ladderstep"`, F.Name)
	}
}

// TestComposerChecksBounds: a call whose argument can exceed the callee's input bounds is
// refused (5×51: add returns loose limbs, add takes tight ones).
func TestComposerChecksBounds(t *testing.T) {
	F, err := Lookup("curve25519")
	require.NoError(t, err)
	c, err := newComposer(F, "t", "add", "mul")
	require.NoError(t, err)
	in := c.param("arg1", "mul", 3)
	s, err := c.call("add", in[0], in[1])
	require.NoError(t, err)
	_, err = c.call("mul", s, in[2]) // loose into mul: allowed
	require.NoError(t, err)
	_, err = c.call("add", s, in[2])
	require.ErrorContains(t, err, "curve25519_add argument 1 limb 0: bounds")
}
