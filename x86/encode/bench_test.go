package encode

import (
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// BenchmarkEncode is a cold encode of a 200-instruction program (validate + iasm).
func BenchmarkEncode(b *testing.B) {
	p := x86.RandomProgram(rand.New(rand.NewSource(1)), 200)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncoderMemo re-encodes with a warm memoizing Encoder, as a search does when a
// mutation leaves most instructions unchanged.
func BenchmarkEncoderMemo(b *testing.B) {
	p := x86.RandomProgram(rand.New(rand.NewSource(1)), 200)
	e := NewEncoder()
	if _, err := e.Encode(p); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Encode(p); err != nil {
			b.Fatal(err)
		}
	}
}
