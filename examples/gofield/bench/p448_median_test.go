package bench

import (
	"testing"

	"github.com/cloudflare/circl/math/fp448"

	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_saturated"
	"github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p448_solinas"
)

// BenchmarkP448Median times the p448 functions of BenchmarkP448 interleaved (medians:
// 5,001 rounds of 200 calls) and reports each one's median (ns per call) and the ratios
// circl/ours. Run with -benchtime 1x.
func BenchmarkP448Median(b *testing.B) {
	xb, yb := randBytes(56), append(randBytes(55), 0)
	x7, y7 := sat448(xb), sat448(yb)
	x8, y8 := solinas448(xb), solinas448(yb)
	var xc, yc, zc fp448.Elt
	copy(xc[:], xb)
	copy(yc[:], yb)
	var z7 p448_saturated.Element
	var z8 p448_solinas.Element
	fns := []timed{
		{"ours_7x64_Mul", func() { p448_saturated.Mul(&z7, &x7, &y7) }},
		{"ours_8x56_Mul", func() { p448_solinas.Mul(&z8, &x8, &y8) }},
		{"circl_Mul", func() { fp448.Mul(&zc, &xc, &yc) }},
		{"ours_7x64_Square", func() { p448_saturated.Square(&z7, &x7) }},
		{"ours_8x56_Square", func() { p448_solinas.Square(&z8, &x8) }},
		{"circl_Sqr", func() { fp448.Sqr(&zc, &xc) }},
	}
	var med []float64
	for range b.N {
		med = medians(fns, 5001, 200)
	}
	for i, fn := range fns {
		b.ReportMetric(med[i], "ns/"+fn.name)
	}
	b.ReportMetric(med[2]/med[0], "x_circl/ours_7x64_Mul")
	b.ReportMetric(med[5]/med[3], "x_circl/ours_7x64_Square")
	b.ReportMetric(med[1]/med[0], "x_8x56/7x64_Mul")
	b.ReportMetric(med[4]/med[3], "x_8x56/7x64_Square")
}
