package nistp256

import field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p256"

// This file is identical in nistp256 and secp256k1 but for the field import; aIsMinus3
// (a constant) picks the formulas at compile time.

// point is a projective point (X:Y:Z) in the Montgomery domain; infinity is (0:1:0).
type point struct{ X, Y, Z fe }

// consts holds the curve constants in the Montgomery domain.
type consts struct {
	one, b, b3 fe
	g          point
}

func newConsts() *consts {
	c := &consts{one: montOne(), b: toMont(&cB)}
	field.Add(&c.b3, &c.b, &c.b)
	field.Add(&c.b3, &c.b3, &c.b)
	c.g = point{toMont(&cGx), toMont(&cGy), c.one}
	return c
}

// add sets r = p + q by the complete formulas of Renes, Costello and Batina (EUROCRYPT
// 2016), Algorithm 4 (a = −3) or 7 (a = 0): no exceptional case, so P+P, P+(−P) and P+O
// are the same straight-line code. r may alias p or q.
func (c *consts) add(r, p, q *point) {
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
	if aIsMinus3 {
		field.Mul(&Z3, &c.b, &t2)
		field.Sub(&X3, &Y3, &Z3)
		field.Add(&Z3, &X3, &X3)
		field.Add(&X3, &X3, &Z3)
		field.Sub(&Z3, &t1, &X3)
		field.Add(&X3, &t1, &X3)
		field.Mul(&Y3, &c.b, &Y3)
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
	} else {
		field.Add(&X3, &t0, &t0)
		field.Add(&t0, &X3, &t0)
		field.Mul(&t2, &c.b3, &t2)
		field.Add(&Z3, &t1, &t2)
		field.Sub(&t1, &t1, &t2)
		field.Mul(&Y3, &c.b3, &Y3)
		field.Mul(&X3, &t4, &Y3)
		field.Mul(&t2, &t3, &t1)
		field.Sub(&X3, &t2, &X3)
		field.Mul(&Y3, &Y3, &t0)
		field.Mul(&t1, &t1, &Z3)
		field.Add(&Y3, &t1, &Y3)
		field.Mul(&t0, &t0, &t3)
		field.Mul(&Z3, &Z3, &t4)
		field.Add(&Z3, &Z3, &t0)
	}
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// double sets r = 2p by RCB Algorithm 6 (a = −3) or 9 (a = 0), exception-free.
func (c *consts) double(r, p *point) {
	var t0, t1, t2, t3, X3, Y3, Z3 fe
	if aIsMinus3 {
		field.Square(&t0, &p.X)
		field.Square(&t1, &p.Y)
		field.Square(&t2, &p.Z)
		field.Mul(&t3, &p.X, &p.Y)
		field.Add(&t3, &t3, &t3)
		field.Mul(&Z3, &p.X, &p.Z)
		field.Add(&Z3, &Z3, &Z3)
		field.Mul(&Y3, &c.b, &t2)
		field.Sub(&Y3, &Y3, &Z3)
		field.Add(&X3, &Y3, &Y3)
		field.Add(&Y3, &X3, &Y3)
		field.Sub(&X3, &t1, &Y3)
		field.Add(&Y3, &t1, &Y3)
		field.Mul(&Y3, &X3, &Y3)
		field.Mul(&X3, &X3, &t3)
		field.Add(&t3, &t2, &t2)
		field.Add(&t2, &t2, &t3)
		field.Mul(&Z3, &c.b, &Z3)
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
	} else {
		field.Square(&t0, &p.Y)
		field.Add(&Z3, &t0, &t0)
		field.Add(&Z3, &Z3, &Z3)
		field.Add(&Z3, &Z3, &Z3)
		field.Mul(&t1, &p.Y, &p.Z)
		field.Square(&t2, &p.Z)
		field.Mul(&t2, &c.b3, &t2)
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
	}
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// onCurve reports whether the affine (x, y) satisfies y² = x³ + ax + b.
func (c *consts) onCurve(x, y *fe) bool {
	var rhs, y2, t fe
	field.Square(&rhs, x)
	field.Mul(&rhs, &rhs, x)
	if aIsMinus3 {
		field.Add(&t, x, x)
		field.Add(&t, &t, x)
		field.Sub(&rhs, &rhs, &t)
	}
	field.Add(&rhs, &rhs, &c.b)
	field.Square(&y2, y)
	return equal(&rhs, &y2) == 1
}

// selectPoint sets r = tab[d−1] for d in 1..len(tab) and infinity for d = 0, reading every
// entry and keeping one by masks: no branch or index depends on the secret digit d.
func (c *consts) selectPoint(r *point, tab []point, d uint64) {
	*r = point{Y: c.one}
	for j := range tab {
		diff := uint64(j+1) ^ d
		mask := -((diff - 1) >> 63) // all ones exactly when diff = 0 (diff < 2^63)
		e := &tab[j]
		for w := range 4 {
			r.X[w] = r.X[w]&^mask | e.X[w]&mask
			r.Y[w] = r.Y[w]&^mask | e.Y[w]&mask
			r.Z[w] = r.Z[w]&^mask | e.Z[w]&mask
		}
	}
}
