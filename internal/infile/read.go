package infile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// Limits of the inputs the CLI reads (the largest real ones are far smaller: Fiat's
// p521 JSON is under 1 MiB, a genome or a .S file under 100 KiB).
const (
	MaxFiat   = 8 << 20
	MaxGenome = 4 << 20
	MaxAsm    = 8 << 20
)

// StreamTimeout bounds how long a FIFO, pipe or device input may stay silent.
const StreamTimeout = 5 * time.Second

// Read reads the file at path, refusing a directory, a socket, or more than limit bytes.
// what names the input in errors ("--fiat"). Regular files are checked by size before
// reading; FIFOs, pipes and devices (e.g. `<(cmd)`) are read up to limit+1 bytes and
// must not stay silent for longer than timeout. The file is opened non-blocking, so a FIFO
// without a writer does not block the open (and SIGTERM still ends the process).
func Read(path, what string, limit int64, timeout time.Duration) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	m := st.Mode()
	switch {
	case m.IsDir():
		return nil, fmt.Errorf("%s: %s is a directory", what, path)
	case m&fs.ModeSocket != 0:
		return nil, fmt.Errorf("%s: %s is a socket", what, path)
	case m.IsRegular() && st.Size() > limit:
		return nil, fmt.Errorf("%s: %s is %d bytes, more than the limit of %d", what, path, st.Size(), limit)
	case !m.IsRegular():
		// A deadline works because the non-blocking descriptor is in Go's poller.
		if err := f.SetReadDeadline(time.Now().Add(timeout)); err != nil && !errors.Is(err, os.ErrNoDeadline) {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, fmt.Errorf("%s: %s sent no end of file within %s", what, path, timeout)
	case err != nil:
		return nil, fmt.Errorf("%s: reading %s: %w", what, path, unwrapPath(err))
	case int64(len(data)) > limit:
		return nil, fmt.Errorf("%s: %s is more than the limit of %d bytes", what, path, limit)
	case len(data) == 0 && !m.IsRegular():
		return nil, fmt.Errorf("%s: %s sent no data (a FIFO without a writer?)", what, path)
	}
	return data, nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
