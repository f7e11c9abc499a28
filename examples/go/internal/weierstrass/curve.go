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
	// AddAffine sets r = p + (x, y) for an affine (x, y); r may alias p.
	AddAffine(r, p *Point[E], x, y *E)
	// Invert sets r = 1/a (0 for a = 0), by the curve's fixed addition chain for p − 2.
	Invert(r, a *E)
	// Double sets r = 2p; r may alias p.
	Double(r, p *Point[E])
	// Double5 sets p = 32p (Jacobian doublings in between; exact on every point).
	Double5(p *Point[E])
	// OnCurve reports whether the affine (x, y) (Montgomery domain) is on the curve.
	OnCurve(x, y *E) bool
}

// Params describes a curve: its 256-bit constants as 4 little-endian 64-bit words, plain
// (not Montgomery) values, its field's Mul and Opp (out may alias the inputs), and its
// formulas.
type Params[E Element] struct {
	Name     string    // in error messages
	P, N     [4]uint64 // the field prime, the group order
	R2       E         // 2^512 mod p: Mul(x, R2) moves x into the Montgomery domain
	Gx, Gy   E         // the generator
	Mul      func(out, a, b *E)
	Opp      func(out, a *E)
	Formulas Formulas[E]
}

// Curve is k·G and k·P on one curve; it is read-only after New (the k·G table is built at
// first use by sync.OnceValue), so it may be used concurrently.
type Curve[E Element] struct {
	p   Params[E]
	one E
	g   Point[E]
	// baseTable returns tab[i][j−1] = j·64^i·G (affine) for j in 1..32 (43×32 points,
	// 86 KiB): k·G is the sum over i of ±tab[i][|d_i| − 1] for the signed 6-bit digits d_i.
	baseTable func() *[baseWindows][32]Affine[E]
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

// Affine is an affine point (x, y) in the Montgomery domain.
type Affine[E Element] struct{ X, Y E }

// windows and baseWindows are the numbers of signed 5-bit (k·P) and 6-bit (k·G) digits of
// a 256-bit scalar (the recoding reads one bit above it).
const (
	windows     = 52
	baseWindows = 43
)

func (c *Curve[E]) newBaseTable() *[baseWindows][32]Affine[E] {
	tab := new([baseWindows][32]Affine[E])
	var row [32]Point[E]
	row[0] = c.g
	for i := range tab {
		for j := 1; j < 32; j++ {
			c.p.Formulas.Add(&row[j], &row[j-1], &row[0])
		}
		c.normalize(&tab[i], &row)
		c.p.Formulas.Double(&row[0], &row[31]) // 64·64^i·G
	}
	return tab
}

// normalize sets out to the affine forms of row by one inversion (Montgomery's trick); no
// entry is infinity (j·64^i < n).
func (c *Curve[E]) normalize(out *[32]Affine[E], row *[32]Point[E]) {
	var prod [32]E
	prod[0] = row[0].Z
	for j := 1; j < 32; j++ {
		c.p.Mul(&prod[j], &prod[j-1], &row[j].Z)
	}
	inv := c.Invert(&prod[31])
	for j := 31; j >= 0; j-- {
		zinv := inv
		if j > 0 {
			c.p.Mul(&zinv, &inv, &prod[j-1]) // 1/Z_j
			c.p.Mul(&inv, &inv, &row[j].Z)   // 1/(Z_0 ... Z_{j−1})
		}
		c.p.Mul(&out[j].X, &row[j].X, &zinv)
		c.p.Mul(&out[j].Y, &row[j].Y, &zinv)
	}
}

// selectAffine sets r = ±tab[mag−1] (garbage for mag = 0: the caller masks it), reading
// every entry and keeping one by masks, the sign by Opp and a mask.
func (c *Curve[E]) selectAffine(r *Affine[E], tab []Affine[E], mag, neg uint64) {
	*r = Affine[E]{}
	for j := range tab {
		diff := uint64(j+1) ^ mag
		mask := -((diff - 1) >> 63) // all ones exactly when diff = 0 (diff < 2^63)
		e := &tab[j]
		for w := range 4 {
			r.X[w] |= e.X[w] & mask
			r.Y[w] |= e.Y[w] & mask
		}
	}
	var ny E
	c.p.Opp(&ny, &r.Y)
	m := -neg
	for w := range 4 {
		r.Y[w] = r.Y[w]&^m | ny[w]&m
	}
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

// scalarDigits returns the count signed w-bit (Booth) digits of k, least significant first,
// as magnitudes (0..2^(w−1)) and signs (1 for negative): k = Σ ±mag[i]·2^(w·i) (the top
// digit is ≥ 0 when k < 2^(w·count − 1)). And whether 0 < k < n.
// The range check is a borrow chain and an OR, the recoding masks (OpenSSL's ecp_nistz256
// recoding), without a branch on k; the caller branches on ok only (the error return).
func (c *Curve[E]) scalarDigits(k []byte, w uint, count int) (mag, neg [windows]uint64, ok bool) {
	if len(k) != 32 {
		return mag, neg, false
	}
	var words [4]uint64
	for i := range 4 {
		words[i] = binary.BigEndian.Uint64(k[(3-i)*8:])
	}
	var borrow, nz uint64
	for i := range 4 {
		_, borrow = bits.Sub64(words[i], c.p.N[i], borrow)
		nz |= words[i]
	}
	valid := borrow & ((nz | -nz) >> 63)
	for i := range count {
		in := windowBits(&words, int(w)*i-1, w+1) // bits w·i−1 .. w·i+w−1
		s := ^((in >> w) - 1)                     // all ones when bit w is set: a negative digit
		d := (1<<(w+1) - 1) - in
		d = d&s | in&^s
		mag[i], neg[i] = d>>1+d&1, s&1
	}
	clear(words[:])
	return mag, neg, valid == 1
}

// windowBits returns bits pos..pos+n−1 of w (n ≤ 8; bits below 0 or above 255 are 0); pos
// is public.
func windowBits(w *[4]uint64, pos int, n uint) uint64 {
	var v uint64
	if pos < 0 {
		v = w[0] << -pos
	} else {
		v = w[pos/64] >> (pos % 64)
		if pos%64 != 0 && pos/64 < 3 {
			v |= w[pos/64+1] << (64 - pos%64)
		}
	}
	return v & (1<<n - 1)
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
// big-endian with 0 < k < n, else ErrScalar. Constant time in k: 43 mixed additions of
// signed affine table entries chosen by masks, no doubling; digit 0 keeps the accumulator
// by a mask (the table has no infinity; the complete formula takes any accumulator).
func (c *Curve[E]) ScalarBaseMult(k []byte) ([]byte, error) {
	mag, neg, ok := c.scalarDigits(k, 6, baseWindows)
	if !ok {
		return nil, c.ErrScalar
	}
	tab := c.baseTable()
	acc := Point[E]{Y: c.one}
	var q Affine[E]
	var r Point[E]
	for i := range baseWindows {
		c.selectAffine(&q, tab[i][:], mag[i], neg[i])
		c.p.Formulas.AddAffine(&r, &acc, &q.X, &q.Y)
		keep := ((mag[i] - 1) >> 63) - 1 // all ones exactly when mag ≠ 0
		for w := range 4 {
			acc.X[w] = acc.X[w]&^keep | r.X[w]&keep
			acc.Y[w] = acc.Y[w]&^keep | r.Y[w]&keep
			acc.Z[w] = acc.Z[w]&^keep | r.Z[w]&keep
		}
	}
	clear(mag[:])
	clear(neg[:])
	q, r = Affine[E]{}, Point[E]{}
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
	mag, neg, ok := c.scalarDigits(k, 5, windows)
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
