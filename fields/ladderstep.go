package fields

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// ladderStepFunc is RFC 7748 §5's ladder step (after the conditional swap) on F:
//
//	A = x2+z2, B = x2−z2, C = x3+z3, D = x3−z3, AA = A², BB = B², DA = D·A, CB = C·B,
//	E = AA−BB, x2' = AA·BB, z2' = E·(BB + 121666·E), x3' = (DA+CB)², z3' = x1·(DA−CB)²
//
// (BB + 121666·E = AA + 121665·E, RFC 7748's a24 form). The calls are in the order of
// examples/x25519/ladder.inc; the code generator reschedules freely anyway.
func ladderStepFunc(F Field, name string) (*ir.Func, error) {
	c, err := newComposer(F, name, "add", "sub", "square", "mul", OpScmul)
	if err != nil {
		return nil, err
	}
	in := c.param("arg1", "mul", 4)
	x1 := c.param("arg2", "mul", 1)[0]
	// (x2, x3) and (z2, z3) adjacent: the field's cswap swaps each pair in place.
	x2, x3, z2, z3 := in[0], in[1], in[2], in[3]
	do := c.do
	a := do("add", x2, z2)
	b := do("sub", x2, z2)
	cc := do("add", x3, z3)
	d := do("sub", x3, z3)
	aa := do("square", a)
	bb := do("square", b)
	da := do("mul", d, a)
	cb := do("mul", cc, b)
	t := do("sub", aa, bb)
	nx2 := do("mul", aa, bb)
	u := do(OpScmul, t)
	s := do("add", da, cb)
	s2 := do("sub", da, cb)
	v := do("add", u, bb)
	nx3 := do("square", s)
	w := do("square", s2)
	nz2 := do("mul", t, v)
	nz3 := do("mul", w, x1)
	if c.err != nil {
		return nil, fmt.Errorf("ladder step: %w", c.err)
	}
	return c.result("out1", nx2, nx3, nz2, nz3), nil
}
