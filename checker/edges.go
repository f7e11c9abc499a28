package checker

import (
	"math/bits"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// SearchTrials is how many more inputs a failed proof without a counterexample gets
// before the checker calls the failure a gap in its rules: wrong programs whose error
// needs a carry near the input bounds are missed by uniform inputs (issue 9 counted 34
// such mutants labelled "probably correct" after 256 uniform trials).
const SearchTrials = 5_000

// CarryInputs draws one input of fn biased to carries near the bounds (see edgyInputs),
// for tests elsewhere that re-run programs the checker accepted.
func CarryInputs(fn *ir.Func, rng *rand.Rand) [][]uint64 { return edgyInputs(fn, rng) }

// edgyInputs draws one input whose limbs are biased to where carries happen: at or near
// the bounds, at powers of two, or uniform, chosen per limb, with whole-argument patterns
// (every limb at its maximum, say) that make carries ripple through all limbs.
func edgyInputs(fn *ir.Func, rng *rand.Rand) [][]uint64 {
	args := interp.RandomInputs(fn, rng)
	for i := range fn.Params {
		p := &fn.Params[i]
		mode := rng.Intn(4) // 0: per limb; 1: all near max; 2: all near min; 3: max with holes
		for j := range p.Limbs {
			lo, hi := bounds(p, j)
			switch {
			case mode == 1 || (mode == 3 && rng.Intn(4) != 0):
				args[i][j] = near(hi, lo, hi, rng, -1)
			case mode == 2:
				args[i][j] = near(lo, lo, hi, rng, 1)
			case mode == 0:
				args[i][j] = edgyLimb(args[i][j], lo, hi, rng)
			}
		}
	}
	return args
}

// edgyLimb picks one of the interesting values of [lo, hi], or keeps uniform u.
func edgyLimb(u, lo, hi uint64, rng *rand.Rand) uint64 {
	switch rng.Intn(8) {
	case 0:
		return near(hi, lo, hi, rng, -1)
	case 1:
		return near(lo, lo, hi, rng, 1)
	case 2: // just below or at a power of two (a carry out of a partial sum)
		k := rng.Intn(bits.Len64(hi) + 1)
		v := uint64(1)<<k - uint64(rng.Intn(2))
		if k == 64 {
			v = ^uint64(0)
		}
		return max(lo, min(v, hi))
	case 3: // high bits set, low bits random
		return max(lo, min(hi-(rng.Uint64()>>uint(1+rng.Intn(63))), hi))
	}
	return u
}

// near is v moved by a small random amount in direction dir, kept within [lo, hi].
func near(v, lo, hi uint64, rng *rand.Rand, dir int) uint64 {
	d := uint64(rng.Intn(3))
	if rng.Intn(4) == 0 {
		d = uint64(rng.Int63n(1 << 20))
	}
	if dir < 0 {
		if v-lo < d {
			return lo
		}
		return v - d
	}
	if hi-v < d {
		return hi
	}
	return v + d
}

// bounds is limb j's [lower, upper] range, the type's range where absent.
func bounds(p *ir.Param, j int) (uint64, uint64) {
	lo, hi := uint64(0), ^uint64(0)
	if b := p.Type.Bits(); b < 64 && !p.Type.Signed() {
		hi = 1<<b - 1
	}
	if j < len(p.Lower) {
		lo = p.Lower[j]
	}
	if j < len(p.Upper) {
		hi = p.Upper[j]
	}
	return lo, max(lo, hi)
}
