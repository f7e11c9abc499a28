package codegen_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
)

// TestGenerateRefusesBadGenomes: Generate is a public API; a genome that search would
// refuse must come back as an error, never a panic.
func TestGenerateRefusesBadGenomes(t *testing.T) {
	fd, err := fields.Lookup("p256")
	require.NoError(t, err)
	f, err := fd.Func("mul")
	require.NoError(t, err)
	p, err := codegen.NewPlan(f)
	require.NoError(t, err)
	order, dec := p.GreedyOrder(), make([]int, len(p.Options()))
	rev := slices.Clone(order)
	slices.Reverse(rev)
	bigDec := slices.Clone(dec)
	bigDec[0] = 99
	negDec := slices.Clone(dec)
	negDec[len(negDec)-1] = -1
	dup := slices.Clone(order)
	dup[1] = dup[0]
	tests := []struct {
		name       string
		order, dec []int
	}{
		{"short order", order[1:], dec},
		{"long order", append(slices.Clone(order), 0), dec},
		{"duplicate", dup, dec},
		{"out of range", append(slices.Clone(order[1:]), len(order)), dec},
		{"negative", append(slices.Clone(order[1:]), -1), dec},
		{"dependency after its user", rev, dec},
		{"short decisions", order, dec[1:]},
		{"decision too large", order, bigDec},
		{"decision negative", order, negDec},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NotPanics(t, func() {
				_, _, err = p.Generate(tt.order, tt.dec, codegen.Options{Symbol: "f"})
			})
			require.Error(t, err)
		})
	}
}
