package measure

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// codeAlign is where each function starts: a cache line, so that the same code times the
// same wherever it lands.
const codeAlign = 64

// jitCode is encoded, validated machine code and where it currently sits in its arena.
// pos is touched only by the runner's worker.
type jitCode struct {
	bytes  []byte
	runner *Runner
	pos    int64 // virtual position in the arena ring; −1 when never placed
}

// arena is executable memory that is never writable and executable through the same
// mapping: a memfd mapped twice, read-write for copying code in and read-execute for
// running it. Code is placed in a ring; a virtual position grows forever and maps to
// pos mod size, so whether code was overwritten is one comparison.
type arena struct {
	rw, rx []byte
	head   int64 // virtual position after the last placed code
}

func newArena(size int) (*arena, error) {
	size = (size + unix.Getpagesize() - 1) &^ (unix.Getpagesize() - 1)
	fd, err := unix.MemfdCreate("cryptopt-jit", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("measure: memfd_create: %w", err)
	}
	defer unix.Close(fd) // the mappings keep the memory alive
	if err := unix.Ftruncate(fd, int64(size)); err != nil {
		return nil, fmt.Errorf("measure: sizing code arena: %w", err)
	}
	rw, err := unix.Mmap(fd, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("measure: mapping code arena read-write: %w", err)
	}
	rx, err := unix.Mmap(fd, 0, size, unix.PROT_READ|unix.PROT_EXEC, unix.MAP_SHARED)
	if err != nil {
		_ = unix.Munmap(rw)
		return nil, fmt.Errorf("measure: mapping code arena read-execute: %w", err)
	}
	for i := range rw {
		rw[i] = 0xcc // int3: running off the end of code traps instead of sliding on
	}
	return &arena{rw: rw, rx: rx}, nil
}

func (a *arena) size() int64 { return int64(len(a.rw)) }

func (a *arena) close() error {
	err1, err2 := unix.Munmap(a.rw), unix.Munmap(a.rx)
	if err1 != nil {
		return err1
	}
	return err2
}

// resident reports whether c is in the arena, intact.
func (a *arena) resident(c *jitCode) bool {
	return c.pos >= 0 && c.pos >= a.head-a.size()
}

// place copies c in at the ring's head.
func (a *arena) place(c *jitCode) {
	n := int64(len(c.bytes))
	pos := (a.head + codeAlign - 1) &^ (codeAlign - 1)
	if pos%a.size()+n > a.size() {
		pos = (pos/a.size() + 1) * a.size() // wrap: code never straddles the end
	}
	off := pos % a.size()
	copy(a.rw[off:], c.bytes)
	end := min(off+(n+codeAlign-1)&^(codeAlign-1), a.size())
	for i := off + n; i < end; i++ {
		a.rw[i] = 0xcc
	}
	c.pos = pos
	a.head = pos + n
}

// ensure makes every code of a set resident at once (they may be placed anew).
func (a *arena) ensure(codes []*jitCode) error {
	total := int64(0)
	all := true
	for _, c := range codes {
		total += (int64(len(c.bytes)) + codeAlign - 1) &^ (codeAlign - 1)
		all = all && a.resident(c)
	}
	if all {
		return nil
	}
	// Placed together, the set spans at most total plus one wrap gap (< the largest
	// code), so with 2·total ≤ size the last placed cannot evict the first.
	if 2*total > a.size() {
		return fmt.Errorf("measure: %d bytes of code do not fit half the %d-byte arena", total, a.size())
	}
	for _, c := range codes {
		a.place(c)
	}
	return nil
}

// addr is where c runs; c must be resident.
func (a *arena) addr(c *jitCode) uintptr {
	return uintptr(unsafe.Pointer(&a.rx[c.pos%a.size()]))
}

// arenaHead is the arena's ring position (for tests).
func (r *Runner) arenaHead() int64 {
	var h int64
	_ = r.do(func() { h = r.arena.head })
	return h
}
