package measure

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// sumZeroFunc is out1 = [arg1[0] + arg2[0] mod 2^64, 0]: its second limb is always 0.
func sumZeroFunc() *ir.Func {
	b := ir.NewBuilder("sumzero")
	lo, hi := fullRange(1)
	a := b.Param("arg1", ir.U64, lo, hi)
	c := b.Param("arg2", ir.U64, lo, hi)
	s, _ := b.AddCarry(ir.C(0), ir.V(a[0]), ir.V(c[0]))
	lo2, hi2 := fullRange(2)
	b.Return("out1", ir.U64, []ir.Arg{ir.V(s), ir.C(0)}, lo2, hi2)
	return b.Func()
}

// A native function (trusted, never validated) that leaves out1[1] unwritten is wrong
// even though the limb's value is always 0: a caller's buffer holds garbage there. Only
// the timer's poison fill of out1 before each function shows it (issue 9: removing that
// fill went unnoticed by every test; without it the buffer's stale zeros pass).
func TestUnwrittenConstantLimbCaught(t *testing.T) {
	cc := compilers(t)[0]
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 9})
	f := sumZeroFunc()
	good, err := CompileC([]byte("#include <stdint.h>\nvoid sumzero(uint64_t *o, const uint64_t *a, const uint64_t *b) { o[0] = a[0] + b[0]; o[1] = 0; }\n"), "sumzero", cc, []string{"-O2"})
	require.NoError(t, err)
	defer func() { require.NoError(t, good.Close()) }()
	bad, err := CompileC([]byte("#include <stdint.h>\nvoid sumzero(uint64_t *o, const uint64_t *a, const uint64_t *b) { o[0] = a[0] + b[0]; }\n"), "sumzero", cc, []string{"-O2"})
	require.NoError(t, err)
	defer func() { require.NoError(t, bad.Close()) }()
	_, err = tm.Compare([]Fn{good.Fn()}, f, rand.New(rand.NewSource(1)))
	require.NoError(t, err)
	for seed := range int64(3) {
		_, err = tm.Compare([]Fn{good.Fn(), bad.Fn()}, f, rand.New(rand.NewSource(seed)))
		require.ErrorIs(t, err, ErrWrongOutput, "seed %d", seed)
	}
}
