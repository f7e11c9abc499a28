package x25519

import (
	"crypto/subtle"
	"errors"
	"fmt"

	fe "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
)

// Size is the length of a scalar, a point (u-coordinate) and a shared secret.
const Size = 32

// errLowOrder is the error of golang.org/x/crypto/curve25519 for an all-zero result.
var errLowOrder = errors.New("bad input point: low order point")

// X25519 returns the RFC 7748 function scalar·point: the scalar is clamped, the point's
// top bit is ignored and a non-canonical u (≥ p) is taken mod p. As
// golang.org/x/crypto/curve25519.X25519, it returns an error for inputs that are not 32
// bytes long and for an all-zero output (a low-order point).
func X25519(scalar, point []byte) ([]byte, error) {
	if l := len(scalar); l != Size {
		return nil, fmt.Errorf("bad scalar length: %d, expected %d", l, Size)
	}
	if l := len(point); l != Size {
		return nil, fmt.Errorf("bad point length: %d, expected %d", l, Size)
	}
	var out [Size]byte
	scalarMult(&out, (*[Size]byte)(scalar), (*[Size]byte)(point))
	// The output is public once computed: the all-zero test is constant-time anyway.
	var zero [Size]byte
	if subtle.ConstantTimeCompare(out[:], zero[:]) == 1 {
		return nil, errLowOrder
	}
	return out[:], nil
}

// scalarMult is the Montgomery ladder of RFC 7748 §5. Every field operation is
// straight-line code, the loop counts are fixed, the scalar's bits reach only cswap's
// masks, and e is indexed by the public loop counter: nothing branches on, or indexes by,
// a secret.
func scalarMult(out *[Size]byte, scalar, point *[Size]byte) {
	var e [Size]byte
	copy(e[:], scalar[:])
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64

	// The ladder state (x2, x3, z2, z3) lives in two buffers used in turn, so that
	// LadderStep never writes the state it reads (out == in would copy through a temporary).
	var x1 fe.Element
	var bufs [2][4]fe.Element
	fromBytes(&x1, point)
	st, next := &bufs[0], &bufs[1]
	st[0], st[1], st[2], st[3] = fe.Element{1}, x1, fe.Element{}, fe.Element{1}
	swap := uint64(0)
	for i := 254; i >= 0; i-- {
		bit := uint64(e[i>>3]>>(uint(i)&7)) & 1
		swap ^= bit
		cswap(&st[0], &st[1], swap)
		cswap(&st[2], &st[3], swap)
		swap = bit
		// One generated function: the field's add, sub, square, mul and scmul inlined
		// and scheduled together (fields.OpLadderStep; RFC 7748 §5's step).
		fe.LadderStep(next, st, &x1)
		st, next = next, st
	}
	cswap(&st[0], &st[1], swap)
	cswap(&st[2], &st[3], swap)

	var s, t fe.Element
	x2, z2 := &st[0], &st[2]
	invert(&t, z2) // out and z distinct
	fe.Mul(&s, x2, &t)
	toBytes(out, &s)

	// Wipe the secrets this function holds (best effort: the compiler may keep copies).
	e = [Size]byte{}
	bufs, s, t = [2][4]fe.Element{}, fe.Element{}, fe.Element{}
}

// squareN sets out = a^(2^n), n ≥ 1, with u as scratch (out, a and u distinct).
func squareN(out, a, u *fe.Element, n int) {
	// Alternate between out and u so that no call aliases; end in out.
	src := a
	for i := n; i > 0; i-- {
		dst := out
		if i%2 == 0 {
			dst = u
		}
		fe.Square(dst, src)
		src = dst
	}
}

// invert sets out = z^(p−2) = 1/z (0 for z = 0) by the fixed addition chain of ref10:
// 254 squarings and 11 multiplications, the same for every z.
func invert(out, z *fe.Element) {
	var z2, z9, z11, z5, z10, z20, z40, z50, z100, z200, z250, t, u fe.Element
	fe.Square(&z2, z)           // 2
	squareN(&t, &z2, &u, 2)     // 8
	fe.Mul(&z9, &t, z)          // 9
	fe.Mul(&z11, &z9, &z2)      // 11
	fe.Square(&t, &z11)         // 22
	fe.Mul(&z5, &t, &z9)        // 2^5 − 1
	squareN(&t, &z5, &u, 5)     // 2^10 − 2^5
	fe.Mul(&z10, &t, &z5)       // 2^10 − 1
	squareN(&t, &z10, &u, 10)   // 2^20 − 2^10
	fe.Mul(&z20, &t, &z10)      // 2^20 − 1
	squareN(&t, &z20, &u, 20)   // 2^40 − 2^20
	fe.Mul(&z40, &t, &z20)      // 2^40 − 1
	squareN(&t, &z40, &u, 10)   // 2^50 − 2^10
	fe.Mul(&z50, &t, &z10)      // 2^50 − 1
	squareN(&t, &z50, &u, 50)   // 2^100 − 2^50
	fe.Mul(&z100, &t, &z50)     // 2^100 − 1
	squareN(&t, &z100, &u, 100) // 2^200 − 2^100
	fe.Mul(&z200, &t, &z100)    // 2^200 − 1
	squareN(&t, &z200, &u, 50)  // 2^250 − 2^50
	fe.Mul(&z250, &t, &z50)     // 2^250 − 1
	squareN(&t, &z250, &u, 5)   // 2^255 − 2^5
	fe.Mul(out, &t, &z11)       // 2^255 − 21 = p − 2
}
