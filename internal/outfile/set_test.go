package outfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// dirEntries lists dir, so a test can require that nothing (no temporary) was left.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestAddAndCommitByDestinationKind(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) string // returns the destination
		err   string                                // "" means accepted
		check func(t *testing.T, dir, dest string, stdout string)
	}{
		{name: "new regular file", setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "a.S") },
			check: func(t *testing.T, dir, dest, _ string) {
				requireFile(t, dest, "data")
				require.Equal(t, []string{"a.S"}, dirEntries(t, dir))
			}},
		{name: "existing file keeps its mode", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "a.S")
			require.NoError(t, os.WriteFile(p, []byte("old"), 0o600))
			return p
		}, check: func(t *testing.T, dir, dest, _ string) {
			requireFile(t, dest, "data")
			st, err := os.Stat(dest)
			require.NoError(t, err)
			require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
			require.Equal(t, []string{"a.S"}, dirEntries(t, dir))
		}},
		{name: "dash is stdout", setup: func(*testing.T, string) string { return "-" },
			check: func(t *testing.T, _, _ string, stdout string) { require.Equal(t, "data", stdout) }},
		{name: "dev null stays a device", setup: func(*testing.T, string) string { return "/dev/null" },
			check: func(t *testing.T, _, dest, _ string) {
				st, err := os.Stat(dest)
				require.NoError(t, err)
				require.NotZero(t, st.Mode()&os.ModeCharDevice)
			}},
		{name: "symlink to a file replaces the target", setup: func(t *testing.T, dir string) string {
			real := filepath.Join(dir, "real.S")
			require.NoError(t, os.WriteFile(real, []byte("old"), 0o644))
			link := filepath.Join(dir, "link.S")
			require.NoError(t, os.Symlink(real, link))
			return link
		}, check: func(t *testing.T, dir, dest, _ string) {
			requireFile(t, filepath.Join(dir, "real.S"), "data")
			lst, err := os.Lstat(dest)
			require.NoError(t, err)
			require.NotZero(t, lst.Mode()&os.ModeSymlink, "the symlink is kept")
		}},
		{name: "dangling symlink", setup: func(t *testing.T, dir string) string {
			link := filepath.Join(dir, "link.S")
			require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere", "x"), link))
			return link
		}, err: "dangling symlink"},
		{name: "directory", setup: func(_ *testing.T, dir string) string { return dir }, err: "is a directory"},
		{name: "trailing slash", setup: func(_ *testing.T, dir string) string { return filepath.Join(dir, "new") + "/" }, err: "directory"},
		{name: "missing directory", setup: func(_ *testing.T, dir string) string { return filepath.Join(dir, "no", "a.S") }, err: "no such file"},
		{name: "read-only file", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "ro.S")
			require.NoError(t, os.WriteFile(p, []byte("old"), 0o444))
			return p
		}, err: "read-only"},
		{name: "foreign-owned file", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "theirs.S")
			require.NoError(t, os.WriteFile(p, []byte("old"), 0o666))
			if os.Geteuid() != 0 {
				t.Skip("needs root to chown (a normal user cannot make a file foreign-owned)")
			}
			require.NoError(t, os.Chown(p, 12345, 12345))
			return p
		}, err: "owned by another user"},
		{name: "block device", setup: func(t *testing.T, _ string) string {
			for _, p := range []string{"/dev/loop0", "/dev/sda", "/dev/vda", "/dev/nvme0n1"} {
				if st, err := os.Stat(p); err == nil && st.Mode()&os.ModeDevice != 0 && st.Mode()&os.ModeCharDevice == 0 {
					return p
				}
			}
			t.Skip("no block device here")
			return ""
		}, err: "block device"},
		{name: "fifo without reader", setup: func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "fifo")
			require.NoError(t, syscall.Mkfifo(p, 0o644))
			return p
		}, err: "no such device or address"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			dest := tc.setup(t, dir)
			var stdout bytes.Buffer
			s := NewSet(&stdout)
			o, err := s.Add("-o", dest)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				require.True(t, strings.HasPrefix(err.Error(), "-o: "), err.Error())
				require.NotContains(t, err.Error(), "\n")
				return
			}
			require.NoError(t, err)
			o.WriteString("data")
			require.NoError(t, s.Commit())
			tc.check(t, dir, dest, stdout.String())
		})
	}
}

func requireFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, want, string(got))
}

