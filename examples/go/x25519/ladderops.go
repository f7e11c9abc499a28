package x25519

import (
	"encoding/binary"
	"math/bits"

	fe "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
)

// The ladder's other operations, in plain Go on the generated package's Element (4×64,
// any limbs: a value below 2^256 congruent to the element mod p). They are not generated
// by `cryptopt gopkg` (see docs/x25519.md, Go section): each is a handful of instructions
// that the Go compiler inlines, where a call to a Go assembly function cannot be inlined
// and costs more than the body.

// fromBytes sets out to the little-endian u-coordinate with bit 255 masked (RFC 7748
// §5); a non-canonical value in [p, 2^255) is kept as it is, which is that value mod p.
func fromBytes(out *fe.Element, b *[Size]byte) {
	out[0] = binary.LittleEndian.Uint64(b[0:])
	out[1] = binary.LittleEndian.Uint64(b[8:])
	out[2] = binary.LittleEndian.Uint64(b[16:])
	out[3] = binary.LittleEndian.Uint64(b[24:]) & (1<<63 - 1)
}

// toBytes writes the canonical encoding of a (value mod p, little-endian), branch-free:
// fold bit 255 (2^255 ≡ 19), then subtract p once if the value is still ≥ p.
func toBytes(out *[Size]byte, a *fe.Element) {
	v := *a
	top := v[3] >> 63
	v[3] &= 1<<63 - 1
	add19(&v, 19*top) // v < 2^255 + 19 < 2p
	// q = 1 iff v ≥ p iff v + 19 ≥ 2^255.
	w := v
	add19(&w, 19)
	q := w[3] >> 63
	add19(&v, 19*q) // v + 19 − 2^255 = v − p when q = 1 (bit 255 dropped below)
	v[3] &= 1<<63 - 1
	binary.LittleEndian.PutUint64(out[0:], v[0])
	binary.LittleEndian.PutUint64(out[8:], v[1])
	binary.LittleEndian.PutUint64(out[16:], v[2])
	binary.LittleEndian.PutUint64(out[24:], v[3])
}

// add19 adds the small k to v (v + k < 2^256 at every call site).
func add19(v *fe.Element, k uint64) {
	var c uint64
	v[0], c = bits.Add64(v[0], k, 0)
	v[1], c = bits.Add64(v[1], 0, c)
	v[2], c = bits.Add64(v[2], 0, c)
	v[3], _ = bits.Add64(v[3], 0, c)
}

// cswap swaps a and b when swap is 1 and leaves them when it is 0, by masks only.
func cswap(a, b *fe.Element, swap uint64) {
	m := -swap
	for i := range a {
		t := m & (a[i] ^ b[i])
		a[i] ^= t
		b[i] ^= t
	}
}
