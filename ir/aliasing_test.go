package ir_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func TestAliasing(t *testing.T) {
	for _, tc := range []struct {
		text string
		want ir.Aliasing
		ok   bool
	}{
		{"none", ir.AliasNone, true},
		{"out1-arg1", ir.AliasOut1Arg1, true},
		{"", ir.AliasNone, false},
		{"sometimes", ir.AliasNone, false},
		{"Out1-Arg1", ir.AliasNone, false},
	} {
		got := ir.AliasOut1Arg1 + 1
		err := got.Set(tc.text)
		if !tc.ok {
			require.Error(t, err, tc.text)
			require.Equal(t, ir.AliasOut1Arg1+1, got, "unchanged on error")
			continue
		}
		require.NoError(t, err, tc.text)
		require.Equal(t, tc.want, got)
		require.Equal(t, tc.text, got.String())
	}
	require.Equal(t, "aliasing(7)", ir.Aliasing(7).String())
}
