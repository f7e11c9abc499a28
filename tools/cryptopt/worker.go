package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/rules-cryptopt/rules_cryptopt/internal/bzworker"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
)

// The checks also run as a Bazel persistent worker (`cryptopt --persistent_worker`, the
// CryptoptCheck action of rules/private): one process answers many checks, each exactly as
// a standalone run of the same arguments would, so a build pays for one process start and
// its warm-up instead of one per function.

// workerCommands are the subcommands a worker runs: the checks, short and independent of
// each other. A search times the CPU and stays a process of its own.
var workerCommands = map[string]bool{"check": true, "check-go": true}

// maxParams bounds a params file: a check has a few dozen arguments.
const maxParams = 1 << 20

// expandParams replaces a lone @FILE argument, how a Bazel action passes its arguments
// (a params file, which workers require), with FILE's lines: one argument per line, Bazel's
// "multiline" format. Other argument lists are returned as they are.
func expandParams(args []string) ([]string, error) {
	if len(args) != 1 || !strings.HasPrefix(args[0], "@") {
		return args, nil
	}
	data, err := infile.Read(args[0][1:], "params file "+outfile.Clip(args[0]), maxParams, infile.StreamTimeout)
	if err != nil {
		return nil, err
	}
	text := strings.TrimSuffix(string(data), "\n")
	if text == "" {
		return nil, fmt.Errorf("params file %s is empty", outfile.Clip(args[0]))
	}
	return strings.Split(text, "\n"), nil
}

// serveWorker answers Bazel's work requests on stdin until Bazel closes it: exit 0, or 2
// with a one-line reason when the stream breaks.
func serveWorker(stdin io.Reader, stderr io.Writer) int {
	setWorkerGC()
	proto, err := protocolStdout()
	if err == nil {
		err = bzworker.Serve(stdin, proto, workRequest, bzworker.Options{MaxParallel: runtime.GOMAXPROCS(0)})
	}
	if err != nil {
		fmt.Fprintf(stderr, "cryptopt %s: %s\n", bzworker.Flag, clipMessage(err.Error()))
		return 2
	}
	return 0
}

// workerGCPercent is the worker's GOGC. A check allocates its E-graph's nodes quickly and
// keeps them to the end, so with Go's default (100) the collector ran, and allocations
// assisted it, several times a check: 400 took 15% less CPU over the examples' fused point
// operations (docs/checker.md) for a peak of 60 MB against 45 MB over 30 checks.
// cryptopt optimize uses it too: a search allocates a new program (~25 KB for p256 mul)
// per candidate and keeps a few, so at 100 the collector was marking much of the time
// (allocations assisting, write barriers on); 400 took 9% less CPU per prepared candidate
// (optimizer's BenchmarkPrepareP256Mul, 5 alternated pairs, znver5, 2026-12-01).
const workerGCPercent = 400

// setWorkerGC sets workerGCPercent unless GOGC is set: the user's setting wins.
func setWorkerGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(workerGCPercent)
	}
}

// workRequest runs one request as a standalone run: what it prints to stdout and stderr
// goes into the response, its exit code is the response's.
func workRequest(args []string, out io.Writer) int {
	args, err := expandParams(args)
	if err == nil && !workerCommands[args[0]] {
		err = fmt.Errorf("a worker runs check and check-go only, not %s", outfile.Clip(args[0]))
	}
	if err != nil {
		fmt.Fprintf(out, "cryptopt %s: %s\n", bzworker.Flag, clipMessage(err.Error()))
		return 2
	}
	return dispatch(&cliEnv{stdout: out, stderr: out}, args)
}

// protocolStdout moves the protocol off file descriptor 1: the responses go to a new
// descriptor, and 1 now points at stderr (Bazel's worker log), so that nothing printed by
// accident, nor a --stamp /dev/stdout, can corrupt the stream Bazel reads.
func protocolStdout() (*os.File, error) {
	fd, err := unix.FcntlInt(1, unix.F_DUPFD_CLOEXEC, 3)
	if err != nil {
		return nil, fmt.Errorf("duplicating stdout: %w", err)
	}
	if err := unix.Dup3(2, 1, 0); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("pointing stdout at stderr: %w", err)
	}
	return os.NewFile(uintptr(fd), "work responses"), nil
}
