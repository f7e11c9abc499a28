package measure

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
)

// randomCandidate is a random program whose memory operands mostly address the argument
// arrays or the stack, so that a fair share passes validation; optionally wrapped in
// saves and restores of the callee-saved registers.
func randomCandidate(rng *rand.Rand, n int) *x86.Program {
	p := &x86.Program{Symbol: "f"}
	wrap := rng.Intn(2) == 0
	if wrap {
		for _, r := range x86.CalleeSaved {
			p.Insts = append(p.Insts, x86.Inst{Op: x86.PUSH, Args: []x86.Operand{x86.R(r)}})
		}
	}
	bases := []x86.Reg{x86.RDI, x86.RSI, x86.RDX, x86.RSP, x86.RCX}
	for range n {
		in := x86.RandomInst(rng)
		for i, a := range in.Args {
			if a.Kind != x86.KindMem || in.Op == x86.LEA || rng.Intn(10) == 0 {
				continue
			}
			base := bases[rng.Intn(len(bases))]
			disp := int32(8 * rng.Intn(5))
			if base == x86.RSP {
				disp = int32(8 * (rng.Intn(20) - 16))
			}
			in.Args[i] = x86.M(base, disp)
		}
		p.Insts = append(p.Insts, in)
	}
	if wrap {
		for k := len(x86.CalleeSaved) - 1; k >= 0; k-- {
			p.Insts = append(p.Insts, x86.Inst{Op: x86.POP, Args: []x86.Operand{x86.R(x86.CalleeSaved[k])}})
		}
	}
	p.Insts = append(p.Insts, x86.Inst{Op: x86.RET})
	return p
}

// TestAcceptedRandomProgramsRun is the validator's soundness test: random programs it
// accepts are run for real. An unsound acceptance crashes this test binary.
func TestAcceptedRandomProgramsRun(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	rng := rand.New(rand.NewSource(9))
	shapes := []Shape{{4, 4, 4, false}, {4, 4, 0, false}, {2, 1, 1, false}, {4, 4, 4, true}, {5, 3, 0, true}}
	accepted, tried := 0, 20000
	if testing.Short() {
		tried = 2000
	}
	for range tried {
		p := randomCandidate(rng, 1+rng.Intn(10))
		s := shapes[rng.Intn(len(shapes))]
		fn, err := r.Load(p, s)
		if err != nil {
			continue
		}
		accepted++
		out, a1, a2 := randomLimbs(rng, s.Out), randomLimbs(rng, s.Arg1), randomLimbs(rng, s.Arg2)
		if s.Alias {
			a1 = randomLimbs(rng, max(s.Out, s.Arg1))
			out = a1[:s.Out]
			a1 = a1[:s.Arg1]
		}
		require.NoError(t, r.Call(fn, out, a1, a2), "%+v\n%s", s, x86.PrintGNU(p))
	}
	t.Logf("%d of %d random programs accepted and run", accepted, tried)
	require.Greater(t, accepted, tried/20, "too few accepted programs for the test to mean anything")
}

func FuzzValidateProgram(f *testing.F) {
	f.Add(int64(1), uint8(5))
	f.Add(int64(2), uint8(30))
	f.Fuzz(func(t *testing.T, seed int64, n uint8) {
		rng := rand.New(rand.NewSource(seed))
		p := randomCandidate(rng, int(n%40))
		if rng.Intn(2) == 0 {
			p = x86.RandomProgram(rng, int(n%40)) // unrepaired: almost always refused
		}
		s := abi.Shape{Out: 1 + rng.Intn(8), Arg1: 1 + rng.Intn(8), Arg2: rng.Intn(8), Alias: rng.Intn(2) == 0}
		_ = abi.Validate(p, s, abi.Options{})
	})
}

func randomLimbs(rng *rand.Rand, n int) []uint64 {
	x := make([]uint64, n)
	for i := range x {
		x[i] = rng.Uint64()
	}
	return x
}
