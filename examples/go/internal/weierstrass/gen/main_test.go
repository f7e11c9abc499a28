package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRenderMatchesCheckedIn keeps the checked-in point.go files what the template renders
// (.ci/run diffs them too; this catches a hand edit in plain go test).
func TestRenderMatchesCheckedIn(t *testing.T) {
	for name, c := range curves() {
		t.Run(name, func(t *testing.T) {
			got, err := render(c)
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join("..", "..", "..", c.Package, "point.go"))
			require.NoError(t, err)
			require.Equal(t, string(want), string(got))
		})
	}
}

func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "point.go")
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"nistp256", []string{"-curve", "nistp256", "-o", out}, ""},
		{"secp256k1", []string{"-curve", "secp256k1", "-o", out}, ""},
		{"unknown curve", []string{"-curve", "p384", "-o", out}, `unknown -curve "p384"`},
		{"no curve", []string{"-o", out}, `unknown -curve ""`},
		{"unwritable", []string{"-curve", "nistp256", "-o", filepath.Join(out, "x", "y")}, "writing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(tt.args)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			src, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Contains(t, string(src), "DO NOT EDIT.")
			require.Contains(t, string(src), "package "+tt.args[1])
		})
	}
}
