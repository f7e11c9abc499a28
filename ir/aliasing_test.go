package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAliasing(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Aliasing
		ok   bool
	}{
		{"none", AliasNone, true},
		{"out1-arg1", AliasOut1Arg1, true},
		{"", AliasNone, false},
		{"sometimes", AliasNone, false},
		{"Out1-Arg1", AliasNone, false},
	} {
		got := AliasOut1Arg1 + 1
		err := got.Set(tc.text)
		if !tc.ok {
			require.Error(t, err, tc.text)
			require.Equal(t, AliasOut1Arg1+1, got, "unchanged on error")
			continue
		}
		require.NoError(t, err, tc.text)
		require.Equal(t, tc.want, got)
		require.Equal(t, tc.text, got.String())
	}
	require.Equal(t, "aliasing(7)", Aliasing(7).String())
}
