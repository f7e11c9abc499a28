package weierstrass

import "math/bits"

// Constant-time modular inversion by Bernstein–Yang divsteps ("safegcd", CHES 2019):
// x^-1 mod p for an odd p < 2^256 and 0 ≤ x < p (0 gives 0), on plain integers. A port of
// the C code's inv.inc (libsecp256k1's secp256k1_modinv64, constant-time variant): numbers
// in 5 signed limbs of 62 bits, 10 batches of 59 divsteps (590, the bound for 256-bit
// inputs), each batch a 2×2 matrix applied to (f, g) and, mod p, to (d, e). It replaces
// x^(p−2) by an addition chain (255 squarings and 12–15 multiplications, ~270 calls of
// the field's assembly). No branch or index depends on x: the conditions are masks.

// s62 is sum v[i]·2^(62·i); v[0..3] in [0, 2^62) when normalized.
type s62 [5]int64

const m62 = ^uint64(0) >> 2

func s62FromWords(a *[4]uint64) s62 {
	return s62{
		int64(a[0] & m62),
		int64((a[0]>>62 | a[1]<<2) & m62),
		int64((a[1]>>60 | a[2]<<4) & m62),
		int64((a[2]>>58 | a[3]<<6) & m62),
		int64(a[3] >> 56),
	}
}

// words returns r for 0 ≤ r < 2^256 with limbs 0..3 in [0, 2^62).
func (r *s62) words() [4]uint64 {
	v0, v1, v2, v3, v4 := uint64(r[0]), uint64(r[1]), uint64(r[2]), uint64(r[3]), uint64(r[4])
	return [4]uint64{v0 | v1<<62, v1>>2 | v2<<60, v2>>4 | v3<<58, v3>>6 | v4<<56}
}

// inverter holds an odd modulus p in s62 limbs and pinv = p^-1 mod 2^62.
type inverter struct {
	p    s62
	pinv uint64
}

func newInverter(p *[4]uint64) inverter {
	pinv := p[0] // Newton: each step doubles the correct low bits (3 → 96)
	for range 5 {
		pinv *= 2 - p[0]*pinv
	}
	return inverter{p: s62FromWords(p), pinv: pinv & m62}
}

// trans is the transition matrix of 59 divsteps, scaled by 2^62.
type trans struct{ u, v, q, r int64 }

// divsteps59 runs 59 divsteps on the low 64 bits f0, g0 of f, g (f odd), zeta = −(delta +
// 1/2); it returns the new zeta. libsecp256k1's secp256k1_modinv64_divsteps_59.
func divsteps59(zeta int64, f0, g0 uint64, t *trans) int64 {
	u, v, q, r := uint64(8), uint64(0), uint64(0), uint64(8) // 8 = 2^3: scaled by 2^62
	f, g := f0, g0
	for range 59 {
		c1 := uint64(zeta >> 63) // zeta < 0 (delta > 0)
		mask2 := -(g & 1)
		x, y, z := (f^c1)-c1, (u^c1)-c1, (v^c1)-c1 // f, u, v negated when zeta < 0
		g += x & mask2                             // added to g, q, r when g is odd
		q += y & mask2
		r += z & mask2
		mask1 := c1 & mask2 // zeta < 0 and g odd: (f, g) = (g, g − f), delta = 1 − delta
		zeta = (zeta ^ int64(mask1)) - 1
		f += g & mask1
		u += q & mask1
		v += r & mask1
		g >>= 1
		u <<= 1
		v <<= 1
	}
	t.u, t.v, t.q, t.r = int64(u), int64(v), int64(q), int64(r)
	return zeta
}

// i128 is a signed 128-bit accumulator (two's complement).
type i128 struct{ lo, hi uint64 }

// mulAdd returns c + a·b (signed 64×64 → 128).
func (c i128) mulAdd(a, b int64) i128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a) // the unsigned product's excess
	var carry uint64
	c.lo, carry = bits.Add64(c.lo, lo, 0)
	c.hi += hi + carry
	return c
}

// mulAddPos returns c + a·b for b ≥ 0 (limbs 0..3 of a normalized s62, and p's limbs):
// only a's sign needs the correction.
func (c i128) mulAddPos(a, b int64) i128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63) & uint64(b)
	var carry uint64
	c.lo, carry = bits.Add64(c.lo, lo, 0)
	c.hi += hi + carry
	return c
}

// shr62 returns c >> 62 (arithmetic).
func (c i128) shr62() i128 { return i128{c.lo>>62 | c.hi<<2, uint64(int64(c.hi) >> 62)} }

