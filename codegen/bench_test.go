package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

func fiatFunc(b testing.TB, name string) *ir.Func {
	for _, f := range fiatMulSquare(b) {
		if f.Name == name {
			return f
		}
	}
	b.Fatalf("no Fiat function %s", name)
	return nil
}

// benchGenerate times codegen (+ encoding) of one candidate; deferVerify skips the verify
// pass, as the search does (measure validates the candidate it loads).
func benchGenerate(b *testing.B, name string, withEncode, deferVerify bool) {
	p, err := codegen.NewPlan(fiatFunc(b, name))
	require.NoError(b, err)
	rng := rand.New(rand.NewSource(1))
	order, dec := randomOrder(p.Deps(), rng), randomDecisions(p.Options(), rng)
	opts := codegen.Options{Symbol: "f", DeferVerify: deferVerify}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		prog, _, err := p.Generate(order, dec, opts)
		if err != nil {
			b.Fatal(err)
		}
		if !withEncode {
			continue
		}
		if _, err := encode.Encode(prog); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateP256Mul(b *testing.B)       { benchGenerate(b, "fiat_p256_mul", false, false) }
func BenchmarkGenerateP521Mul(b *testing.B)       { benchGenerate(b, "fiat_p521_carry_mul", false, false) }
func BenchmarkGenerateEncodeP256Mul(b *testing.B) { benchGenerate(b, "fiat_p256_mul", true, false) }
func BenchmarkGenerateEncodeP521Mul(b *testing.B) {
	benchGenerate(b, "fiat_p521_carry_mul", true, false)
}

// BenchmarkGenerateDeferredP256Mul is Generate as the search calls it (DeferVerify).
func BenchmarkGenerateDeferredP256Mul(b *testing.B) { benchGenerate(b, "fiat_p256_mul", false, true) }

// BenchmarkGreedyOrderP521Mul times the search's starting order (once per search).
func BenchmarkGreedyOrderP521Mul(b *testing.B) {
	p, err := codegen.NewPlan(fiatFunc(b, "fiat_p521_carry_mul"))
	require.NoError(b, err)
	for b.Loop() {
		p.GreedyOrder()
	}
}
