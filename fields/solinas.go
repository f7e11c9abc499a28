package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// solinasFunc writes op for an unsaturated Solinas field, in the style of
// fiat_25519_carry_mul: u128 products of u64 limbs (pre-scaled by the reduction factor),
// u128 column sums, then a carry chain of >> and & masks that folds the top carry by c.
// Multiplicative ops and carry take loose limbs (3·2^width) and return tight ones
// (2^width); add/sub/opp take tight limbs and return loose ones.
func solinasFunc(F Field, op, name string) (*ir.Func, error) {
	r, err := newRepr(F)
	if err != nil {
		return nil, err
	}
	in, out := r.loose(), r.tight()
	if op == "add" || op == "sub" || op == "opp" {
		in, out = out, in
	}
	g := &bounded{b: ir.NewBuilder(name)}
	a, b := boundedParams(g, op, in)
	var res []bval
	switch op {
	case "mul", "square":
		if _, ok := r.goldenHalf(); ok {
			if res, err = r.carryChain(g, r.goldenColumns(g, a, b), out); err != nil {
				return nil, err
			}
			break
		}
		cols, err := r.columns(op == "square")
		if err != nil {
			return nil, err
		}
		if b == nil {
			b = a
		}
		res, err = r.carryChain(g, productColumns(g, cols, a, b), out)
		if err != nil {
			return nil, err
		}
	case "carry":
		if res, err = r.carryChain(g, a, out); err != nil {
			return nil, err
		}
	default:
		if res, err = r.linear(g, op, a, b, in); err != nil {
			return nil, err
		}
	}
	if err := g.results(res, out); err != nil {
		return nil, err
	}
	return g.b.Func(), nil
}

// boundedParams declares arg1 (and arg2 for binary ops) with the given upper bounds.
func boundedParams(g *bounded, op string, ub []uint64) (a, b []bval) {
	decl := func(name string) []bval {
		vs := g.b.Param(name, ir.U64, repeat(0, len(ub)), append([]uint64(nil), ub...))
		out := make([]bval, len(vs))
		for i, v := range vs {
			out[i] = input(v, ub[i])
		}
		return out
	}
	a = decl("arg1")
	if opArity[op] == 2 {
		b = decl("arg2")
	}
	return a, b
}

// productColumns sums each column's products a_i·(b_j·coef) in u128, scaling the u64 limb
// first (as Fiat writes arg2[j]*0x13) when that cannot overflow 64 bits.
func productColumns(g *bounded, cols [][]term, a, b []bval) []bval {
	type key struct {
		j    int
		coef uint64
	}
	scaled := map[key]bval{}
	out := make([]bval, len(cols))
	for pos, ts := range cols {
		var terms []bval
		for _, t := range ts {
			var p bval
			if new(big.Int).Mul(b[t.j].ub, bigU(t.coef)).Cmp(two64) < 0 {
				s, ok := scaled[key{t.j, t.coef}]
				if !ok {
					s = g.mulConst(b[t.j], t.coef)
					scaled[key{t.j, t.coef}] = s
				}
				p = g.mul(a[t.i], s)
			} else {
				p = g.mulConst(g.mul(a[t.i], b[t.j]), t.coef)
			}
			terms = append(terms, p)
		}
		out[pos] = g.sum(terms...)
	}
	return out
}

// carryChain carries limb 0 up to limb n-1, folds the top carry by c onto c's digit limbs,
// then carries upward again wherever a limb may still exceed its output bound.
func (r *repr) carryChain(g *bounded, cols []bval, out []uint64) ([]bval, error) {
	n := len(r.width)
	limbs := make([]bval, n)
	var carry bval
	for i := 0; i < n; i++ {
		x := cols[i]
		if i > 0 {
			x = g.add(carry, x)
		}
		carry, limbs[i] = g.shr(x, r.width[i]), g.mask(x, r.width[i])
	}
	for _, d := range r.digits {
		limbs[d.pos] = g.add(limbs[d.pos], g.mulConst(carry, d.coef))
	}
	for i := 0; i < n; i++ {
		if limbs[i].ub.Cmp(bigU(out[i])) <= 0 {
			continue
		}
		if i == n-1 {
			return nil, fmt.Errorf("carry chain does not settle: top limb may reach %#x", limbs[i].ub)
		}
		c := g.shr(limbs[i], r.width[i])
		limbs[i] = g.mask(limbs[i], r.width[i])
		limbs[i+1] = g.add(c, limbs[i+1])
	}
	return limbs, nil
}

// linear is add (a+b), sub (k·p + a - b) or opp (k·p - a) limb by limb, with k·p the
// smallest multiple of p whose limbs are at least the subtrahend's bounds.
func (r *repr) linear(g *bounded, op string, a, b []bval, in []uint64) ([]bval, error) {
	n := len(r.width)
	out := make([]bval, n)
	if op == "add" {
		for i := range out {
			out[i] = g.add(a[i], b[i])
		}
		return out, nil
	}
	bal, err := r.balance(in)
	if err != nil {
		return nil, err
	}
	for i := range out {
		k := bval{ir.C(bal[i]), bigU(bal[i])}
		if op == "opp" {
			out[i] = bval{ir.V(g.b.Op1(ir.OpSub, ir.U64, k.a, a[i].a)), k.ub}
			continue
		}
		s := g.add(k, a[i])
		out[i] = bval{ir.V(g.b.Op1(ir.OpSub, ir.U64, s.a, b[i].a)), s.ub}
	}
	return out, nil
}

// balance is the limbs of k·p for the smallest k with k·p_i >= in_i for every limb.
func (r *repr) balance(in []uint64) ([]uint64, error) {
	for k := uint64(1); k <= 16; k++ {
		ok := true
		bal := make([]uint64, len(in))
		for i, pi := range r.plimbs {
			bal[i] = k * pi
			if bal[i]/k != pi || bal[i] < in[i] {
				ok = false
				break
			}
		}
		if ok {
			return bal, nil
		}
	}
	return nil, fmt.Errorf("no small multiple of p covers the subtrahend bounds limb by limb")
}
