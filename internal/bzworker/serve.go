package bzworker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
)

// Flag is the argument Bazel appends to a worker's command line to start it persistent.
const Flag = "--persistent_worker"

// Request is a WorkRequest as Bazel's JSON protocol spells it (camel case). Inputs and
// verbosity are not used: a request is handled exactly as a standalone run of Arguments.
type Request struct {
	Arguments  []string `json:"arguments"`
	RequestID  int      `json:"requestId"`
	Cancel     bool     `json:"cancel"`
	SandboxDir string   `json:"sandboxDir"`
}

// Response is a WorkResponse: the run's exit code and everything it printed.
type Response struct {
	ExitCode  int    `json:"exitCode"`
	Output    string `json:"output"`
	RequestID int    `json:"requestId"`
}

// Handler runs one request's arguments as a standalone run would, printing to out what that
// run would print to stdout and stderr, and returns its exit code. It may be called
// concurrently (multiplex requests) and must keep no state between calls.
type Handler func(args []string, out io.Writer) int

// Options bounds a worker.
type Options struct {
	// MaxParallel is how many multiplex requests run at once (<= 0: one).
	MaxParallel int
}

// errPanicked ends a worker whose handler panicked: its memory may be inconsistent, so it
// answers that request, finishes those in flight and exits, and Bazel starts a fresh one.
var errPanicked = errors.New("a request panicked; the worker exits so that Bazel starts a fresh one")

// Serve answers the requests read from in on out until in ends (nil: Bazel closed the
// worker's stdin) or a request cannot be decoded (an error: the stream cannot be resynced).
// Requests with a request id of 0 (singleplex) run one at a time in order; others
// (multiplex) run concurrently, at most opts.MaxParallel at once.
func Serve(in io.Reader, out io.Writer, h Handler, opts Options) error {
	s := &server{w: bufio.NewWriter(out), h: h, slots: make(chan struct{}, max(1, opts.MaxParallel))}
	dec := json.NewDecoder(in)
	var err error
	for !s.panicked() {
		var req Request
		if e := dec.Decode(&req); e != nil {
			if !errors.Is(e, io.EOF) {
				err = fmt.Errorf("malformed work request: %w", e)
			}
			break
		}
		if req.Cancel {
			continue // cancellation is not offered (no supports-worker-cancellation): ignore
		}
		if req.RequestID == 0 {
			s.handle(req)
			continue
		}
		s.slots <- struct{}{}
		s.wg.Add(1)
		go func() {
			defer func() { <-s.slots; s.wg.Done() }()
			s.handle(req)
		}()
	}
	s.wg.Wait()
	if err == nil && s.panicked() {
		err = errPanicked
	}
	if werr := s.writeErr(); werr != nil && err == nil {
		err = werr
	}
	return err
}

type server struct {
	h     Handler
	slots chan struct{}
	wg    sync.WaitGroup

	mu   sync.Mutex // guards what follows
	w    *bufio.Writer
	err  error // first write error
	boom bool  // a handler panicked
}

func (s *server) panicked() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.boom
}

func (s *server) writeErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// handle runs one request and writes its response.
func (s *server) handle(req Request) {
	var buf bytes.Buffer
	code := s.run(req, &buf)
	s.respond(Response{ExitCode: code, Output: buf.String(), RequestID: req.RequestID})
}

// run validates req and calls the handler, turning a panic into exit code 2 (as a Go
// program that panics exits 2) with the panic's message and stack.
func (s *server) run(req Request, out *bytes.Buffer) (code int) {
	switch {
	case req.SandboxDir != "":
		fmt.Fprintln(out, "worker: sandboxDir is not supported (no supports-multiplex-sandboxing)")
		return 2
	case len(req.Arguments) == 0:
		fmt.Fprintln(out, "worker: the request has no arguments")
		return 2
	}
	defer func() {
		if r := recover(); r != nil {
			s.mu.Lock()
			s.boom = true
			s.mu.Unlock()
			fmt.Fprintf(out, "worker: panic: %v\n%s", r, debug.Stack())
			code = 2
		}
	}()
	return s.h(req.Arguments, out)
}

// respond writes one response as one line of JSON and flushes it: Bazel waits for it.
func (s *server) respond(r Response) {
	data, err := json.Marshal(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		_, err = s.w.Write(append(data, '\n'))
	}
	if err == nil {
		err = s.w.Flush()
	}
	if err != nil && s.err == nil {
		s.err = fmt.Errorf("writing work response %d: %w", r.RequestID, err)
	}
}
