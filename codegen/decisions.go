package codegen

import (
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Global decisions come first, then per-instruction ones.
const (
	decSpill   = 0 // 0: red zone (frame when it overflows), 1: explicit frame, 2: xmm then stack
	spillRed   = 0
	spillFrame = 1
	spillXMM   = 2
)

// numOptions is how many instruction-selection choices instruction in has.
func numOptions(in *ir.Instr) int {
	k, isConst := constArg(in)
	_, mask := isPow2Mask(k)
	two := false
	switch in.Op {
	case ir.OpShrd:
		return 3 // shrd, flag-free, shld (selShrd)
	case ir.OpMulx, ir.OpCmovznz, ir.OpShr, ir.OpShl, ir.OpAdd:
		two = true
	case ir.OpAddCarryx:
		two = in.Args[0].IsConst && in.Args[0].Imm == 0
	case ir.OpSub:
		two = in.Args[1].IsConst && fitsImm32(-int64(in.Args[1].Imm))
	case ir.OpMul:
		two = isConst && leaRecipe(k).n > 0
	case ir.OpAnd:
		two = isConst && !fitsImm32(int64(k)) && mask
	}
	return 1 + boolInt(two)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// constArg returns the constant operand of a binary instruction, if any.
func constArg(in *ir.Instr) (uint64, bool) {
	for _, a := range in.Args {
		if a.IsConst {
			return a.Imm, true
		}
	}
	return 0, false
}

func fitsImm32(x int64) bool { return x >= -1<<31 && x < 1<<31 }

// isPow2Mask reports whether k = 2^n - 1 and returns n.
func isPow2Mask(k uint64) (int, bool) {
	if k == 0 || k&(k+1) != 0 {
		return 0, false
	}
	return bits.Len64(k), true
}

// recipe multiplies by a constant without imul: lea steps x*m (m ∈ 3, 5, 9: [x + x*(m-1)]),
// then either another such step, or x + t*s (s ∈ 2, 4, 8), or a final shift.
type recipe struct {
	n     int // instructions (0: no recipe)
	m1    uint64
	m2    uint64 // second factor, 0 if none
	s     uint8  // scale of the x + t*s step, 0 if none
	shift int    // final left shift, 0 if none
}

func leaRecipe(k uint64) recipe {
	if k >= 2 && k&(k-1) == 0 {
		return recipe{n: 1, shift: bits.TrailingZeros64(k)}
	}
	ms := []uint64{3, 5, 9}
	for _, m1 := range ms {
		if k == m1 {
			return recipe{n: 1, m1: m1}
		}
		for _, m2 := range ms {
			if k == m1*m2 {
				return recipe{n: 2, m1: m1, m2: m2}
			}
		}
		for _, s := range []uint64{2, 4, 8} {
			if k == 1+s*m1 {
				return recipe{n: 2, m1: m1, s: uint8(s)}
			}
		}
		if k%m1 == 0 && k/m1 >= 2 && (k/m1)&(k/m1-1) == 0 {
			return recipe{n: 2, m1: m1, shift: bits.TrailingZeros64(k / m1)}
		}
	}
	return recipe{}
}
