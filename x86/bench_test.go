package x86

import (
	"math/rand"
	"testing"
)

func BenchmarkPrintGNU(b *testing.B) {
	p := RandomProgram(rand.New(rand.NewSource(1)), 200)
	b.ReportAllocs()
	for b.Loop() {
		PrintGNU(p)
	}
}

func BenchmarkParseGNU(b *testing.B) {
	src := PrintGNU(RandomProgram(rand.New(rand.NewSource(1)), 200))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseGNU(src); err != nil {
			b.Fatal(err)
		}
	}
}
