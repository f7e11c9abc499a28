package weierstrass

import (
	"errors"
	"sync"
)

// Point is a point in the Montgomery domain: projective (X:Y:Z), infinity (0:1:0), or
// Jacobian (X/Z², Y/Z³), infinity any point with Z = 0, as each caller says.
type Point[E Element] struct{ X, Y, Z E }

// Formulas is the part that differs between curves, rendered per curve package from
// gen/point.go.tmpl as direct calls of its generated field package: the point formulas and
// the two ladders, where the time goes. Everything crosses this interface by value: a
// pointer passed through an interface method escapes, and the k·P ladder's temporaries on
// the heap cost ~20 allocations per call. Add and Double (Renes, Costello and Batina 2016,
// complete) build the k·G table once.
type Formulas[E Element] interface {
	// Add sets r = p + q (projective, complete); r may alias p or q.
	Add(r, p, q *Point[E])
	// Double sets r = 2p (projective, complete); r may alias p.
	Double(r, p *Point[E])
	// Mul returns a·b·2^-256 mod p (a Montgomery multiplication).
	Mul(a, b E) E
	// OnCurve reports whether the affine (x, y) (Montgomery domain) is on the curve.
	OnCurve(x, y E) bool
	// Mult returns k·p (projective) for a point p with Z = 1 and 0 < k < n (4
	// little-endian words), constant time in k.
	Mult(p Point[E], k [4]uint64) Point[E]
	// BaseMult returns k·G (projective) from the k·G table, constant time in k.
	BaseMult(tab *BaseTable[E], k [4]uint64) Point[E]
}

// Params describes a curve: its 256-bit constants as 4 little-endian 64-bit words, plain
// (not Montgomery) values, and its formulas.
type Params[E Element] struct {
	Name     string    // in error messages
	P, N     [4]uint64 // the field prime, the group order
	R2       E         // 2^512 mod p: Mul(x, R2) moves x into the Montgomery domain
	Gx, Gy   E         // the generator
	Formulas Formulas[E]
}

// Curve is k·G and k·P on one curve; it is read-only after New (the k·G table is built at
// first use by sync.OnceValue), so it may be used concurrently.
type Curve[E Element] struct {
	p   Params[E]
	one E
	r3  E        // 2^768 mod p: Mul(x^-1 mod p for x = a·R, r3) = a^-1 in the Montgomery domain
	inv inverter // safegcd modulo p (Invert)
	g   Point[E]
	// baseTable returns the k·G table, built at first use.
	baseTable func() *BaseTable[E]
	// ErrScalar and ErrPoint are returned for bad input; the result is then nil.
	ErrScalar, ErrPoint error
	errInfinity         error
}

// New returns the curve that p describes.
func New[E Element](p Params[E]) *Curve[E] {
	c := &Curve[E]{p: p,
		ErrScalar:   errors.New(p.Name + ": scalar is not 32 bytes with 0 < k < n"),
		ErrPoint:    errors.New(p.Name + ": point is not a 65-byte uncompressed SEC 1 encoding of a curve point"),
		errInfinity: errors.New(p.Name + ": result is the point at infinity"),
	}
	c.one = c.ToMont(&E{1})
	c.r3 = c.ToMont(&p.R2)
	c.inv = newInverter(&c.p.P)
	c.g = Point[E]{c.ToMont(&p.Gx), c.ToMont(&p.Gy), c.one}
	c.baseTable = sync.OnceValue(c.newBaseTable)
	return c
}

// One returns 1 in the Montgomery domain (2^256 mod p).
func (c *Curve[E]) One() E { return c.one }

// Affine is an affine point (x, y) in the Montgomery domain.
type Affine[E Element] struct{ X, Y E }

// k·G takes signed BaseBits-bit digits of k, BaseWindows of them (the recoding reads one
// bit above k: ⌈257/7⌉), from rows of BaseRow points. 7-bit digits: 36 additions and 37
// lookups of 64 entries; 6-bit ones took 42 additions (the calls that dominate k·G) and 43
// lookups of 32 (docs/weierstrass.md).
const (
	BaseBits    = 7
	BaseWindows = 37
	BaseRow     = 1 << (BaseBits - 1)
)

// BaseTable is tab[i] = j·128^i·G (affine, entry j−1) for j in 1..64 (37×64 points, 148
// KiB): k·G is the sum over i of ±(entry |d_i| − 1 of tab[i]) for the signed 7-bit digits
// d_i of k.
type BaseTable[E Element] [BaseWindows]AffineRow[E]

// AffineRow is BaseRow affine points, one array per coordinate (what the lookup scans).
type AffineRow[E Element] struct{ X, Y [BaseRow]E }

