package bench

import (
	"testing"

	"filippo.io/edwards25519/field"
	"github.com/cloudflare/circl/math/fp25519"

	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/curve25519_solinas"
)

// BenchmarkCurve25519Median times the functions of BenchmarkCurve25519 interleaved
// (medians: 5,001 rounds of 200 calls) and reports each one's median (ns per call) and the
// issue-10 ratios: circl / ours 4×64 and filippo / ours 4×64 (Mul, Square), filippo / ours
// 5×51. Above 1: ours is faster. Run with -benchtime 1x.
func BenchmarkCurve25519Median(b *testing.B) {
	x4, y4 := curve25519_solinas.Element{1, 2, 3, 4}, curve25519_solinas.Element{5, 6, 7, 8}
	x5, y5 := curve25519.Element{1, 2, 3, 4, 5}, curve25519.Element{6, 7, 8, 9, 10}
	var z4 curve25519_solinas.Element
	var z5 curve25519.Element
	var xc, yc, zc fp25519.Elt
	copy(xc[:], randBytes(32))
	copy(yc[:], randBytes(32))
	xf, _ := new(field.Element).SetBytes(randBytes(32))
	yf, _ := new(field.Element).SetBytes(randBytes(32))
	var zf field.Element
	fns := []timed{
		{"ours_4x64_Mul", func() { curve25519_solinas.Mul(&z4, &x4, &y4) }},
		{"ours_5x51_Mul", func() { curve25519.Mul(&z5, &x5, &y5) }},
		{"circl_Mul", func() { fp25519.Mul(&zc, &xc, &yc) }},
		{"filippo_Multiply", func() { zf.Multiply(xf, yf) }},
		{"ours_4x64_Square", func() { curve25519_solinas.Square(&z4, &x4) }},
		{"ours_5x51_Square", func() { curve25519.Square(&z5, &x5) }},
		{"circl_Sqr", func() { fp25519.Sqr(&zc, &xc) }},
		{"filippo_Square", func() { zf.Square(xf) }},
	}
	var med []float64
	for range b.N {
		med = medians(fns, 5001, 200)
	}
	for i, fn := range fns {
		b.ReportMetric(med[i], "ns/"+fn.name)
	}
	for _, k := range []int{0, 4} { // Mul, Square
		op := []string{"Mul", "Square"}[k/4]
		b.ReportMetric(med[k+2]/med[k], "x_circl/ours_4x64_"+op)
		b.ReportMetric(med[k+3]/med[k], "x_filippo/ours_4x64_"+op)
		b.ReportMetric(med[k+3]/med[k+1], "x_filippo/ours_5x51_"+op)
	}
}
