package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// OpCoZAdd is Meloni's co-Z addition with update (ZADDU, Goundar, Joye, Miyaji, Rivain and
// Venelli 2011; 4M + 2S) as one function: for two points t = (x1, y1) and d = (x2, y2)
// with the same Z (given as their affine coordinates on the curve of that Z), out1 =
// (t + d, d', h) where t + d and d' = d both have the new Z·h, h = x2 − x1: t + d =
// (Y² − W1 − W2, Y·(W1 − X3) − A1) and d' = (W1, A1) for Y = y2 − y1, W1 = x2·h², W2 =
// x1·h², A1 = y2·(W1 − W2) = y2·h³. Exact for t ≠ ±d. The formula of
// examples/weierstrass/glv.inc's odd-multiples table (2j + 1)·P, which makes 15 of these
// in a row: as one function the six subtractions and the values between the six
// multiplications stay in registers. It does not depend on the curve's a or b, but only
// the a = 0 curve's code uses it, so only secp256k1 has it (like OpJacAddUnified).
const OpCoZAdd = "zaddu"

// coZAddFunc builds OpCoZAdd: arg1 = (x1, y1), arg2 = (x2, y2), out1 = (X3, Y3, W1, A1, h).
func coZAddFunc(F Field, name string) (*ir.Func, error) {
	if a, ok := jacA[F.Name]; !ok || a != 0 {
		return nil, fmt.Errorf("the co-Z addition is for the a = 0 curve, not field %s", F.Name)
	}
	c, err := newComposer(F, name, "sub", "square", "mul")
	if err != nil {
		return nil, err
	}
	t := c.param("arg1", "mul", 2)
	d := c.param("arg2", "mul", 2)
	do := c.do
	h := do("sub", d[0], t[0])
	dy := do("sub", d[1], t[1])
	hh := do("square", h)
	w1 := do("mul", d[0], hh)
	w2 := do("mul", t[0], hh)
	a1 := do("mul", d[1], do("sub", w1, w2))
	x3 := do("sub", do("sub", do("square", dy), w1), w2)
	y3 := do("sub", do("mul", dy, do("sub", w1, x3)), a1)
	if c.err != nil {
		return nil, fmt.Errorf("co-Z addition: %w", c.err)
	}
	return c.result("out1", x3, y3, w1, a1, h), nil
}
