package ir_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// TestFiatRoundTrip writes every function read from the Fiat files and reads it back:
// the result must be identical, and rewriting it must give the same bytes.
func TestFiatRoundTrip(t *testing.T) {
	for name, data := range fiatFiles(t) {
		fns, err := ir.ReadFiat(data)
		require.NoError(t, err)
		out, err := ir.WriteFiat(fns)
		require.NoError(t, err, name)
		back, err := ir.ReadFiat(out)
		require.NoError(t, err, name)
		require.Len(t, back, len(fns))
		for i := range fns {
			if !reflect.DeepEqual(fns[i], back[i]) {
				require.Equal(t, fns[i].Text(), back[i].Text(), name)
				require.Equal(t, fns[i], back[i], name)
			}
		}
		again, err := ir.WriteFiat(back)
		require.NoError(t, err)
		require.Equal(t, string(out), string(again))
	}
}

// TestWriteFiatNormalized writes simplified functions (whose nested names are not
// Fiat's): reading them back gives functions computing the same outputs.
func TestWriteFiatNormalized(t *testing.T) {
	for _, f := range fiatFuncs(t) {
		g, err := ir.Normalize(f)
		require.NoError(t, err)
		out, err := ir.WriteFiat([]*ir.Func{g})
		require.NoError(t, err, f.Name)
		back, err := ir.ReadFiat(out)
		require.NoError(t, err, f.Name)
		requireSameOutputs(t, f, back[0], 20, newRand(7))
	}
}

func TestWriteFiatRejectsMachineForm(t *testing.T) {
	for _, f := range fiatFuncs(t) {
		if f.Name != "fiat_p521_carry_mul" {
			continue
		}
		g, err := ir.Lower(f)
		require.NoError(t, err)
		_, err = ir.WriteFiat([]*ir.Func{g})
		require.ErrorContains(t, err, "shrd has no Fiat equivalent")
	}
}
