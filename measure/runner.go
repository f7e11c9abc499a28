package measure

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"golang.org/x/sys/unix"
)

// RunnerOptions configure a Runner.
type RunnerOptions struct {
	CPU       int // CPU to pin the worker thread to; −1 picks the last CPU this process may use
	ArenaSize int // bytes of executable memory; 0 means 1 MiB
}

// DefaultRunnerOptions pins to the last allowed CPU with a 1 MiB arena.
func DefaultRunnerOptions() RunnerOptions { return RunnerOptions{CPU: -1} }

// Runner owns one OS thread pinned to one CPU, on which every call of generated code
// happens, and the executable memory the code lives in. Its methods may be called from
// any goroutine; they are served one at a time.
type Runner struct {
	cpu   int
	mu    sync.Mutex // one request at a time; guards closed
	reqs  chan func()
	reply chan struct{}
	quit  chan struct{}

	closed   bool
	attached int // thread id of the goroutine attached as the timing thread, 0: none
	// Worker-owned: touched only by functions sent through reqs.
	arena *arena
	ws    workspace
}

// ErrClosed is returned by a Runner after Close.
var ErrClosed = errors.New("measure: runner is closed")

// NewRunner starts the worker thread, pins it and maps the code arena.
func NewRunner(opts RunnerOptions) (*Runner, error) {
	size := opts.ArenaSize
	if size == 0 {
		size = 1 << 20
	}
	if size < 0 {
		return nil, fmt.Errorf("measure: arena size %d", size)
	}
	r := &Runner{reqs: make(chan func()), reply: make(chan struct{}), quit: make(chan struct{})}
	ready := make(chan error)
	go r.serve(opts.CPU, size, ready)
	if err := <-ready; err != nil {
		return nil, err
	}
	return r, nil
}

// serve is the worker: it locks itself to its thread for good (the thread exits with it,
// taking its CPU affinity along) and runs requests.
func (r *Runner) serve(cpu, size int, ready chan<- error) {
	runtime.LockOSThread()
	defer close(r.quit)
	cpu, err := pin(cpu)
	if err == nil {
		r.cpu = cpu
		r.arena, err = newArena(size)
	}
	ready <- err
	if err != nil {
		return
	}
	for fn := range r.reqs {
		fn()
		r.reply <- struct{}{}
	}
	_ = r.arena.close()
	r.ws.free()
}

// pin binds the calling thread to cpu (or, for cpu < 0, to the last CPU it may use).
func pin(cpu int) (int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return 0, fmt.Errorf("measure: reading CPU affinity: %w", err)
	}
	if cpu < 0 {
		for c := 0; c < 64*len(set); c++ {
			if set.IsSet(c) {
				cpu = c
			}
		}
	}
	if cpu < 0 || !set.IsSet(cpu) {
		return 0, fmt.Errorf("measure: CPU %d is not available to this process", cpu)
	}
	set.Zero()
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return 0, fmt.Errorf("measure: pinning to CPU %d: %w", cpu, err)
	}
	return cpu, nil
}

// CPU is the CPU the worker is pinned to.
func (r *Runner) CPU() int { return r.cpu }

// do runs fn on the pinned thread and waits for it.
func (r *Runner) do(fn func()) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	if r.attached != 0 && unix.Gettid() == r.attached {
		fn() // the attached goroutine's thread is pinned to the Runner's CPU
		return nil
	}
	r.reqs <- fn
	<-r.reply
	return nil
}

// Attach makes the calling goroutine the Runner's timing thread until detach is called
// (by the same goroutine): its OS thread is locked to it and pinned to the Runner's CPU,
// and its requests run inline rather than on the worker. A request handed to the worker
// costs two thread wake-ups (26–33 µs against 1.5 µs inline, BenchmarkCall, 2-core VM at
// load 3), once or more per comparison, which a search timing thousands of comparisons a
// second can keep. Requests from other goroutines still go to the worker, one at a time
// with these. One goroutine at a time: a second Attach before detach is an error.
func (r *Runner) Attach() (detach func(), err error) {
	runtime.LockOSThread()
	var old unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("measure: reading CPU affinity: %w", err)
	}
	if _, err := pin(r.cpu); err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	r.mu.Lock()
	if r.attached != 0 {
		r.mu.Unlock()
		_ = unix.SchedSetaffinity(0, &old)
		runtime.UnlockOSThread()
		return nil, errors.New("measure: runner already has an attached goroutine")
	}
	r.attached = unix.Gettid()
	r.mu.Unlock()
	return func() {
		r.mu.Lock()
		r.attached = 0
		r.mu.Unlock()
		_ = unix.SchedSetaffinity(0, &old) // best effort: the thread is released next
		runtime.UnlockOSThread()
	}, nil
}

// Close stops the worker and unmaps its memory. Fns loaded by r are no longer callable.
func (r *Runner) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	close(r.reqs)
	<-r.quit
	return nil
}
