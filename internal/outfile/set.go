package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Output is one requested output. Its content is buffered until Set.Commit, so nothing
// appears at its destination before the command has succeeded.
type Output struct {
	buf        bytes.Buffer
	spool      *os.File // regular files after Spool: the staged copy, written as we go
	live       bool     // streams after Spool: written directly
	flag, dest string   // the flag that named it and the path as given
	target     string   // resolved path (regular files), or the path to open (streams)
	kind       kind
	mode       fs.FileMode
	stream     *os.File  // streams: opened by Add, so a FIFO without reader fails early
	stdout     io.Writer // the set's standard output
}

// Set is the outputs of one command: the regular files are replaced all or none, and the
// streams are written after them.
type Set struct {
	stdout io.Writer
	outs   []*Output
	rename func(oldpath, newpath string) error // os.Rename; tests make it fail
}

// NewSet makes an empty set whose "-" outputs go to stdout.
func NewSet(stdout io.Writer) *Set {
	return &Set{stdout: stdout, rename: os.Rename}
}

// Add probes dest (named by flag, e.g. "-o") and stages it: "" is not requested (nil
// output), "-" is standard output, devices, pipes and /dev/fd/N are written directly and
// regular files are replaced atomically. Bad destinations are refused here, before any
// long work: directories, block devices, sockets, dangling symlinks, read-only or
// foreign-owned files, unwritable directories, a FIFO without a reader, and a
// destination (or standard output) named twice.
func (s *Set) Add(flag, dest string) (*Output, error) {
	if dest == "" {
		return nil, nil
	}
	target, k, mode, err := probe(dest)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	for _, o := range s.outs {
		if o.target == target {
			what := Clip(dest)
			if k == kindStdout {
				what = "standard output"
			}
			return nil, fmt.Errorf("%s and %s both write %s", o.flag, flag, what)
		}
	}
	o := &Output{flag: flag, dest: dest, target: target, kind: k, mode: mode, stdout: s.stdout}
	if k == kindStream {
		// Non-blocking open: a FIFO without a reader fails (ENXIO) instead of hanging.
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND|syscall.O_NONBLOCK, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: cannot open %s: %w", flag, Clip(dest), unwrapPath(err))
		}
		o.stream = f
	}
	s.outs = append(s.outs, o)
	return o, nil
}

// Write buffers p (or, after Spool, writes it to the staged file or the stream).
func (o *Output) Write(p []byte) (int, error) {
	switch {
	case o.spool != nil:
		return o.spool.Write(p)
	case o.live && o.kind == kindStream:
		return o.stream.Write(p)
	case o.live:
		return o.stdout.Write(p)
	}
	return o.buf.Write(p)
}

// WriteString is Write for a string.
func (o *Output) WriteString(s string) (int, error) { return o.Write([]byte(s)) }

// Spool makes later writes go out as they come instead of into memory, for long outputs
// such as a search trace: a regular file is staged now in a hidden file beside it (removed
// by Abort, renamed by Commit), a stream is written directly.
func (o *Output) Spool() error {
	if o.kind != kindRegular {
		o.live = true
		pending := bytes.Clone(o.buf.Bytes())
		o.buf.Reset()
		_, err := o.Write(pending)
		return err
	}
	dir, base := filepath.Split(o.target)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("%s: cannot write %s: %w", o.flag, Clip(o.dest), unwrapPath(err))
	}
	if _, err := f.Write(o.buf.Bytes()); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("%s: writing %s: %w", o.flag, Clip(o.dest), unwrapPath(err))
	}
	o.buf.Reset()
	o.spool = f
	return nil
}

// IsStdout reports whether o goes to standard output.
func (o *Output) IsStdout() bool { return o != nil && o.kind == kindStdout }

// Abort drops every output: nothing was written to a destination yet.
func (s *Set) Abort() {
	for _, o := range s.outs {
		if o.stream != nil {
			o.stream.Close()
		}
		if o.spool != nil {
			o.spool.Close()
			os.Remove(o.spool.Name())
		}
	}
	s.outs = nil
}

// Commit writes everything: the regular files first, all or none (each staged beside its
// destination, then all renamed; a failed rename restores the ones already replaced),
// then the streams in the order they were added.
func (s *Set) Commit() error {
	defer s.Abort()
	if err := s.commitFiles(); err != nil {
		return err
	}
	var first error
	for _, o := range s.outs {
		var err error
		switch o.kind {
		case kindStdout:
			_, err = s.stdout.Write(o.buf.Bytes())
		case kindStream:
			_, err = o.stream.Write(o.buf.Bytes())
			if cerr := o.stream.Close(); err == nil {
				err = cerr
			}
			o.stream = nil
		default:
			continue
		}
		if err != nil && first == nil {
			first = fmt.Errorf("writing %s (%s): %w", Clip(o.dest), o.flag, unwrapPath(err))
		}
	}
	return first
}

// staged is a regular output between staging and renaming.
type staged struct {
	o           *Output
	tmp, backup string // backup: hard link to the file being replaced ("" for a new file)
}

// commitFiles stages every regular output, then renames them all into place.
func (s *Set) commitFiles() error {
	var st []staged
	cleanup := func() {
		for _, x := range st {
			os.Remove(x.tmp)
			if x.backup != "" {
				os.Remove(x.backup)
			}
		}
	}
	for _, o := range s.outs {
		if o.kind != kindRegular {
			continue
		}
		tmp, err := writeTemp(o)
		if err == nil {
			st = append(st, staged{o: o, tmp: tmp})
			st[len(st)-1].backup, err = backup(o.target)
		}
		if err != nil {
			cleanup()
			return fmt.Errorf("writing %s (%s): %w", Clip(o.dest), o.flag, err)
		}
	}
	for i, x := range st {
		if err := s.rename(x.tmp, x.o.target); err != nil {
			s.restore(st[:i])
			cleanup()
			return fmt.Errorf("writing %s (%s): %w; no output was changed", Clip(x.o.dest), x.o.flag, unwrapPath(err))
		}
	}
	for _, x := range st {
		if x.backup != "" {
			os.Remove(x.backup)
		}
	}
	return nil
}

// restore undoes the renames of done: the old file comes back, or the new one goes.
func (s *Set) restore(done []staged) {
	for _, x := range done {
		if x.backup != "" {
			os.Rename(x.backup, x.o.target)
		} else {
			os.Remove(x.o.target)
		}
	}
}

// writeTemp writes o's content to a new hidden file beside its target (or finishes the
// spooled one), synced, with the target's permissions.
func writeTemp(o *Output) (string, error) {
	f := o.spool
	o.spool = nil
	if f == nil {
		dir, base := filepath.Split(o.target)
		var err error
		if f, err = os.CreateTemp(dir, "."+base+".tmp*"); err != nil {
			return "", unwrapPath(err)
		}
	}
	_, err := f.Write(o.buf.Bytes())
	if err == nil {
		err = f.Chmod(o.mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", unwrapPath(err)
	}
	return f.Name(), nil
}

// backup hard-links an existing target to a hidden name, so a later failed rename can
// put it back. "" when the target does not exist.
func backup(target string) (string, error) {
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	dir, base := filepath.Split(target)
	f, err := os.CreateTemp(dir, "."+base+".bak*")
	if err != nil {
		return "", unwrapPath(err)
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	if err := os.Link(target, name); err != nil {
		return "", fmt.Errorf("keeping a copy for all-or-none replacement: %w", unwrapPath(err))
	}
	return name, nil
}