func (c *Curve[E]) newBaseTable() *BaseTable[E] {
	tab := new(BaseTable[E])
	var row [BaseRow]Point[E]
	row[0] = c.g
	for i := range tab {
		for j := 1; j < BaseRow; j++ {
			c.p.Formulas.Add(&row[j], &row[j-1], &row[0])
		}
		c.normalize(&tab[i], &row)
		c.p.Formulas.Double(&row[0], &row[BaseRow-1]) // 128·128^i·G
	}
	return tab
}

// normalize sets out to the affine forms of row by one inversion (Montgomery's trick); no
// entry is infinity (j·128^i < n).
func (c *Curve[E]) normalize(out *AffineRow[E], row *[BaseRow]Point[E]) {
	f := c.p.Formulas
	var prod [BaseRow]E
	prod[0] = row[0].Z
	for j := 1; j < BaseRow; j++ {
		prod[j] = f.Mul(prod[j-1], row[j].Z)
	}
	inv := c.Invert(&prod[BaseRow-1])
	for j := BaseRow - 1; j >= 0; j-- {
		zinv := inv
		if j > 0 {
			zinv = f.Mul(inv, prod[j-1]) // 1/Z_j
			inv = f.Mul(inv, row[j].Z)   // 1/(Z_0 ... Z_{j−1})
		}
		out.X[j], out.Y[j] = f.Mul(row[j].X, zinv), f.Mul(row[j].Y, zinv)
	}
}

// decodePoint parses and validates a 65-byte uncompressed SEC 1 point: prefix 0x04, both
// coordinates < p, on the curve. Infinity has no such encoding. The point is public.
func (c *Curve[E]) decodePoint(b []byte) (Point[E], bool) {
	if len(b) != 65 || b[0] != 0x04 {
		return Point[E]{}, false
	}
	x, okx := c.DecodeFE(b[1:33])
	y, oky := c.DecodeFE(b[33:65])
	if !okx || !oky || !c.p.Formulas.OnCurve(x, y) {
		return Point[E]{}, false
	}
	return Point[E]{x, y, c.one}, true
}

// encodePoint returns the uncompressed encoding of the projective p. The curves have prime
// order and k is in [1, n), so p is never infinity for valid input; it is still refused
// (an error) rather than encoded as garbage.
func (c *Curve[E]) encodePoint(p *Point[E]) ([]byte, error) {
	if IsZero(&p.Z) == 1 {
		return nil, c.errInfinity
	}
	f := c.p.Formulas
	zinv := c.Invert(&p.Z)
	x, y := f.Mul(p.X, zinv), f.Mul(p.Y, zinv)
	out := make([]byte, 65)
	out[0] = 0x04
	c.EncodeFE(out[1:33], &x)
	c.EncodeFE(out[33:65], &y)
	return out, nil
}

// ScalarBaseMult returns k·G as a 65-byte uncompressed SEC 1 point. k is 32 bytes
// big-endian with 0 < k < n, else ErrScalar. Constant time in k (the curve's BaseMult).
func (c *Curve[E]) ScalarBaseMult(k []byte) ([]byte, error) {
	w, ok := c.scalarWords(k)
	if !ok {
		return nil, c.ErrScalar
	}
	acc := c.p.Formulas.BaseMult(c.baseTable(), w)
	clear(w[:])
	return c.encodePoint(&acc)
}

// ScalarMult returns k·P as a 65-byte uncompressed SEC 1 point. k is 32 bytes big-endian
// with 0 < k < n, else ErrScalar; P is a validated 65-byte uncompressed SEC 1 point, else
// ErrPoint (checked first). Constant time in k (the curve's Mult).
func (c *Curve[E]) ScalarMult(k, p []byte) ([]byte, error) {
	pt, ok := c.decodePoint(p)
	if !ok {
		return nil, c.ErrPoint
	}
	w, ok := c.scalarWords(k)
	if !ok {
		return nil, c.ErrScalar
	}
	acc := c.p.Formulas.Mult(pt, w)
	clear(w[:])
	return c.encodePoint(&acc)
}

// Set sets r = (x, y, z) one 64-bit word at a time: a whole-array copy compiles to 16-byte
// moves, and loading 16 bytes just stored as two 8-byte halves by the field's assembly
// stalls store forwarding.
func (r *Point[E]) Set(x, y, z *E) {
	r.X[0], r.X[1], r.X[2], r.X[3] = (*x)[0], (*x)[1], (*x)[2], (*x)[3]
	r.Y[0], r.Y[1], r.Y[2], r.Y[3] = (*y)[0], (*y)[1], (*y)[2], (*y)[3]
	r.Z[0], r.Z[1], r.Z[2], r.Z[3] = (*z)[0], (*z)[1], (*z)[2], (*z)[3]
}
