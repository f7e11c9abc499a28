package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// OpJacDouble is a Jacobian doubling as one function: out1 = 2·(X : Y : Z) for
// arg1 = (X, Y, Z), each element n limbs in Montgomery form with value below p (as the
// field's add and sub require). The formula is the one examples/weierstrass uses for the
// curve of the field (jacA): a = −3 (P-256), dbl-2001-b, and a = 0 (secp256k1),
// dbl-2009-l with D = 4·X·Y² as a product; both exact for Y ≠ 0 and Z ≠ 0, and Z = 0
// (infinity) stays Z = 0. One function instead of 17–19 calls, built by inlining the
// field's own functions as the ladder step is (compose.go).
const OpJacDouble = "jacdbl"

// jacA is the curve coefficient a of the Weierstrass fields' curves.
var jacA = map[string]int{"p256": -3, "secp256k1_montgomery": 0}

// jacDoubleFunc builds OpJacDouble for F.
func jacDoubleFunc(F Field, name string) (*ir.Func, error) {
	a, ok := jacA[F.Name]
	if !ok {
		return nil, fmt.Errorf("no curve known for field %s", F.Name)
	}
	c, err := newComposer(F, name, "add", "sub", "square", "mul")
	if err != nil {
		return nil, err
	}
	in := c.param("arg1", "mul", 3)
	var x3, y3, z3 elem
	if a == -3 {
		x3, y3, z3 = jacDoubleAm3(c, in[0], in[1], in[2])
	} else {
		x3, y3, z3 = jacDoubleA0(c, in[0], in[1], in[2])
	}
	if c.err != nil {
		return nil, fmt.Errorf("jacobian doubling: %w", c.err)
	}
	return c.result("out1", x3, y3, z3), nil
}

// jacDoubleAm3 is dbl-2001-b (a = −3): delta = Z², gamma = Y², beta = X·gamma,
// alpha = 3·(X − delta)·(X + delta), X3 = alpha² − 8·beta, Z3 = (Y + Z)² − gamma − delta,
// Y3 = alpha·(4·beta − X3) − 8·gamma².
func jacDoubleAm3(c *composer, x, y, z elem) (x3, y3, z3 elem) {
	do := c.do
	delta, gamma := do("square", z), do("square", y)
	beta := do("mul", x, gamma)
	a1 := do("mul", do("sub", x, delta), do("add", x, delta))
	alpha := do("add", do("add", a1, a1), a1)
	b2 := do("add", beta, beta)
	b4 := do("add", b2, b2)
	x3 = do("sub", do("square", alpha), do("add", b4, b4))
	z3 = do("sub", do("sub", do("square", do("add", y, z)), gamma), delta)
	gg := do("square", gamma)
	gg2 := do("add", gg, gg)
	gg4 := do("add", gg2, gg2)
	y3 = do("sub", do("mul", alpha, do("sub", b4, x3)), do("add", gg4, gg4))
	return x3, y3, z3
}

// jacDoubleA0 is dbl-2009-l (a = 0) with D = 4·X·Y² as X·(2B)·2 and 8C as 2·(2B)²:
// A = X², B = Y², E = 3A, X3 = E² − 2D, Y3 = E·(D − X3) − 8·Y⁴, Z3 = 2·Y·Z.
func jacDoubleA0(c *composer, x, y, z elem) (x3, y3, z3 elem) {
	do := c.do
	a, b := do("square", x), do("square", y)
	yz := do("mul", y, z)
	b2 := do("add", b, b)
	z3 = do("add", yz, yz)
	e := do("add", do("add", a, a), a)
	xb := do("mul", x, b2)
	c4 := do("square", b2)
	d := do("add", xb, xb)
	x3 = do("sub", do("square", e), do("add", d, d))
	y3 = do("sub", do("mul", e, do("sub", d, x3)), do("add", c4, c4))
	return x3, y3, z3
}