// updateDE sets (d, e) = t·(d, e) / 2^62 mod p, kept in (−2p, p): multiples md, me of p are
// added so that the low 62 bits vanish before the shift.
func (iv *inverter) updateDE(d, e *s62, t *trans) {
	u, v, q, r := t.u, t.v, t.q, t.r
	sd, se := d[4]>>63, e[4]>>63
	md, me := (u&sd)+(v&se), (q&sd)+(r&se)
	cd := i128{}.mulAddPos(u, d[0]).mulAddPos(v, e[0])
	ce := i128{}.mulAddPos(q, d[0]).mulAddPos(r, e[0])
	md -= int64((iv.pinv*cd.lo + uint64(md)) & m62)
	me -= int64((iv.pinv*ce.lo + uint64(me)) & m62)
	cd = cd.mulAddPos(md, iv.p[0]).shr62()
	ce = ce.mulAddPos(me, iv.p[0]).shr62()
	for i := 1; i < 4; i++ {
		cd = cd.mulAddPos(u, d[i]).mulAddPos(v, e[i]).mulAddPos(md, iv.p[i])
		ce = ce.mulAddPos(q, d[i]).mulAddPos(r, e[i]).mulAddPos(me, iv.p[i])
		d[i-1], e[i-1] = int64(cd.lo&m62), int64(ce.lo&m62)
		cd, ce = cd.shr62(), ce.shr62()
	}
	cd = cd.mulAdd(u, d[4]).mulAdd(v, e[4]).mulAddPos(md, iv.p[4]) // limb 4 is signed
	ce = ce.mulAdd(q, d[4]).mulAdd(r, e[4]).mulAddPos(me, iv.p[4])
	d[3], e[3] = int64(cd.lo&m62), int64(ce.lo&m62)
	cd, ce = cd.shr62(), ce.shr62()
	d[4], e[4] = int64(cd.lo), int64(ce.lo)
}

// updateFG sets (f, g) = t·(f, g) / 2^62 (exact: the low 62 bits are zero).
func updateFG(f, g *s62, t *trans) {
	u, v, q, r := t.u, t.v, t.q, t.r
	cf := i128{}.mulAddPos(u, f[0]).mulAddPos(v, g[0]).shr62()
	cg := i128{}.mulAddPos(q, f[0]).mulAddPos(r, g[0]).shr62()
	for i := 1; i < 4; i++ {
		cf = cf.mulAddPos(u, f[i]).mulAddPos(v, g[i])
		cg = cg.mulAddPos(q, f[i]).mulAddPos(r, g[i])
		f[i-1], g[i-1] = int64(cf.lo&m62), int64(cg.lo&m62)
		cf, cg = cf.shr62(), cg.shr62()
	}
	cf = cf.mulAdd(u, f[4]).mulAdd(v, g[4]) // limb 4 is signed
	cg = cg.mulAdd(q, f[4]).mulAdd(r, g[4])
	f[3], g[3] = int64(cf.lo&m62), int64(cg.lo&m62)
	cf, cg = cf.shr62(), cg.shr62()
	f[4], g[4] = int64(cf.lo), int64(cg.lo)
}

// normalize sets r = r·sign(f) mod p in [0, p), from r in (−2p, p); sign < 0 means f = −1.
func (iv *inverter) normalize(r *s62, sign int64) {
	add := r[4] >> 63 // r < 0: + p, into (−p, p)
	for i := range r {
		r[i] += iv.p[i] & add
	}
	neg := sign >> 63
	for i := range r {
		r[i] = (r[i] ^ neg) - neg
	}
	carry62(r)
	add = r[4] >> 63 // still < 0: + p, into [0, p)
	for i := range r {
		r[i] += iv.p[i] & add
	}
	carry62(r)
}

func carry62(r *s62) {
	for i := range 4 {
		r[i+1] += r[i] >> 62
		r[i] &= int64(m62)
	}
}

// inverse returns x^-1 mod p (0 for x = 0) for a plain 0 ≤ x < p.
func (iv *inverter) inverse(x *[4]uint64) [4]uint64 {
	d, e, f, g := s62{}, s62{1}, iv.p, s62FromWords(x)
	zeta := int64(-1) // delta = 1/2
	var t trans
	for range 10 {
		zeta = divsteps59(zeta, uint64(f[0]), uint64(g[0]), &t) // the low 62 bits suffice
		iv.updateDE(&d, &e, &t)
		updateFG(&f, &g, &t)
	}
	iv.normalize(&d, f[4]) // f = ±1 now (gcd(x, p) = 1, or x = 0 and d = 0)
	w := d.words()
	d, e, f, g, t = s62{}, s62{}, s62{}, s62{}, trans{} // best effort: Go may have copies
	return w
}
