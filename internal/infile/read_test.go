package infile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) string
		want  string // content when accepted
		err   string // "" means accepted
	}{
		{name: "regular file", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(p, []byte("hello"), 0o644))
			return p
		}, want: "hello"},
		{name: "regular file at the limit", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(p, []byte(strings.Repeat("x", 64)), 0o644))
			return p
		}, want: strings.Repeat("x", 64)},
		{name: "regular file over the limit", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(p, []byte(strings.Repeat("x", 65)), 0o644))
			return p
		}, err: "65 bytes, more than the limit of 64"},
		{name: "dev zero", setup: func(*testing.T, string) string { return "/dev/zero" }, err: "more than the limit of 64 bytes"},
		{name: "dev null sends nothing", setup: func(*testing.T, string) string { return "/dev/null" }, err: "sent no data"},
		{name: "directory", setup: func(_ *testing.T, dir string) string { return dir }, err: "is a directory"},
		{name: "missing", setup: func(_ *testing.T, dir string) string { return filepath.Join(dir, "no") }, err: "no such file"},
		{name: "fifo without writer does not block", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "fifo")
			require.NoError(t, syscall.Mkfifo(p, 0o644))
			return p
		}, err: "sent no data"},
		{name: "fifo with a silent writer times out", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "fifo")
			require.NoError(t, syscall.Mkfifo(p, 0o644))
			r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			require.NoError(t, err)
			w, err := os.OpenFile(p, os.O_WRONLY, 0)
			require.NoError(t, err)
			r.Close()
			t.Cleanup(func() { w.Close() })
			return p
		}, err: "sent no end of file within"},
		{name: "pipe with data", setup: func(t *testing.T, _ string) string {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			_, err = w.WriteString("piped")
			require.NoError(t, err)
			w.Close()
			t.Cleanup(func() { r.Close() })
			return "/dev/fd/" + strconv.Itoa(int(r.Fd()))
		}, want: "piped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			got, err := Read(tc.setup(t, t.TempDir()), "--in", 64, 300*time.Millisecond)
			require.Less(t, time.Since(start), 2*time.Second)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.True(t, strings.HasPrefix(err.Error(), "--in: "), err.Error())
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, string(got))
		})
	}
}
