package secp256k1

// This file is identical in nistp256 and secp256k1; aIsMinus3
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
	add(&c.b3, &c.b, &c.b)
	add(&c.b3, &c.b3, &c.b)
	c.g = point{toMont(&cGx), toMont(&cGy), c.one}
	return c
}

// add sets r = p + q by the complete formulas of Renes, Costello and Batina (EUROCRYPT
// 2016), Algorithm 4 (a = −3) or 7 (a = 0): no exceptional case, so P+P, P+(−P) and P+O
// are the same straight-line code. r may alias p or q.
func (c *consts) add(r, p, q *point) {
	var t0, t1, t2, t3, t4, X3, Y3, Z3 fe
	mul(&t0, &p.X, &q.X)
	mul(&t1, &p.Y, &q.Y)
	mul(&t2, &p.Z, &q.Z)
	add(&t3, &p.X, &p.Y)
	add(&t4, &q.X, &q.Y)
	mul(&t3, &t3, &t4)
	add(&t4, &t0, &t1)
	sub(&t3, &t3, &t4)
	add(&t4, &p.Y, &p.Z)
	add(&X3, &q.Y, &q.Z)
	mul(&t4, &t4, &X3)
	add(&X3, &t1, &t2)
	sub(&t4, &t4, &X3)
	add(&X3, &p.X, &p.Z)
	add(&Y3, &q.X, &q.Z)
	mul(&X3, &X3, &Y3)
	add(&Y3, &t0, &t2)
	sub(&Y3, &X3, &Y3)
	if aIsMinus3 {
		mul(&Z3, &c.b, &t2)
		sub(&X3, &Y3, &Z3)
		add(&Z3, &X3, &X3)
		add(&X3, &X3, &Z3)
		sub(&Z3, &t1, &X3)
		add(&X3, &t1, &X3)
		mul(&Y3, &c.b, &Y3)
		add(&t1, &t2, &t2)
		add(&t2, &t1, &t2)
		sub(&Y3, &Y3, &t2)
		sub(&Y3, &Y3, &t0)
		add(&t1, &Y3, &Y3)
		add(&Y3, &t1, &Y3)
		add(&t1, &t0, &t0)
		add(&t0, &t1, &t0)
		sub(&t0, &t0, &t2)
		mul(&t1, &t4, &Y3)
		mul(&t2, &t0, &Y3)
		mul(&Y3, &X3, &Z3)
		add(&Y3, &Y3, &t2)
		mul(&X3, &t3, &X3)
		sub(&X3, &X3, &t1)
		mul(&Z3, &t4, &Z3)
		mul(&t1, &t3, &t0)
		add(&Z3, &Z3, &t1)
	} else {
		add(&X3, &t0, &t0)
		add(&t0, &X3, &t0)
		mul(&t2, &c.b3, &t2)
		add(&Z3, &t1, &t2)
		sub(&t1, &t1, &t2)
		mul(&Y3, &c.b3, &Y3)
		mul(&X3, &t4, &Y3)
		mul(&t2, &t3, &t1)
		sub(&X3, &t2, &X3)
		mul(&Y3, &Y3, &t0)
		mul(&t1, &t1, &Z3)
		add(&Y3, &t1, &Y3)
		mul(&t0, &t0, &t3)
		mul(&Z3, &Z3, &t4)
		add(&Z3, &Z3, &t0)
	}
	set(&r.X, &X3)
	set(&r.Y, &Y3)
	set(&r.Z, &Z3)
}

// double sets r = 2p by RCB Algorithm 6 (a = −3) or 9 (a = 0), exception-free.
func (c *consts) double(r, p *point) {
	var t0, t1, t2, t3, X3, Y3, Z3 fe
	if aIsMinus3 {
		sqr(&t0, &p.X)
		sqr(&t1, &p.Y)
		sqr(&t2, &p.Z)
		mul(&t3, &p.X, &p.Y)
		add(&t3, &t3, &t3)
		mul(&Z3, &p.X, &p.Z)
		add(&Z3, &Z3, &Z3)
		mul(&Y3, &c.b, &t2)
		sub(&Y3, &Y3, &Z3)
		add(&X3, &Y3, &Y3)
		add(&Y3, &X3, &Y3)
		sub(&X3, &t1, &Y3)
		add(&Y3, &t1, &Y3)
		mul(&Y3, &X3, &Y3)
		mul(&X3, &X3, &t3)
		add(&t3, &t2, &t2)
		add(&t2, &t2, &t3)
		mul(&Z3, &c.b, &Z3)
		sub(&Z3, &Z3, &t2)
		sub(&Z3, &Z3, &t0)
		add(&t3, &Z3, &Z3)
		add(&Z3, &Z3, &t3)
		add(&t3, &t0, &t0)
		add(&t0, &t3, &t0)
		sub(&t0, &t0, &t2)
		mul(&t0, &t0, &Z3)
		add(&Y3, &Y3, &t0)
		mul(&t0, &p.Y, &p.Z)
		add(&t0, &t0, &t0)
		mul(&Z3, &t0, &Z3)
		sub(&X3, &X3, &Z3)
		mul(&Z3, &t0, &t1)
		add(&Z3, &Z3, &Z3)
		add(&Z3, &Z3, &Z3)
	} else {
		sqr(&t0, &p.Y)
		add(&Z3, &t0, &t0)
		add(&Z3, &Z3, &Z3)
		add(&Z3, &Z3, &Z3)
		mul(&t1, &p.Y, &p.Z)
		sqr(&t2, &p.Z)
		mul(&t2, &c.b3, &t2)
		mul(&X3, &t2, &Z3)
		add(&Y3, &t0, &t2)
		mul(&Z3, &t1, &Z3)
		add(&t1, &t2, &t2)
		add(&t2, &t1, &t2)
		sub(&t0, &t0, &t2)
		mul(&Y3, &t0, &Y3)
		add(&Y3, &X3, &Y3)
		mul(&t1, &p.X, &p.Y)
		mul(&X3, &t0, &t1)
		add(&X3, &X3, &X3)
	}
	set(&r.X, &X3)
	set(&r.Y, &Y3)
	set(&r.Z, &Z3)
}

// onCurve reports whether the affine (x, y) satisfies y² = x³ + ax + b.
func (c *consts) onCurve(x, y *fe) bool {
	var rhs, y2, t fe
	sqr(&rhs, x)
	mul(&rhs, &rhs, x)
	if aIsMinus3 {
		add(&t, x, x)
		add(&t, &t, x)
		sub(&rhs, &rhs, &t)
	}
	add(&rhs, &rhs, &c.b)
	sqr(&y2, y)
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
