package ir_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func TestLimbMax(t *testing.T) {
	for _, tc := range []struct {
		t    ir.Type
		want uint64
	}{{ir.U1, 1}, {ir.U8, 0xff}, {ir.U32, 0xffffffff}, {ir.U64, ^uint64(0)}, {ir.U128, ^uint64(0)}, {ir.I1, ^uint64(0)}, {ir.I64, ^uint64(0)}} {
		require.Equal(t, tc.want, tc.t.LimbMax(), tc.t.String())
	}
}
