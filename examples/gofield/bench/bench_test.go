package bench

import (
	"math/rand"
	"testing"

	"filippo.io/edwards25519/field"
	"github.com/cloudflare/circl/math/fp25519"
	"github.com/cloudflare/circl/math/fp448"

	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_saturated"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_solinas"
)

// The inputs are fixed random field elements in each library's own representation; the
// conversions are not part of the timed operation.

func randBytes(n int) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(int64(n))).Read(b)
	b[n-1] &= 0x3f
	return b
}

func BenchmarkCurve25519(b *testing.B) {
	b.Run("ours_4x64/Mul", func(b *testing.B) {
		x, y := curve25519_solinas.Element{1, 2, 3, 4}, curve25519_solinas.Element{5, 6, 7, 8}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Mul(&z, &x, &y)
		}
	})
	b.Run("ours_4x64/Square", func(b *testing.B) {
		x := curve25519_solinas.Element{1, 2, 3, 4}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Square(&z, &x)
		}
	})
	b.Run("ours_5x51/Mul", func(b *testing.B) {
		x, y := curve25519.Element{1, 2, 3, 4, 5}, curve25519.Element{6, 7, 8, 9, 10}
		var z curve25519.Element
		for b.Loop() {
			curve25519.Mul(&z, &x, &y)
		}
	})
	b.Run("ours_5x51/Square", func(b *testing.B) {
		x := curve25519.Element{1, 2, 3, 4, 5}
		var z curve25519.Element
		for b.Loop() {
			curve25519.Square(&z, &x)
		}
	})
	b.Run("circl_fp25519/Mul", func(b *testing.B) {
		var x, y, z fp25519.Elt
		copy(x[:], randBytes(32))
		copy(y[:], randBytes(32))
		for b.Loop() {
			fp25519.Mul(&z, &x, &y)
		}
	})
	b.Run("circl_fp25519/Sqr", func(b *testing.B) {
		var x, z fp25519.Elt
		copy(x[:], randBytes(32))
		for b.Loop() {
			fp25519.Sqr(&z, &x)
		}
	})
	b.Run("filippo_field/Multiply", func(b *testing.B) {
		x, _ := new(field.Element).SetBytes(randBytes(32))
		y, _ := new(field.Element).SetBytes(randBytes(32))
		var z field.Element
		for b.Loop() {
			z.Multiply(x, y)
		}
	})
	b.Run("filippo_field/Square", func(b *testing.B) {
		x, _ := new(field.Element).SetBytes(randBytes(32))
		var z field.Element
		for b.Loop() {
			z.Square(x)
		}
	})
}

func BenchmarkP448(b *testing.B) {
	// One random pair, as circl's bytes and converted to our two representations outside
	// the timed loops; Mul and Square of the three run interleaved (ours 7×64, ours 8×56,
	// circl), so -count repeats the comparison side by side.
	xb, yb := randBytes(56), append(randBytes(55), 0)
	x7, y7 := sat448(xb), sat448(yb)
	x8, y8 := solinas448(xb), solinas448(yb)
	var xc, yc fp448.Elt
	copy(xc[:], xb)
	copy(yc[:], yb)
	b.Run("ours_7x64/Mul", func(b *testing.B) {
		var z p448_saturated.Element
		for b.Loop() {
			p448_saturated.Mul(&z, &x7, &y7)
		}
	})
	b.Run("ours_8x56/Mul", func(b *testing.B) {
		var z p448_solinas.Element
		for b.Loop() {
			p448_solinas.Mul(&z, &x8, &y8)
		}
	})
	b.Run("circl_fp448/Mul", func(b *testing.B) {
		var z fp448.Elt
		for b.Loop() {
			fp448.Mul(&z, &xc, &yc)
		}
	})
	b.Run("ours_7x64/Square", func(b *testing.B) {
		var z p448_saturated.Element
		for b.Loop() {
			p448_saturated.Square(&z, &x7)
		}
	})
	b.Run("ours_8x56/Square", func(b *testing.B) {
		var z p448_solinas.Element
		for b.Loop() {
			p448_solinas.Square(&z, &x8)
		}
	})
	b.Run("circl_fp448/Sqr", func(b *testing.B) {
		var z fp448.Elt
		for b.Loop() {
			fp448.Sqr(&z, &xc)
		}
	})
}