func TestStreamsAreWrittenDirectly(t *testing.T) {
	for _, tc := range []struct {
		name string
		dest func(w *os.File, dir string) string
	}{
		{"fifo with a reader", nil},
		{"dev fd of a pipe", func(w *os.File, _ string) string { return "/dev/fd/" + itoa(int(w.Fd())) }},
		{"proc self fd of a pipe", func(w *os.File, _ string) string { return "/proc/self/fd/" + itoa(int(w.Fd())) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var r *os.File
			var dest string
			if tc.dest == nil {
				dest = filepath.Join(dir, "fifo")
				require.NoError(t, syscall.Mkfifo(dest, 0o644))
				fd, err := syscall.Open(dest, syscall.O_RDONLY|syscall.O_NONBLOCK, 0)
				require.NoError(t, err)
				r = os.NewFile(uintptr(fd), dest)
			} else {
				var w *os.File
				var err error
				r, w, err = os.Pipe()
				require.NoError(t, err)
				defer w.Close()
				dest = tc.dest(w, dir)
			}
			defer r.Close()
			s := NewSet(nil)
			o, err := s.Add("--trace", dest)
			require.NoError(t, err)
			o.WriteString("row\n")
			require.NoError(t, s.Commit())
			buf := make([]byte, 16)
			n, _ := r.Read(buf)
			require.Equal(t, "row\n", string(buf[:n]))
			if tc.dest == nil {
				st, err := os.Stat(dest)
				require.NoError(t, err)
				require.NotZero(t, st.Mode()&os.ModeNamedPipe, "the FIFO is still a FIFO")
			}
		})
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestSameDestinationTwiceRefused(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ a, b, err string }{
		{filepath.Join(dir, "x"), filepath.Join(dir, "x"), "-o and --plot both write"},
		{filepath.Join(dir, "x"), filepath.Join(dir, ".", "x"), "-o and --plot both write"},
		{"-", "-", "both write standard output"},
	} {
		s := NewSet(nil)
		_, err := s.Add("-o", tc.a)
		require.NoError(t, err)
		_, err = s.Add("--plot", tc.b)
		require.ErrorContains(t, err, tc.err)
		s.Abort()
	}
}

func TestCommitIsAllOrNone(t *testing.T) {
	for _, failAt := range []int{0, 1, 2} {
		dir := t.TempDir()
		names := []string{"a.S", "g.json", "t.csv"}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "a.S"), []byte("old a"), 0o644))
		s := NewSet(nil)
		calls := 0
		s.rename = func(o, n string) error {
			if calls == failAt {
				return errors.New("injected rename failure")
			}
			calls++
			return os.Rename(o, n)
		}
		for _, n := range names {
			o, err := s.Add("--"+n, filepath.Join(dir, n))
			require.NoError(t, err)
			o.WriteString("new " + n)
		}
		err := s.Commit()
		require.ErrorContains(t, err, "no output was changed")
		requireFile(t, filepath.Join(dir, "a.S"), "old a")
		require.Equal(t, []string{"a.S"}, dirEntries(t, dir), "failing at rename %d", failAt)
	}
}

func TestAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	s := NewSet(nil)
	o, err := s.Add("-o", filepath.Join(dir, "a.S"))
	require.NoError(t, err)
	o.WriteString("x")
	s.Abort()
	require.Empty(t, dirEntries(t, dir))
}

func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"abc", `"abc"`},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("x", 200), `"` + strings.Repeat("x", 80) + `"…(200 bytes)`},
	} {
		require.Equal(t, tc.want, Clip(tc.in))
	}
}

func TestSpool(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "trace.csv")
	for _, commit := range []bool{true, false} {
		s := NewSet(nil)
		o, err := s.Add("--trace", dest)
		require.NoError(t, err)
		o.WriteString("head\n")
		require.NoError(t, o.Spool())
		o.WriteString("row\n")
		require.NoFileExists(t, dest, "nothing at the destination before Commit")
		if !commit {
			s.Abort()
			require.Empty(t, dirEntries(t, dir), "Abort removes the spooled file")
			continue
		}
		require.NoError(t, s.Commit())
		requireFile(t, dest, "head\nrow\n")
		os.Remove(dest)
	}
	var stdout bytes.Buffer
	s := NewSet(&stdout)
	o, err := s.Add("--trace", "-")
	require.NoError(t, err)
	require.NoError(t, o.Spool())
	o.WriteString("live\n")
	require.Equal(t, "live\n", stdout.String(), "a spooled stream is written as it comes")
	s.Abort()
}
