package measure

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// workspace is memory outside the Go heap that the C loop and the called code use for
// arguments, outputs and timings, so no Go pointer is ever handed to generated code.
type workspace struct {
	mem   []byte
	words []uint64
}

// ensure makes the workspace at least n words long; contents are not kept.
func (w *workspace) ensure(n int) error {
	if n <= len(w.words) {
		return nil
	}
	w.free()
	size := (8*n + unix.Getpagesize() - 1) &^ (unix.Getpagesize() - 1)
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return fmt.Errorf("measure: mapping %d bytes of workspace: %w", size, err)
	}
	w.mem = mem
	w.words = unsafe.Slice((*uint64)(unsafe.Pointer(&mem[0])), size/8)
	return nil
}

func (w *workspace) free() {
	if w.mem != nil {
		_ = unix.Munmap(w.mem)
		w.mem, w.words = nil, nil
	}
}

// layout hands out consecutive cache-line-aligned regions of a workspace.
type layout struct{ next int }

func (l *layout) take(n int) int {
	at := l.next
	l.next += (n + 7) &^ 7
	return at
}
