package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRenderMatchesCheckedIn keeps the checked-in point.go and ladder.go files what the
// templates render (.ci/run diffs them too; this catches a hand edit in plain go test).
func TestRenderMatchesCheckedIn(t *testing.T) {
	for name, c := range curves() {
		for _, file := range []string{"point", "ladder"} {
			t.Run(name+"/"+file, func(t *testing.T) {
				got, err := render(c, file)
				require.NoError(t, err)
				want, err := os.ReadFile(filepath.Join("..", "..", "..", c.Package, file+".go"))
				require.NoError(t, err)
				require.Equal(t, string(want), string(got))
			})
		}
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "point.go")
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"nistp256", []string{"-curve", "nistp256", "-o", out}, ""},
		{"secp256k1", []string{"-curve", "secp256k1", "-o", out}, ""},
		{"ladder", []string{"-curve", "secp256k1", "-file", "ladder", "-o", out}, ""},
		{"unknown file", []string{"-curve", "nistp256", "-file", "curve", "-o", out}, `unknown -file "curve"`},
		{"unknown curve", []string{"-curve", "p384", "-o", out}, `unknown -curve "p384"`},
		{"no curve", []string{"-o", out}, `unknown -curve ""`},
		{"bad flag", []string{"-curve", "nistp256", "-x"}, "flag provided but not defined: -x"},
		{"extra argument", []string{"-curve", "nistp256", "-o", out, "more"}, `unexpected argument "more"`},
		{"missing directory", []string{"-curve", "nistp256", "-o", filepath.Join(out, "x", "y")}, "-o:"},
		{"directory", []string{"-curve", "nistp256", "-o", dir}, "-o:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, os.RemoveAll(out))
			var stdout bytes.Buffer
			err := run(tt.args, &stdout)
			require.Empty(t, stdout.String())
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				require.NotContains(t, err.Error(), "\n")
				require.NoFileExists(t, out, "nothing written on failure")
				return
			}
			require.NoError(t, err)
			src, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Contains(t, string(src), "DO NOT EDIT.")
			require.Contains(t, string(src), "package "+tt.args[1])
			if len(tt.args) > 3 && tt.args[3] == "ladder" {
				require.Contains(t, string(src), "func (f *formulas) Mult(")
			}
		})
	}
}

func TestHelp(t *testing.T) {
	var stdout bytes.Buffer
	require.NoError(t, run([]string{"-h"}, &stdout))
	require.Contains(t, stdout.String(), "usage: gen -curve")
	require.Contains(t, stdout.String(), "-o string")
}

// TestRunStreams covers .ci/run's "-o /dev/stdout": a stream is written in place, never
// replaced by a rename (which once replaced the /dev/stdout symlink itself).
func TestRunStreams(t *testing.T) {
	want, err := render(curves()["nistp256"], "point")
	require.NoError(t, err)

	var stdout bytes.Buffer
	require.NoError(t, run([]string{"-curve", "nistp256", "-o", "-"}, &stdout))
	require.Equal(t, string(want), stdout.String())

	// A pipe stands in for /dev/stdout: /dev/fd/N names the write end, as /dev/stdout
	// names fd 1.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	got := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); got <- b }()
	dest := fmt.Sprintf("/dev/fd/%d", w.Fd())
	require.NoError(t, run([]string{"-curve", "nistp256", "-o", dest}, io.Discard))
	require.NoError(t, w.Close())
	require.Equal(t, string(want), string(<-got))
}
