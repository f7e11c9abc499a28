package weierstrass

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"sync"
)

// Point is a projective point (X:Y:Z) in the Montgomery domain; infinity is (0:1:0).
type Point[E Element] struct{ X, Y, Z E }

// Formulas is the part that differs between curves: complete addition and doubling
// (Renes, Costello and Batina, EUROCRYPT 2016: no exceptional case, so P+P, P+(−P) and P+O
// are the same straight-line code) and the curve equation. Each curve package has them as
// direct calls of its generated field package (rendered from gen/point.go.tmpl): they are
// where the time goes, and a call through a function value or a generic dictionary per
// field operation would cost more than the per-point-operation interface call here.
type Formulas[E Element] interface {
	// Add sets r = p + q; r may alias p or q.
	Add(r, p, q *Point[E])
	// Double sets r = 2p; r may alias p.
	Double(r, p *Point[E])
	// Double5 sets p = 32p (Jacobian doublings in between; exact on every point).
	Double5(p *Point[E])
	// OnCurve reports whether the affine (x, y) (Montgomery domain) is on the curve.
	OnCurve(x, y *E) bool
}

// Params describes a curve: its 256-bit constants as 4 little-endian 64-bit words, plain
// (not Montgomery) values, its field's Mul, Square and Opp (out may alias the inputs), and
// its formulas.
type Params[E Element] struct {
	Name          string    // in error messages
	P, N, PMinus2 [4]uint64 // the field prime, the group order, the inversion exponent
	R2            E         // 2^512 mod p: Mul(x, R2) moves x into the Montgomery domain
	Gx, Gy        E         // the generator
	Mul           func(out, a, b *E)
	Square        func(out, a *E)
	Opp           func(out, a *E)
	Formulas      Formulas[E]
}

// Curve is k·G and k·P on one curve; it is read-only after New (the k·G table is built at
// first use by sync.OnceValue), so it may be used concurrently.
type Curve[E Element] struct {
	p   Params[E]
	one E
	g   Point[E]
	// baseTable returns tab[i][j−1] = j·32^i·G for j in 1..16 (52×16 points, 78 KiB):
	// k·G is the sum over i of ±tab[i][|d_i| − 1] for the signed 5-bit digits d_i of k.
	baseTable func() *[windows][16]Point[E]
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
	one := E{1}
	c.one = c.ToMont(&one)
	c.g = Point[E]{c.ToMont(&p.Gx), c.ToMont(&p.Gy), c.one}
	c.baseTable = sync.OnceValue(c.newBaseTable)
	return c
}

// One returns 1 in the Montgomery domain (2^256 mod p).
func (c *Curve[E]) One() E { return c.one }

// windows is the number of signed 5-bit digits of a 256-bit scalar (the recoding reads one
// bit above it).
const windows = 52

func (c *Curve[E]) newBaseTable() *[windows][16]Point[E] {
	tab := new([windows][16]Point[E])
	base := c.g
	for i := range tab {
		tab[i][0] = base
		for j := 1; j < 16; j++ {
			c.p.Formulas.Add(&tab[i][j], &tab[i][j-1], &base)
		}
		c.p.Formulas.Double(&base, &tab[i][15]) // 32·32^i·G
	}
	return tab
}

// selectSigned sets r = tab[mag−1], negated when neg = 1, and infinity for mag = 0: every
// entry read, one kept by masks, the sign by Opp and a mask.
func (c *Curve[E]) selectSigned(r *Point[E], tab []Point[E], mag, neg uint64) {
	c.selectPoint(r, tab, mag)
	var ny E
	c.p.Opp(&ny, &r.Y)
	m := -neg
	for w := range 4 {
		r.Y[w] = r.Y[w]&^m | ny[w]&m
	}
}

