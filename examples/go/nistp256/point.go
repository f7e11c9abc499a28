package nistp256

import (
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/weierstrass"
	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p256"
)

type point = weierstrass.Point[fe]

// formulas are P-256's (a = −3) complete formulas of Renes, Costello and Batina (EUROCRYPT
// 2016), with b in the Montgomery domain. They call the field package directly (the hot
// path); its ops may alias out and an input.
type formulas struct{ b fe }

func newFormulas() *formulas {
	f := &formulas{}
	field.Mul(&f.b, &cB, &cR2)
	return f
}

// Add sets r = p + q by RCB Algorithm 4; r may alias p or q.
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
	field.Mul(&Z3, &f.b, &t2)
	field.Sub(&X3, &Y3, &Z3)
	field.Add(&Z3, &X3, &X3)
	field.Add(&X3, &X3, &Z3)
	field.Sub(&Z3, &t1, &X3)
	field.Add(&X3, &t1, &X3)
	field.Mul(&Y3, &f.b, &Y3)
	field.Add(&t1, &t2, &t2)
	field.Add(&t2, &t1, &t2)
	field.Sub(&Y3, &Y3, &t2)
	field.Sub(&Y3, &Y3, &t0)
	field.Add(&t1, &Y3, &Y3)
	field.Add(&Y3, &t1, &Y3)
	field.Add(&t1, &t0, &t0)
	field.Add(&t0, &t1, &t0)
	field.Sub(&t0, &t0, &t2)
	field.Mul(&t1, &t4, &Y3)
	field.Mul(&t2, &t0, &Y3)
	field.Mul(&Y3, &X3, &Z3)
	field.Add(&Y3, &Y3, &t2)
	field.Mul(&X3, &t3, &X3)
	field.Sub(&X3, &X3, &t1)
	field.Mul(&Z3, &t4, &Z3)
	field.Mul(&t1, &t3, &t0)
	field.Add(&Z3, &Z3, &t1)
	r.Set(&X3, &Y3, &Z3)
}

// Double sets r = 2p by RCB Algorithm 6; r may alias p.
func (f *formulas) Double(r, p *point) {
	var t0, t1, t2, t3, X3, Y3, Z3 fe
	field.Square(&t0, &p.X)
	field.Square(&t1, &p.Y)
	field.Square(&t2, &p.Z)
	field.Mul(&t3, &p.X, &p.Y)
	field.Add(&t3, &t3, &t3)
	field.Mul(&Z3, &p.X, &p.Z)
	field.Add(&Z3, &Z3, &Z3)
	field.Mul(&Y3, &f.b, &t2)
	field.Sub(&Y3, &Y3, &Z3)
	field.Add(&X3, &Y3, &Y3)
	field.Add(&Y3, &X3, &Y3)
	field.Sub(&X3, &t1, &Y3)
	field.Add(&Y3, &t1, &Y3)
	field.Mul(&Y3, &X3, &Y3)
	field.Mul(&X3, &X3, &t3)
	field.Add(&t3, &t2, &t2)
	field.Add(&t2, &t2, &t3)
	field.Mul(&Z3, &f.b, &Z3)
	field.Sub(&Z3, &Z3, &t2)
	field.Sub(&Z3, &Z3, &t0)
	field.Add(&t3, &Z3, &Z3)
	field.Add(&Z3, &Z3, &t3)
	field.Add(&t3, &t0, &t0)
	field.Add(&t0, &t3, &t0)
	field.Sub(&t0, &t0, &t2)
	field.Mul(&t0, &t0, &Z3)
	field.Add(&Y3, &Y3, &t0)
	field.Mul(&t0, &p.Y, &p.Z)
	field.Add(&t0, &t0, &t0)
	field.Mul(&Z3, &t0, &Z3)
	field.Sub(&X3, &X3, &Z3)
	field.Mul(&Z3, &t0, &t1)
	field.Add(&Z3, &Z3, &Z3)
	field.Add(&Z3, &Z3, &Z3)
	r.Set(&X3, &Y3, &Z3)
}

// OnCurve reports whether the affine (x, y) satisfies y² = x³ − 3x + b.
func (f *formulas) OnCurve(x, y *fe) bool {
	var rhs, t, y2 fe
	field.Square(&rhs, x)
	field.Mul(&rhs, &rhs, x)
	field.Add(&t, x, x)
	field.Add(&t, &t, x)
	field.Sub(&rhs, &rhs, &t)
	field.Add(&rhs, &rhs, &f.b)
	field.Square(&y2, y)
	field.Sub(&t, &rhs, &y2)
	return weierstrass.IsZero(&t) == 1
}
