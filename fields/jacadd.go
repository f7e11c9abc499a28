package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// The Jacobian additions as composites (as OpJacDouble; elements in Montgomery form below
// p). Both are the formulas examples/go and examples/weierstrass use, exact when neither
// input is infinity and p ≠ q (p = −q gives Z3 = 0); the callers mask the other cases.
const (
	// OpJacAdd is add-2007-bl: out1 = p + q for arg1 = p = (X1, Y1, Z1), arg2 = q.
	OpJacAdd = "jacadd"
	// OpJacAddAffine is madd-2007-bl: out1 = p + (x, y) for arg1 = p, arg2 = (x, y).
	OpJacAddAffine = "jacmadd"
)

// jacAddFunc builds OpJacAdd or OpJacAddAffine for F.
func jacAddFunc(F Field, op, name string) (*ir.Func, error) {
	c, err := newComposer(F, name, "add", "sub", "square", "mul")
	if err != nil {
		return nil, err
	}
	p := c.param("arg1", "mul", 3)
	var x3, y3, z3 elem
	if op == OpJacAdd {
		q := c.param("arg2", "mul", 3)
		x3, y3, z3 = jacAdd(c, p, q)
	} else {
		q := c.param("arg2", "mul", 2)
		x3, y3, z3 = jacAddAffine(c, p, q[0], q[1])
	}
	if c.err != nil {
		return nil, fmt.Errorf("jacobian addition: %w", c.err)
	}
	return c.result("out1", x3, y3, z3), nil
}

// jacAdd is add-2007-bl: U1 = X1·Z2², U2 = X2·Z1², S1 = Y1·Z2³, S2 = Y2·Z1³, H = U2 − U1,
// I = (2H)², J = H·I, r = 2(S2 − S1), V = U1·I, X3 = r² − J − 2V,
// Y3 = r(V − X3) − 2·S1·J, Z3 = ((Z1 + Z2)² − Z1² − Z2²)·H.
func jacAdd(c *composer, p, q []elem) (x3, y3, z3 elem) {
	do := c.do
	z1z1, z2z2 := do("square", p[2]), do("square", q[2])
	u1, u2 := do("mul", p[0], z2z2), do("mul", q[0], z1z1)
	s1 := do("mul", do("mul", p[1], q[2]), z2z2)
	s2 := do("mul", do("mul", q[1], p[2]), z1z1)
	h := do("sub", u2, u1)
	i := do("square", do("add", h, h))
	j := do("mul", h, i)
	r0 := do("sub", s2, s1)
	rr := do("add", r0, r0)
	v := do("mul", u1, i)
	x3 = do("sub", do("sub", do("sub", do("square", rr), j), v), v)
	sj := do("mul", s1, j)
	y3 = do("sub", do("mul", rr, do("sub", v, x3)), do("add", sj, sj))
	zs := do("add", p[2], q[2])
	z3 = do("mul", do("sub", do("sub", do("square", zs), z1z1), z2z2), h)
	return x3, y3, z3
}

// jacAddAffine is madd-2007-bl (Z2 = 1): U2 = x·Z1², S2 = y·Z1³, H = U2 − X1, HH = H²,
// I = 4·HH, J = H·I, r = 2(S2 − Y1), V = X1·I, X3 = r² − J − 2V,
// Y3 = r(V − X3) − 2·Y1·J, Z3 = (Z1 + H)² − Z1² − HH.
func jacAddAffine(c *composer, p []elem, x, y elem) (x3, y3, z3 elem) {
	do := c.do
	z1z1 := do("square", p[2])
	u2 := do("mul", x, z1z1)
	s2 := do("mul", do("mul", y, p[2]), z1z1)
	h := do("sub", u2, p[0])
	hh := do("square", h)
	i2 := do("add", hh, hh)
	i := do("add", i2, i2)
	j := do("mul", h, i)
	r0 := do("sub", s2, p[1])
	rr := do("add", r0, r0)
	v := do("mul", p[0], i)
	x3 = do("sub", do("sub", do("sub", do("square", rr), j), v), v)
	sj := do("mul", p[1], j)
	y3 = do("sub", do("mul", rr, do("sub", v, x3)), do("add", sj, sj))
	z3 = do("sub", do("sub", do("square", do("add", p[2], h)), z1z1), hh)
	return x3, y3, z3
}
