package fields

import "math/big"

// Golden-ratio Karatsuba (Hamburg's Ed448-Goldilocks multiplication) for primes
// p = φ² − φ − 1 with φ = 2^(k/2) on a limb boundary, such as p448 = 2^448 − 2^224 − 1.
// Split a = a0 + φ·a1 and b = b0 + φ·b1 (halves of n/2 limbs). As φ² ≡ φ + 1,
//
//	a·b ≡ (a0·b0 + a1·b1) + φ·((a0+a1)·(b0+b1) − a0·b0)   (mod p)
//
// three half products P = a0·b0, Q = a1·b1, S = (a0+a1)·(b0+b1) instead of four, and the
// φ² part of φ·(S − P) folds like the schoolbook's top columns. With h = n/2 and the half
// products' columns 0..2h−2 (missing columns are zero), output column c is
//
//	c < h:  P[c] + Q[c] + S[c+h] − P[c+h]
//	c ≥ h:  Q[c] + S[c−h] + S[c] − P[c−h]     (P[c] cancels)
//
// Each subtracted P column is covered: its terms are a0_i·b0_j and the S column beside it
// has (a0_i+a1_i)·(b0_j+b1_j) ≥ a0_i·b0_j for the same i, j, so every column sum is
// non-negative and u128 arithmetic computes it exactly. The result is congruent to
// Fiat's schoolbook result but its limbs may differ (both within the tight bounds).

// goldenHalf is h = n/2 when p = 2^2m − 2^m − 1 with 2^m the offset of limb h and all
// limbs of one width (so a0_i + a1_i and every half product land on whole limbs).
func (r *repr) goldenHalf() (int, bool) {
	n := len(r.width)
	if n < 2 || n%2 != 0 || r.off[n/2]*2 != r.k {
		return 0, false
	}
	for _, w := range r.width {
		if w != r.width[0] {
			return 0, false
		}
	}
	h := n / 2
	ok := len(r.digits) == 2 && r.digits[0] == digit{0, 1} && r.digits[1] == digit{h, 1}
	return h, ok
}

// goldenColumns is the n reduced columns of a·b (a·a when b is nil), before the carries.
func (r *repr) goldenColumns(g *bounded, a, b []bval) []bval {
	h := len(a) / 2
	a0, a1 := a[:h], a[h:]
	sa := halfSum(g, a0, a1)
	var P, Q, S [][]bval
	if b == nil {
		P, Q, S = halfSquare(g, a0), halfSquare(g, a1), halfSquare(g, sa)
	} else {
		b0, b1 := b[:h], b[h:]
		sb := halfSum(g, b0, b1)
		P, Q, S = halfMul(g, a0, b0), halfMul(g, a1, b1), halfMul(g, sa, sb)
	}
	// P's columns 0..h−1 are added in one output column and subtracted in another: sum
	// them once. Its columns h.. are only subtracted: product by product, a form both gcc
	// and the checker keep (docs/fields.md).
	psum := make([]bval, h)
	for k := range psum {
		psum[k] = g.sum(P[k]...)
	}
	cols := make([]bval, 2*h)
	for c := range cols {
		var pos, neg []bval
		if c < h {
			pos = append(append([]bval{psum[c]}, Q[c]...), at(S, c+h)...)
			neg = at(P, c+h)
		} else {
			pos = append(append(at(Q, c), S[c-h]...), at(S, c)...)
			neg = []bval{psum[c-h]}
		}
		cols[c] = g.sum(pos...)
		for _, t := range neg {
			cols[c] = g.subCovered(cols[c], t)
		}
	}
	return cols
}

// at is column k of a half product, nil past its top column.
func at(cols [][]bval, k int) []bval {
	if k < len(cols) {
		return cols[k]
	}
	return nil
}

// halfSum is x + y limb by limb.
func halfSum(g *bounded, x, y []bval) []bval {
	out := make([]bval, len(x))
	for i := range x {
		out[i] = g.add(x[i], y[i])
	}
	return out
}

// halfMul is the 2h−1 columns of the schoolbook product x·y, column k holding x_i·y_j
// for i + j = k.
func halfMul(g *bounded, x, y []bval) [][]bval {
	cols := make([][]bval, 2*len(x)-1)
	for i := range x {
		for j := range y {
			cols[i+j] = append(cols[i+j], g.mul(x[i], y[j]))
		}
	}
	return cols
}

// halfSquare is the columns of x², the cross terms as x_i·(2·x_j), i < j, as Fiat writes
// them (the doubled limb still fits 64 bits for the bounds of catalogue fields).
func halfSquare(g *bounded, x []bval) [][]bval {
	cols := make([][]bval, 2*len(x)-1)
	double := make([]bval, len(x))
	for j := 1; j < len(x); j++ { // x_0 is never the doubled factor
		if new(big.Int).Lsh(x[j].ub, 1).Cmp(two64) < 0 {
			double[j] = g.mulConst(x[j], 2)
		}
	}
	for i := range x {
		cols[2*i] = append(cols[2*i], g.mul(x[i], x[i]))
		for j := i + 1; j < len(x); j++ {
			var p bval
			if double[j].ub != nil {
				p = g.mul(x[i], double[j])
			} else {
				p = g.mulConst(g.mul(x[i], x[j]), 2)
			}
			cols[i+j] = append(cols[i+j], p)
		}
	}
	return cols
}
