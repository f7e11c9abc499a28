package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// OpJacAddUnified is libsecp256k1's unified mixed addition (secp256k1_gej_add_ge, a = 0)
// as one function: out1 = p + q for a Jacobian p = arg1 and an affine q = (x, y) = arg2,
// coordinates in Montgomery form below p, with the cases handled by masks inside: p = q
// (it doubles), p = −q (Z3 = 0), the degenerate R = M = 0 (p = −λ·q: the alternative
// slope), and p = infinity (Z1 = 0: the result is (x, y, 1)). The formula of
// examples/weierstrass/glv.inc's jac_add_unified, as field calls, nonzero tests and
// selects (cmovznz on the OR of the limbs), so no branch and no index depends on a value.
const OpJacAddUnified = "jacaddu"

// sel is c == 0 ? z : nz limb by limb (cmovznz), with the union of both bounds.
func (c *composer) sel(cond ir.Arg, z, nz elem) elem {
	var r elem
	for i := range z.limbs {
		r.limbs = append(r.limbs, ir.V(c.b.Op1(ir.OpCmovznz, ir.U64, cond, z.limbs[i], nz.limbs[i])))
		r.lower = append(r.lower, min(z.lower[i], nz.lower[i]))
		r.upper = append(r.upper, max(z.upper[i], nz.upper[i]))
	}
	return r
}

// constElem is the element with these constant limbs.
func constElem(limbs []uint64) elem {
	e := elem{lower: limbs, upper: limbs}
	for _, l := range limbs {
		e.limbs = append(e.limbs, ir.C(l))
	}
	return e
}

// jacAddUnifiedFunc builds OpJacAddUnified for a Montgomery field whose curve has a = 0.
func jacAddUnifiedFunc(F Field, name string) (*ir.Func, error) {
	if a, ok := jacA[F.Name]; !ok || a != 0 {
		return nil, fmt.Errorf("the unified addition needs a curve with a = 0, not field %s", F.Name)
	}
	c, err := newComposer(F, name, "add", "sub", "square", "mul", OpNonzero)
	if err != nil {
		return nil, err
	}
	p := c.param("arg1", "mul", 3)
	q := c.param("arg2", "mul", 2)
	n := len(F.LimbBits)
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	one := constElem(words64(r.Mod(r, F.Prime), n)) // 1 in Montgomery form
	zero := constElem(make([]uint64, n))
	x3, y3, z3 := jacAddUnified(c, p, q, zero)
	nzZ := c.do(OpNonzero, p[2]).limbs[0] // 0 exactly when p is infinity
	if c.err != nil {
		return nil, fmt.Errorf("unified addition: %w", c.err)
	}
	return c.result("out1", c.sel(nzZ, q[0], x3), c.sel(nzZ, q[1], y3), c.sel(nzZ, one, z3)), nil
}

// jacAddUnified is glv.inc's formula before the infinity select: U2 = x·Z1², S2 = y·Z1³,
// T = X1 + U2, R = T² − X1·U2, M = Y1 + S2; when R = M = 0 (deg) the alternatives
// R = 2·Y1, M = X1 − U2 and N⁴ = 0; then X3 = 4·(R² − T·M²), Y3 = 4·(−(2·X3' + T·M²)·R
// − N⁴), Z3 = 2·M·Z1 (X3' = R² − T·M², N⁴ = M⁴ unless deg).
func jacAddUnified(c *composer, p, q []elem, zero elem) (x3, y3, z3 elem) {
	do := c.do
	zz := do("square", p[2])
	u2 := do("mul", q[0], zz)
	s2 := do("mul", do("mul", q[1], p[2]), zz)
	t := do("add", p[0], u2)
	rr := do("sub", do("square", t), do("mul", p[0], u2))
	m := do("add", p[1], s2)
	if c.err != nil {
		return
	}
	notDeg := ir.V(c.b.Op1(ir.OpOr, ir.U64, do(OpNonzero, m).limbs[0], do(OpNonzero, rr).limbs[0]))
	rra := c.sel(notDeg, do("add", p[1], p[1]), rr)
	mal := c.sel(notDeg, do("sub", p[0], u2), m)
	nn := do("square", mal)
	tn := do("mul", t, nn)
	n4 := c.sel(notDeg, zero, do("square", nn))
	x := do("sub", do("square", rra), tn)
	x2 := do("add", x, x)
	x3 = do("add", x2, x2)
	d := do("sub", do("mul", do("sub", tn, x2), rra), n4)
	d2 := do("add", d, d)
	y3 = do("add", d2, d2)
	mal2 := do("add", mal, mal)
	z3 = do("mul", p[2], mal2)
	return x3, y3, z3
}
