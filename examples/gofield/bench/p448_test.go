package bench

import (
	"encoding/binary"
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/cloudflare/circl/math/fp448"

	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_saturated"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_solinas"
)

// p448 is 2^448 - 2^224 - 1, the modulus of all three implementations.
var p448 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 448), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 224), big.NewInt(1)))

// sat448 reads circl's 56 little-endian bytes as 7 64-bit words.
func sat448(b []byte) p448_saturated.Element {
	var e p448_saturated.Element
	for i := range e {
		e[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return e
}

// solinas448 reads circl's 56 little-endian bytes as 8 limbs of 56 bits (7 bytes each).
func solinas448(b []byte) p448_solinas.Element {
	var e p448_solinas.Element
	for i := range e {
		var w [8]byte
		copy(w[:], b[7*i:7*i+7])
		e[i] = binary.LittleEndian.Uint64(w[:])
	}
	return e
}

// little is the value of little-endian words of the given bit width.
func little(limbs []uint64, width uint) *big.Int {
	v := new(big.Int)
	for _, l := range slices.Backward(limbs) {
		v.Lsh(v, width).Add(v, new(big.Int).SetUint64(l))
	}
	return v
}

// TestP448AgreesWithCircl: the benchmarked functions compute the same field products as
// circl on the conversions the benchmark uses (values compared mod p: neither of ours is
// fully reduced), so the timings compare like with like.
func TestP448AgreesWithCircl(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 200 {
		xb, yb := make([]byte, 56), make([]byte, 56)
		rng.Read(xb)
		rng.Read(yb)
		var xc, yc, mc, sc fp448.Elt
		copy(xc[:], xb)
		copy(yc[:], yb)
		fp448.Mul(&mc, &xc, &yc)
		fp448.Sqr(&sc, &xc)
		mw, sw := sat448(mc[:]), sat448(sc[:])
		wantMul := new(big.Int).Mod(little(mw[:], 64), p448)
		wantSqr := new(big.Int).Mod(little(sw[:], 64), p448)

		x7, y7 := sat448(xb), sat448(yb)
		var m7, s7 p448_saturated.Element
		p448_saturated.Mul(&m7, &x7, &y7)
		p448_saturated.Square(&s7, &x7)
		if wantMul.Cmp(new(big.Int).Mod(little(m7[:], 64), p448)) != 0 {
			t.Fatalf("7x64 mul of %x, %x differs from circl", xb, yb)
		}
		if wantSqr.Cmp(new(big.Int).Mod(little(s7[:], 64), p448)) != 0 {
			t.Fatalf("7x64 square of %x, %x differs from circl", xb, yb)
		}

		x8, y8 := solinas448(xb), solinas448(yb)
		var m8, s8 p448_solinas.Element
		p448_solinas.Mul(&m8, &x8, &y8)
		p448_solinas.Square(&s8, &x8)
		if wantMul.Cmp(new(big.Int).Mod(little(m8[:], 56), p448)) != 0 {
			t.Fatalf("8x56 mul of %x, %x differs from circl", xb, yb)
		}
		if wantSqr.Cmp(new(big.Int).Mod(little(s8[:], 56), p448)) != 0 {
			t.Fatalf("8x56 square of %x, %x differs from circl", xb, yb)
		}
	}
}
