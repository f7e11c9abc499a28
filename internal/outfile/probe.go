package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"golang.org/x/sys/unix"
)

// kind is how an output is written.
type kind uint8

const (
	kindStdout  kind = iota // "-": the command's standard output
	kindRegular             // a regular file (or a new one), replaced atomically
	kindStream              // a character device, FIFO or /dev/fd/N: written directly
)

// Clip quotes s for an error message, keeping at most about 80 characters of the quoted
// form (escapes count: 80 bytes of binary would quote to 320): errors must not echo
// unbounded input.
func Clip(s string) string {
	const max = 80
	if q := strconv.Quote(s); len(q) <= max+2 {
		return q
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		piece := strconv.Quote(s[i : i+n])
		piece = piece[1 : len(piece)-1]
		if b.Len()+len(piece) > max {
			break
		}
		b.WriteString(piece)
		i += n
	}
	return fmt.Sprintf("\"%s\"…(%d bytes)", b.String(), len(s))
}

// fdPath reports whether p names an open file descriptor of this process (/dev/stdout,
// /dev/fd/3, /proc/self/fd/63 as `>(cmd)` gives): these are streams whatever they point at,
// never files to replace.
func fdPath(p string) bool {
	c := filepath.Clean(p)
	switch c {
	case "/dev/stdout", "/dev/stderr":
		return true
	}
	for _, pre := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if strings.HasPrefix(c, pre) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(c, "/proc/"); ok {
		_, after, found := strings.Cut(rest, "/")
		return found && strings.HasPrefix(after, "fd/")
	}
	return false
}

// probe classifies dest and checks, before any work is done, that it can be written:
// the resolved path (symlinks followed), its kind and, for a regular file that exists,
// its permission bits (kept on replacement).
func probe(dest string) (target string, k kind, mode fs.FileMode, err error) {
	if dest == "-" {
		return "-", kindStdout, 0, nil
	}
	if fdPath(dest) {
		return dest, kindStream, 0, nil
	}
	st, err := os.Stat(dest) // follows symlinks
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if lst, lerr := os.Lstat(dest); lerr == nil && lst.Mode()&fs.ModeSymlink != 0 {
			return "", 0, 0, fmt.Errorf("output %s is a dangling symlink", Clip(dest))
		}
		return probeNew(dest)
	case err != nil:
		return "", 0, 0, fmt.Errorf("output %s: %w", Clip(dest), unwrapPath(err))
	}
	switch m := st.Mode(); {
	case m.IsDir():
		return "", 0, 0, fmt.Errorf("output %s is a directory", Clip(dest))
	case m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0:
		return "", 0, 0, fmt.Errorf("output %s is a block device; refusing to write to it", Clip(dest))
	case m&fs.ModeSocket != 0:
		return "", 0, 0, fmt.Errorf("output %s is a socket", Clip(dest))
	case m&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		if err := unix.Access(dest, unix.W_OK); err != nil {
			return "", 0, 0, fmt.Errorf("output %s is not writable: %w", Clip(dest), err)
		}
		return dest, kindStream, 0, nil
	case !m.IsRegular():
		return "", 0, 0, fmt.Errorf("output %s is not a regular file, device or pipe", Clip(dest))
	}
	target, err = filepath.EvalSymlinks(dest)
	if err != nil {
		return "", 0, 0, fmt.Errorf("output %s: %w", Clip(dest), unwrapPath(err))
	}
	if err := checkReplaceable(target, st); err != nil {
		return "", 0, 0, fmt.Errorf("output %s %w", Clip(dest), err)
	}
	return target, kindRegular, st.Mode().Perm(), nil
}

// probeNew checks that a file that does not exist yet can be created.
func probeNew(dest string) (string, kind, fs.FileMode, error) {
	dir, base := filepath.Split(dest)
	if base == "" || base == "." || base == ".." {
		return "", 0, 0, fmt.Errorf("output %s is a directory", Clip(dest))
	}
	if dir == "" {
		dir = "."
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", 0, 0, fmt.Errorf("output %s: directory %s: %w", Clip(dest), Clip(dir), unwrapPath(err))
	}
	if st, err := os.Stat(real); err != nil || !st.IsDir() {
		return "", 0, 0, fmt.Errorf("output %s: %s is not a directory", Clip(dest), Clip(dir))
	}
	if err := unix.Access(real, unix.W_OK|unix.X_OK); err != nil {
		return "", 0, 0, fmt.Errorf("output %s: directory %s is not writable: %w", Clip(dest), Clip(dir), err)
	}
	return filepath.Join(real, base), kindRegular, 0o644, nil
}

// checkReplaceable refuses a regular file the user could not have written in place: one
// that is read-only or owned by someone else (replacing it by rename would silently
// take it over), or whose directory does not let us create the staged copy.
func checkReplaceable(target string, st fs.FileInfo) error {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		if uid := sys.Uid; int(uid) != os.Geteuid() {
			return fmt.Errorf("is owned by another user (uid %d); refusing to replace it", uid)
		}
	}
	if st.Mode().Perm()&0o200 == 0 || unix.Access(target, unix.W_OK) != nil {
		return errors.New("is read-only; refusing to replace it")
	}
	if err := unix.Access(filepath.Dir(target), unix.W_OK|unix.X_OK); err != nil {
		return fmt.Errorf("cannot be replaced: its directory is not writable: %w", err)
	}
	return nil
}

// unwrapPath drops the path from an *os.PathError (the message names the output itself).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
