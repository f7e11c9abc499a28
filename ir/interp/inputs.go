package interp

import (
	"fmt"
	"math/bits"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// LimbBounds is the [lower, upper] range of limb j of p; absent bounds mean the type's range.
func LimbBounds(p *ir.Param, j int) (uint64, uint64) {
	lo, hi := uint64(0), p.Type.LimbMax()
	if j < len(p.Lower) {
		lo = p.Lower[j]
	}
	if j < len(p.Upper) {
		hi = p.Upper[j]
	}
	if hi < lo {
		hi = lo
	}
	return lo, hi
}

// RandomInputs draws one input for f: every limb uniform in its [lower, upper] bounds.
func RandomInputs(f *ir.Func, rng *rand.Rand) [][]uint64 {
	args := make([][]uint64, len(f.Params))
	for i := range f.Params {
		p := &f.Params[i]
		args[i] = make([]uint64, len(p.Limbs))
		for j := range p.Limbs {
			lo, hi := LimbBounds(p, j)
			if n := hi - lo + 1; n == 0 {
				args[i][j] = rng.Uint64()
			} else {
				args[i][j] = lo + uniform(rng, n)
			}
		}
	}
	return args
}

// uniform is unbiased in [0, n), n > 0 (Lemire's multiply-and-reject).
func uniform(rng *rand.Rand, n uint64) uint64 {
	hi, lo := bits.Mul64(rng.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(rng.Uint64(), n)
		}
	}
	return hi
}

func clamp(x, lo, hi uint64) uint64 { return max(lo, min(x, hi)) }

// numEdgePatterns is how many limb patterns edgeLimb knows.
const numEdgePatterns = 7

// edgeLimb is limb j of edge pattern pat within [lo, hi].
func edgeLimb(pat, j int, lo, hi uint64) uint64 {
	zero := clamp(0, lo, hi)
	switch pat {
	case 0:
		return zero
	case 1:
		return hi
	case 2:
		return lo
	case 3:
		if j == 0 {
			return clamp(1, lo, hi)
		}
		return zero
	case 4, 5:
		if j%2 == pat-4 {
			return hi
		}
		return zero
	}
	return clamp(hi-1, lo, hi)
}

// EdgeInputs lists boundary inputs for f: per argument, all limbs zero, all at the upper
// bound, all at the lower bound, the number one, upper and zero alternating (both
// phases) and upper-1, every value clamped into the limb's bounds. Functions of up to
// three arguments get every combination of patterns across arguments; more get the
// same pattern for all arguments.
func EdgeInputs(f *ir.Func) [][][]uint64 {
	n := numEdgePatterns
	total := 1
	for range f.Params {
		total *= n
	}
	if len(f.Params) > 3 {
		total = n
	}
	inputs := make([][][]uint64, 0, total)
	for c := range total {
		args := make([][]uint64, len(f.Params))
		k := c
		for i := range f.Params {
			pat := c % n
			if len(f.Params) <= 3 {
				pat = k % n
				k /= n
			}
			p := &f.Params[i]
			args[i] = make([]uint64, len(p.Limbs))
			for j := range p.Limbs {
				lo, hi := LimbBounds(p, j)
				args[i][j] = edgeLimb(pat, j, lo, hi)
			}
		}
		inputs = append(inputs, args)
	}
	return inputs
}

// InBounds checks that outs (shaped like f.Rets) lies within the result bounds.
func InBounds(f *ir.Func, outs [][]uint64) error {
	if len(outs) != len(f.Rets) {
		return fmt.Errorf("%s: %d outputs, want %d", f.Name, len(outs), len(f.Rets))
	}
	for i := range f.Rets {
		r := &f.Rets[i]
		if len(outs[i]) != len(r.Limbs) {
			return fmt.Errorf("%s: output %s has %d limbs, want %d", f.Name, r.Name, len(outs[i]), len(r.Limbs))
		}
		for j, x := range outs[i] {
			lo, hi := uint64(0), r.Type.LimbMax()
			if j < len(r.Lower) {
				lo = r.Lower[j]
			}
			if j < len(r.Upper) {
				hi = r.Upper[j]
			}
			if x < lo || x > hi {
				return fmt.Errorf("%s: %s[%d] = %#x outside [%#x, %#x]", f.Name, r.Name, j, x, lo, hi)
			}
		}
	}
	return nil
}
