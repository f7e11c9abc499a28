package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Fiat's bounds for fiat_secp256k1_dettman_mul: inputs of magnitude up to 2, outputs with
// a 49-bit top limb.
var (
	dettmanIn  = []uint64{0x1ffffffffffffe, 0x1ffffffffffffe, 0x1ffffffffffffe, 0x1ffffffffffffe, 0x1fffffffffffe}
	dettmanOut = []uint64{0x1ffffffffffffe, 0x1ffffffffffffe, 0x1ffffffffffffe, 0x1ffffffffffffe, 0x17fffffffffff}
)

// The constants of libsecp256k1's secp256k1_fe_mul_inner: 2^256 ≡ 0x1000003D1 mod p, and
// R = 0x1000003D1 << 4 folds a product at bit 260 (limb 5 of 52 bits) back to bit 0.
const dettmanR = 0x1000003D10

// dettmanFunc writes op for secp256k1 in 5×52 limbs. mul/square follow
// fiat_secp256k1_dettman_mul; add/sub/opp (absent from Fiat) take mul's output bounds,
// combine limb by limb, and carry back to mul's input bounds so results compose.
func dettmanFunc(F Field, op, name string) (*ir.Func, error) {
	g := &bounded{b: ir.NewBuilder(name)}
	switch op {
	case "mul", "square":
		a, b := boundedParams(g, op, dettmanIn)
		if b == nil {
			b = a
		}
		if err := g.results(dettmanMul(g, a, b, op == "square"), dettmanOut); err != nil {
			return nil, err
		}
		return g.b.Func(), nil
	}
	r, err := newRepr(F)
	if err != nil {
		return nil, err
	}
	a, b := boundedParams(g, op, dettmanOut)
	sum, err := r.linear(g, op, a, b, dettmanOut)
	if err != nil {
		return nil, err
	}
	res, err := r.carryChain(g, sum, dettmanIn)
	if err != nil {
		return nil, fmt.Errorf("carry: %w", err)
	}
	if err := g.results(res, dettmanIn); err != nil {
		return nil, err
	}
	return g.b.Func(), nil
}

// dettmanMul is secp256k1_fe_mul_inner (and _sqr_inner when square): two interleaved
// accumulators c and d, the high half folded with R as soon as it is formed. Each carry
// (the previous column shifted right) is added last, after the products and the folded
// term are summed: the carries form the function's longest path, and Fiat's order (carry
// plus products, then the folded term) puts two 128-bit additions on it per column where
// this order puts one. Clang reassociates Fiat's C the same way; u128 addition is
// associative and every partial sum stays within the column's bound.
func dettmanMul(g *bounded, a, b []bval, square bool) []bval {
	dbl := map[int]bval{}
	prod := func(i, j int) bval { return g.mul(a[i], b[j]) }
	// sum of a_i·b_j over pairs; square merges a_i·a_j + a_j·a_i as (2·a_min)·a_max.
	pp := func(pairs ...[2]int) bval {
		var terms []bval
		seen := map[[2]int]bool{}
		for _, p := range pairs {
			i, j := p[0], p[1]
			if !square || i == j {
				terms = append(terms, prod(i, j))
				continue
			}
			lo, hi := min(i, j), max(i, j)
			if seen[[2]int{lo, hi}] {
				continue
			}
			seen[[2]int{lo, hi}] = true
			d, ok := dbl[lo]
			if !ok {
				d = g.mulConst(a[lo], 2)
				dbl[lo] = d
			}
			terms = append(terms, g.mul(d, a[hi]))
		}
		return g.sum(terms...)
	}
	x1 := prod(4, 4)
	x2, x3 := g.shr(x1, 64), g.mask(x1, 64)
	x4 := g.add(pp([2]int{0, 3}, [2]int{1, 2}, [2]int{2, 1}, [2]int{3, 0}), g.mulConst(x3, dettmanR))
	x5, x6 := g.shr(x4, 52), g.mask(x4, 52)
	x7 := g.add(x5, g.add(pp([2]int{0, 4}, [2]int{1, 3}, [2]int{2, 2}, [2]int{3, 1}, [2]int{4, 0}), g.mulConst(x2, dettmanR<<12)))
	x8, x9 := g.shr(x7, 52), g.mask(x7, 52)
	x10 := g.add(x8, pp([2]int{1, 4}, [2]int{2, 3}, [2]int{3, 2}, [2]int{4, 1}))
	x11, x12 := g.shr(x10, 52), g.mask(x10, 52)
	x13, x14 := g.shr(x9, 48), g.mask(x9, 48)
	x15 := g.add(prod(0, 0), g.mulConst(g.add(x13, g.shl(x12, 4)), dettmanR>>4))
	x16, x17 := g.shr(x15, 52), g.mask(x15, 52)
	x18 := g.add(x11, pp([2]int{2, 4}, [2]int{3, 3}, [2]int{4, 2}))
	x19, x20 := g.shr(x18, 52), g.mask(x18, 52)
	x21 := g.add(x16, g.add(pp([2]int{0, 1}, [2]int{1, 0}), g.mulConst(x20, dettmanR)))
	x22, x23 := g.shr(x21, 52), g.mask(x21, 52)
	x24 := g.add(x19, pp([2]int{3, 4}, [2]int{4, 3}))
	x25, x26 := g.shr(x24, 64), g.mask(x24, 64)
	x27 := g.add(x22, g.add(pp([2]int{0, 2}, [2]int{1, 1}, [2]int{2, 0}), g.mulConst(x26, dettmanR)))
	x28, x29 := g.shr(x27, 52), g.mask(x27, 52)
	x30 := g.add(x28, g.add(x6, g.mulConst(x25, dettmanR<<12)))
	x31, x32 := g.shr(x30, 52), g.mask(x30, 52)
	x33 := g.add(x31, x14)
	return []bval{x17, x23, x29, x32, x33}
}
