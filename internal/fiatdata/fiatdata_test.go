package fiatdata

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDirHoldsTheFiatFiles(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(Dir(t), "*_64.json"))
	require.NoError(t, err)
	require.Len(t, paths, 12, "one Fiat JSON file per catalogue field with a Fiat counterpart (p448_saturated has none)")
	require.Equal(t, filepath.Join(Dir(t), "p256_64.json"), Path(t, "p256_64.json"))
}
