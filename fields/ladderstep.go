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
	var e error
	call := func(op string, args ...elem) elem {
		if e != nil {
			return elem{}
		}
		var r elem
		r, e = c.call(op, args...)
		return r
	}
	a := call("add", x2, z2)
	b := call("sub", x2, z2)
	cc := call("add", x3, z3)
	d := call("sub", x3, z3)
	aa := call("square", a)
	bb := call("square", b)
	da := call("mul", d, a)
	cb := call("mul", cc, b)
	t := call("sub", aa, bb)
	nx2 := call("mul", aa, bb)
	u := call(OpScmul, t)
	s := call("add", da, cb)
	s2 := call("sub", da, cb)
	v := call("add", u, bb)
	nx3 := call("square", s)
	w := call("square", s2)
	nz2 := call("mul", t, v)
	nz3 := call("mul", w, x1)
	if e != nil {
		return nil, fmt.Errorf("ladder step: %w", e)
	}
	return c.result("out1", nx2, nx3, nz2, nz3), nil
}
