package secp256k1

import (
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/weierstrass"
	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/secp256k1_montgomery"
)

type point = weierstrass.Point[fe]

// formulas are secp256k1's (a = 0) complete formulas of Renes, Costello and Batina
// (EUROCRYPT 2016), with b and b3 = 3b (21) in the Montgomery domain. They call the field
// package directly (the hot path); its ops may alias out and an input.
type formulas struct{ b, b3 fe }

func newFormulas() *formulas {
	f := &formulas{}
	field.Mul(&f.b, &cB, &cR2)
	field.Add(&f.b3, &f.b, &f.b)
	field.Add(&f.b3, &f.b3, &f.b)
	return f
}

// Add sets r = p + q by RCB Algorithm 7; r may alias p or q.
func (f *formulas) Add(r, p, q *point) {
	var t0, t1, t2, t3, t4, X3, Y3, Z3 fe
	field.Mul(&t0, &p.X, &q.X)
	field.Mul(&t1, &p.Y, &q.Y)
	field.Mul(&t2, &p.Z, &q.Z)
	field.Add(&t3, &p.X, &p.Y)
	field.Add(&t4, &q.X, &q.Y)
	field.Mul(&t3, &t3, &t4)
	field.Add(&t4, &t0, &t1)
	field.Sub(&t3, &t3, &t4)
	field.Add(&t4, &p.Y, &p.Z)
	field.Add(&X3, &q.Y, &q.Z)
	field.Mul(&t4, &t4, &X3)
	field.Add(&X3, &t1, &t2)
	field.Sub(&t4, &t4, &X3)
	field.Add(&X3, &p.X, &p.Z)
	field.Add(&Y3, &q.X, &q.Z)
	field.Mul(&X3, &X3, &Y3)
	field.Add(&Y3, &t0, &t2)
	field.Sub(&Y3, &X3, &Y3)
	field.Add(&X3, &t0, &t0)
	field.Add(&t0, &X3, &t0)
	field.Mul(&t2, &f.b3, &t2)
	field.Add(&Z3, &t1, &t2)
	field.Sub(&t1, &t1, &t2)
	field.Mul(&Y3, &f.b3, &Y3)
	field.Mul(&X3, &t4, &Y3)
	field.Mul(&t2, &t3, &t1)
	field.Sub(&X3, &t2, &X3)
	field.Mul(&Y3, &Y3, &t0)
	field.Mul(&t1, &t1, &Z3)
	field.Add(&Y3, &t1, &Y3)
	field.Mul(&t0, &t0, &t3)
	field.Mul(&Z3, &Z3, &t4)
	field.Add(&Z3, &Z3, &t0)
	r.Set(&X3, &Y3, &Z3)
}

// Double sets r = 2p by RCB Algorithm 9; r may alias p.
func (f *formulas) Double(r, p *point) {
	var t0, t1, t2, X3, Y3, Z3 fe
	field.Square(&t0, &p.Y)
	field.Add(&Z3, &t0, &t0)
	field.Add(&Z3, &Z3, &Z3)
	field.Add(&Z3, &Z3, &Z3)
	field.Mul(&t1, &p.Y, &p.Z)
	field.Square(&t2, &p.Z)
	field.Mul(&t2, &f.b3, &t2)
	field.Mul(&X3, &t2, &Z3)
	field.Add(&Y3, &t0, &t2)
	field.Mul(&Z3, &t1, &Z3)
	field.Add(&t1, &t2, &t2)
	field.Add(&t2, &t1, &t2)
	field.Sub(&t0, &t0, &t2)
	field.Mul(&Y3, &t0, &Y3)
	field.Add(&Y3, &X3, &Y3)
	field.Mul(&t1, &p.X, &p.Y)
	field.Mul(&X3, &t0, &t1)
	field.Add(&X3, &X3, &X3)
	r.Set(&X3, &Y3, &Z3)
}

// OnCurve reports whether the affine (x, y) satisfies y² = x³ + b.
func (f *formulas) OnCurve(x, y *fe) bool {
	var rhs, y2 fe
	field.Square(&rhs, x)
	field.Mul(&rhs, &rhs, x)
	field.Add(&rhs, &rhs, &f.b)
	field.Square(&y2, y)
	field.Sub(&rhs, &rhs, &y2)
	return weierstrass.IsZero(&rhs) == 1
}
