package fields

import (
	"fmt"
	"math/big"
	"math/bits"
)

// repr is an unsaturated representation of p = 2^k - c: limb i holds width[i] bits at
// bit off[i], and c = Σ coef·2^off[pos] over its digits, so 2^k ≡ c folds a high
// product term back onto low limbs.
type repr struct {
	width, off []int
	k          int
	digits     []digit
	plimbs     []uint64
}

type digit struct {
	pos  int
	coef uint64
}

// term is a product contribution: limbs i and j times coef land on limb pos.
type term struct {
	i, j, pos int
	coef      uint64
}

func newRepr(F Field) (*repr, error) {
	r := &repr{width: F.LimbBits, off: F.offsets()}
	r.k = r.off[len(r.width)]
	c := new(big.Int).Lsh(big.NewInt(1), uint(r.k))
	c.Sub(c, F.Prime)
	// Folding 2^k ≡ c must shrink a product, so c needs at most about half of k's bits.
	if c.Sign() <= 0 || c.BitLen() > r.k/2+1 {
		return nil, fmt.Errorf("prime is not of the form 2^%d - c with small c > 0 (c has %d bits, at most %d allowed)", r.k, c.BitLen(), r.k/2+1)
	}
	// Not F.Limbs: that reduces mod p, and p would encode as 0.
	r.plimbs = splitLimbs(F.Prime, r.width)
	for i, d := range splitLimbs(c, r.width) {
		if d != 0 {
			r.digits = append(r.digits, digit{i, d})
		}
	}
	return r, nil
}

// splitLimbs is x cut into limbs of the given widths (the top limb takes what is left).
func splitLimbs(x *big.Int, width []int) []uint64 {
	v := new(big.Int).Set(x)
	out := make([]uint64, len(width))
	for i, w := range width {
		m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
		out[i] = new(big.Int).And(v, m).Uint64()
		v.Rsh(v, uint(w))
	}
	return out
}

// place reduces a product at bit weight wt with factor coef to limb positions, folding
// weights >= k by 2^k ≡ c (repeatedly: each fold lowers the weight).
func (r *repr) place(wt int, coef uint64, out []digit) ([]digit, error) {
	if wt < r.k {
		m := len(r.width) - 1
		for r.off[m] > wt {
			m--
		}
		s := wt - r.off[m]
		if s >= 64 || coef > (^uint64(0))>>s {
			return nil, fmt.Errorf("reduction coefficient overflows 64 bits")
		}
		return append(out, digit{m, coef << s}), nil
	}
	var err error
	for _, d := range r.digits {
		hi, lo := bits.Mul64(coef, d.coef)
		if hi != 0 {
			return nil, fmt.Errorf("reduction coefficient overflows 64 bits")
		}
		if out, err = r.place(wt-r.k+r.off[d.pos], lo, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// columns lists, per output limb, the products a_i·b_j (i ≤ j when square, the symmetric
// pair merged) with their reduction coefficients.
func (r *repr) columns(square bool) ([][]term, error) {
	n := len(r.width)
	cols := make([][]term, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if square && j < i {
				continue
			}
			coefs := make([]uint64, n)
			pairs := [][2]int{{i, j}}
			if square && i != j {
				pairs = append(pairs, [2]int{j, i}) // a_i·a_j and a_j·a_i merge into one term
			}
			for _, pair := range pairs {
				ds, err := r.place(r.off[pair[0]]+r.off[pair[1]], 1, nil)
				if err != nil {
					return nil, err
				}
				for _, d := range ds {
					if coefs[d.pos]+d.coef < coefs[d.pos] {
						return nil, fmt.Errorf("reduction coefficient overflows 64 bits")
					}
					coefs[d.pos] += d.coef
				}
			}
			for pos, k := range coefs {
				if k != 0 {
					cols[pos] = append(cols[pos], term{i, j, pos, k})
				}
			}
		}
	}
	return cols, nil
}

// tight and loose are Fiat's bounds: 2^width (carried) and 3·2^width (after add/sub).
func (r *repr) tight() []uint64 {
	out := make([]uint64, len(r.width))
	for i, w := range r.width {
		out[i] = 1 << w
	}
	return out
}

func (r *repr) loose() []uint64 {
	out := r.tight()
	for i := range out {
		out[i] *= 3
	}
	return out
}