// selectPoint sets r = tab[d−1] for d in 1..len(tab) and infinity for d = 0, reading every
// entry and keeping one by masks: no branch or index depends on the secret digit d.
func (c *Curve[E]) selectPoint(r *Point[E], tab []Point[E], d uint64) {
	*r = Point[E]{Y: c.one}
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

// scalarDigits returns the signed 5-bit (Booth) digits of k, least significant first, as
// magnitudes (0..16) and signs (1 for negative): k = Σ ±mag[i]·32^i. And whether 0 < k < n.
// The range check is a borrow chain and an OR, the recoding masks (OpenSSL's ecp_nistz256
// recoding), without a branch on k; the caller branches on ok only (the error return).
func (c *Curve[E]) scalarDigits(k []byte) (mag, neg [windows]uint64, ok bool) {
	if len(k) != 32 {
		return mag, neg, false
	}
	var w [4]uint64
	for i := range 4 {
		w[i] = binary.BigEndian.Uint64(k[(3-i)*8:])
	}
	var borrow, nz uint64
	for i := range 4 {
		_, borrow = bits.Sub64(w[i], c.p.N[i], borrow)
		nz |= w[i]
	}
	valid := borrow & ((nz | -nz) >> 63)
	for i := range mag {
		in := windowBits(&w, 5*i-1) // bits 5i−1 .. 5i+4
		s := ^((in >> 5) - 1)       // all ones when bit 5 is set: a negative digit
		d := 63 - in
		d = d&s | in&^s
		mag[i], neg[i] = d>>1+d&1, s&1
	}
	clear(w[:])
	return mag, neg, valid == 1
}

// windowBits returns bits pos..pos+5 of w (bits below 0 or above 255 are 0); pos is public.
func windowBits(w *[4]uint64, pos int) uint64 {
	var v uint64
	if pos < 0 {
		v = w[0] << -pos
	} else {
		v = w[pos/64] >> (pos % 64)
		if pos%64 != 0 && pos/64 < 3 {
			v |= w[pos/64+1] << (64 - pos%64)
		}
	}
	return v & 63
}

// decodePoint parses and validates a 65-byte uncompressed SEC 1 point: prefix 0x04, both
// coordinates < p, on the curve. Infinity has no such encoding. The point is public.
func (c *Curve[E]) decodePoint(b []byte) (Point[E], bool) {
	if len(b) != 65 || b[0] != 0x04 {
		return Point[E]{}, false
	}
	x, okx := c.DecodeFE(b[1:33])
	y, oky := c.DecodeFE(b[33:65])
	if !okx || !oky || !c.p.Formulas.OnCurve(&x, &y) {
		return Point[E]{}, false
	}
	return Point[E]{x, y, c.one}, true
}

// encodePoint returns the uncompressed encoding of p. The curves have prime order and k is
// in [1, n), so p is never infinity for valid input; it is still refused (an error) rather
// than encoded as garbage.
func (c *Curve[E]) encodePoint(p *Point[E]) ([]byte, error) {
	if IsZero(&p.Z) == 1 {
		return nil, c.errInfinity
	}
	zinv := c.Invert(&p.Z)
	var x, y E
	c.p.Mul(&x, &p.X, &zinv)
	c.p.Mul(&y, &p.Y, &zinv)
	out := make([]byte, 65)
	out[0] = 0x04
	c.EncodeFE(out[1:33], &x)
	c.EncodeFE(out[33:65], &y)
	return out, nil
}

// ScalarBaseMult returns k·G as a 65-byte uncompressed SEC 1 point. k is 32 bytes
// big-endian with 0 < k < n, else ErrScalar. Constant time in k: 52 additions of signed
// table entries chosen by masks, no doubling.
func (c *Curve[E]) ScalarBaseMult(k []byte) ([]byte, error) {
	mag, neg, ok := c.scalarDigits(k)
	if !ok {
		return nil, c.ErrScalar
	}
	tab := c.baseTable()
	acc := Point[E]{Y: c.one}
	var q Point[E]
	for i := range windows {
		c.selectSigned(&q, tab[i][:], mag[i], neg[i])
		c.p.Formulas.Add(&acc, &acc, &q)
	}
	clear(mag[:])
	clear(neg[:])
	q = Point[E]{}
	return c.encodePoint(&acc)
}

// ScalarMult returns k·P as a 65-byte uncompressed SEC 1 point. k is 32 bytes big-endian
// with 0 < k < n, else ErrScalar; P is a validated 65-byte uncompressed SEC 1 point, else
// ErrPoint (checked first). Constant time in k: a table of 1..16·P, then 51 signed 5-bit
// windows of five doublings (Double5) and one addition of ±(an entry chosen by masks);
// digit 0 selects infinity.
func (c *Curve[E]) ScalarMult(k, p []byte) ([]byte, error) {
	var tab [16]Point[E]
	var ok bool
	if tab[0], ok = c.decodePoint(p); !ok {
		return nil, c.ErrPoint
	}
	mag, neg, ok := c.scalarDigits(k)
	if !ok {
		return nil, c.ErrScalar
	}
	f := c.p.Formulas
	for j := 2; j <= 16; j++ { // 2j·P by doubling, odd multiples by adding P
		if j%2 == 0 {
			f.Double(&tab[j-1], &tab[j/2-1])
		} else {
			f.Add(&tab[j-1], &tab[j-2], &tab[0])
		}
	}
	var acc, q Point[E]
	c.selectSigned(&acc, tab[:], mag[windows-1], neg[windows-1]) // the top digit is >= 0
	for i := windows - 2; i >= 0; i-- {
		f.Double5(&acc)
		c.selectSigned(&q, tab[:], mag[i], neg[i])
		f.Add(&acc, &acc, &q)
	}
	clear(mag[:])
	clear(neg[:])
	clear(tab[:])
	q = Point[E]{}
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
