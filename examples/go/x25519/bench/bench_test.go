package bench

import (
	"crypto/ecdh"
	"math/rand"
	"testing"

	"filippo.io/edwards25519/field"
	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/cloudflare/circl/math/fp25519"

	"github.com/rules-cryptopt/rules_cryptopt/examples/go/x25519"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
)

// One seeded random scalar and point for every implementation; key parsing is done
// before the timed loop (the most favourable case for crypto/ecdh and circl).
func inputs() (k, u [32]byte) {
	rng := rand.New(rand.NewSource(1))
	rng.Read(k[:])
	rng.Read(u[:])
	u[31] &= 0x7f
	return k, u
}

// TestSameResults: the three implementations agree on the benchmark's input, so the
// benchmark times the same computation.
func TestSameResults(t *testing.T) {
	k, u := inputs()
	ours, err := x25519.X25519(k[:], u[:])
	if err != nil {
		t.Fatal(err)
	}
	priv, _ := ecdh.X25519().NewPrivateKey(k[:])
	pub, _ := ecdh.X25519().NewPublicKey(u[:])
	std, err := priv.ECDH(pub)
	if err != nil {
		t.Fatal(err)
	}
	var ck, cu, cs circl.Key
	copy(ck[:], k[:])
	copy(cu[:], u[:])
	if !circl.Shared(&cs, &ck, &cu) {
		t.Fatal("circl refused")
	}
	if string(ours) != string(std) || string(std) != string(cs[:]) {
		t.Fatalf("ours %x, crypto/ecdh %x, circl %x", ours, std, cs)
	}
}

// BenchmarkX25519 runs every implementation in one benchmark function, so that
// -count N interleaves them (bench.sh takes medians).
func BenchmarkX25519(b *testing.B) {
	k, u := inputs()
	b.Run("ours_4x64", func(b *testing.B) {
		for b.Loop() {
			if _, err := x25519.X25519(k[:], u[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("crypto_ecdh", func(b *testing.B) {
		priv, _ := ecdh.X25519().NewPrivateKey(k[:])
		pub, _ := ecdh.X25519().NewPublicKey(u[:])
		for b.Loop() {
			if _, err := priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("circl", func(b *testing.B) {
		var ck, cu, cs circl.Key
		copy(ck[:], k[:])
		copy(cu[:], u[:])
		for b.Loop() {
			if !circl.Shared(&cs, &ck, &cu) {
				b.Fatal("circl refused")
			}
		}
	})
}

// BenchmarkFieldMul and BenchmarkFieldSquare time the field code each X25519 uses
// (filippo.io/edwards25519/field is the code of crypto/ecdh's internal field package).
func BenchmarkFieldMul(b *testing.B) {
	b.Run("ours_4x64", func(b *testing.B) {
		x, y := curve25519_solinas.Element{1, 2, 3, 4}, curve25519_solinas.Element{5, 6, 7, 8}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Mul(&z, &x, &y)
		}
	})
	b.Run("crypto_ecdh", func(b *testing.B) {
		x, y := elt(1), elt(2)
		var z field.Element
		for b.Loop() {
			z.Multiply(x, y)
		}
	})
	b.Run("circl", func(b *testing.B) {
		var x, y, z fp25519.Elt
		rand.New(rand.NewSource(1)).Read(x[:])
		rand.New(rand.NewSource(2)).Read(y[:])
		for b.Loop() {
			fp25519.Mul(&z, &x, &y)
		}
	})
}

func BenchmarkFieldSquare(b *testing.B) {
	b.Run("ours_4x64", func(b *testing.B) {
		x := curve25519_solinas.Element{1, 2, 3, 4}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Square(&z, &x)
		}
	})
	b.Run("crypto_ecdh", func(b *testing.B) {
		x := elt(1)
		var z field.Element
		for b.Loop() {
			z.Square(x)
		}
	})
	b.Run("circl", func(b *testing.B) {
		var x, z fp25519.Elt
		rand.New(rand.NewSource(1)).Read(x[:])
		for b.Loop() {
			fp25519.Sqr(&z, &x)
		}
	})
}

func elt(seed int64) *field.Element {
	var buf [32]byte
	rand.New(rand.NewSource(seed)).Read(buf[:])
	buf[31] &= 0x7f
	e, err := new(field.Element).SetBytes(buf[:])
	if err != nil {
		panic(err)
	}
	return e
}

// BenchmarkFieldChain times dependent operations (each input is the previous output), as
// in the ladder, where BenchmarkFieldMul and BenchmarkFieldSquare (independent calls)
// give throughput; one op of the chain per iteration. Add is the generated add for ours,
// Add for crypto/ecdh's field and fp25519.Add for circl.
func BenchmarkFieldChain(b *testing.B) {
	b.Run("ours_4x64/Mul", func(b *testing.B) {
		x, y := curve25519_solinas.Element{1, 2, 3, 4}, curve25519_solinas.Element{5, 6, 7, 8}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Mul(&z, &x, &y)
			x, z = z, x
		}
	})
	b.Run("ours_4x64/Add", func(b *testing.B) {
		x, y := curve25519_solinas.Element{1, 2, 3, 4}, curve25519_solinas.Element{5, 6, 7, 8}
		var z curve25519_solinas.Element
		for b.Loop() {
			curve25519_solinas.Add(&z, &x, &y)
			x, z = z, x
		}
	})
	b.Run("crypto_ecdh/Mul", func(b *testing.B) {
		x, y := elt(1), elt(2)
		for b.Loop() {
			x.Multiply(x, y)
		}
	})
	b.Run("crypto_ecdh/Add", func(b *testing.B) {
		x, y := elt(1), elt(2)
		for b.Loop() {
			x.Add(x, y)
		}
	})
	b.Run("circl/Mul", func(b *testing.B) {
		var x, y, z fp25519.Elt
		rand.New(rand.NewSource(1)).Read(x[:])
		rand.New(rand.NewSource(2)).Read(y[:])
		for b.Loop() {
			fp25519.Mul(&z, &x, &y)
			x, z = z, x
		}
	})
	b.Run("circl/Add", func(b *testing.B) {
		var x, y, z fp25519.Elt
		rand.New(rand.NewSource(1)).Read(x[:])
		rand.New(rand.NewSource(2)).Read(y[:])
		for b.Loop() {
			fp25519.Add(&z, &x, &y)
			x, z = z, x
		}
	})
}
