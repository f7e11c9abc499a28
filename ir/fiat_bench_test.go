package ir_test

import (
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func BenchmarkReadFiatAll(b *testing.B) {
	files := fiatFiles(b)
	b.ResetTimer()
	for range b.N {
		for _, data := range files {
			if _, err := ir.ReadFiat(data); err != nil {
				b.Fatal(err)
			}
		}
	}
}
