package weierstrass

import "unsafe"

// Constant-time table lookups: every entry is read and one kept by masks, so no branch or
// index depends on the secret digit. Tables hold one array per coordinate (Table16,
// AffineRow). On amd64 the lookups are assembly (select_amd64.s: AVX2, 32 bytes per
// operation, or SSE2, 16; the mask from one compare per entry); elsewhere, and with -tags
// purego, Go (selectGo). In Go one loop gathers one coordinate's four words in registers: twelve at
// once, a whole point, did not fit and spilled (callgrind: 1,520 → 960 instructions per
// 16-entry point lookup), and so did eight.

// Table16 holds the points j·P for j in 1..16 (entry j−1), one array per coordinate.
type Table16[E Element] struct{ X, Y, Z [16]E }

// Set sets entry j to p, word by word (see Point.Set).
func (t *Table16[E]) Set(j int, p *Point[E]) {
	SetFE(&t.X[j], &p.X)
	SetFE(&t.Y[j], &p.Y)
	SetFE(&t.Z[j], &p.Z)
}

// SetJac sets entry j to the Jacobian p = (X, Y, Z) (the fused field ops' layout).
func (t *Table16[E]) SetJac(j int, p *[3]E) {
	SetFE(&t.X[j], &p[0])
	SetFE(&t.Y[j], &p[1])
	SetFE(&t.Z[j], &p[2])
}

// LookupJac sets r = entry d−1 for d in 1..16 and (0:one:0) for d = 0 (infinity,
// projective or Jacobian), by masks; r is (X, Y, Z) in the fused field ops' layout.
func (t *Table16[E]) LookupJac(r *[3]E, d uint64, one *E) {
	select3(words(&r[0]), words(&t.X[0]), len(t.X), int(unsafe.Sizeof(t.X)), d)
	Choose(&r[1], one, -((d - 1) >> 63)) // all ones exactly when d = 0 (d < 2^63)
}

// Lookup is LookupJac into a Point.
func (t *Table16[E]) Lookup(r *Point[E], d uint64, one *E) {
	t.LookupJac((*[3]E)(unsafe.Pointer(r)), d, one) // Point is three E, unpadded
}

// Lookup sets q = entry d−1 for d in 1..BaseRow and (0, 0) for d = 0 (the caller masks it).
func (row *AffineRow[E]) Lookup(q *[2]E, d uint64) {
	select2(words(&q[0]), words(&row.X[0]), len(row.X), int(unsafe.Sizeof(row.X)), d)
}

func words[E Element](e *E) *[4]uint64 { return (*[4]uint64)(unsafe.Pointer(e)) }

// selectGo is select2 and select3 in Go (k coordinates): tab[c·stride + j] kept by the
// mask of j + 1 = d, for each coordinate c, into out[c].
func selectGo(out *[4]uint64, tab *[4]uint64, n, stride, k int, d uint64) {
	var m [BaseRow]uint64
	masks := m[:n]
	for j := range masks {
		masks[j] = match(j, d)
	}
	for c := range k {
		col := unsafe.Slice((*[4]uint64)(unsafe.Add(unsafe.Pointer(tab), c*stride)), n)
		r := (*[4]uint64)(unsafe.Add(unsafe.Pointer(out), c*32))
		var w0, w1, w2, w3 uint64
		for j := range col {
			mj, e := masks[j], &col[j]
			w0, w1, w2, w3 = w0|e[0]&mj, w1|e[1]&mj, w2|e[2]&mj, w3|e[3]&mj
		}
		r[0], r[1], r[2], r[3] = w0, w1, w2, w3
	}
}

// SetFE sets dst = src one 64-bit word at a time (see Point.Set).
func SetFE[E Element](dst, src *E) {
	(*dst)[0], (*dst)[1], (*dst)[2], (*dst)[3] = (*src)[0], (*src)[1], (*src)[2], (*src)[3]
}
