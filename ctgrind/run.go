package ctgrind

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNoValgrind is returned by Run when valgrind (or gcc) is not installed.
var ErrNoValgrind = errors.New("ctgrind: valgrind not found on PATH (Debian: apt-get install valgrind)")

// Result is the outcome of one valgrind run of a harness.
type Result struct {
	Clean  bool   // exit status 0: no memcheck error, every output tainted
	Output string // valgrind's and the harness's messages
}

// Run writes the harness and the assembly files (name → GNU text) into dir, builds them
// with gcc and runs the program under valgrind memcheck. The error is for a setup
// problem (missing tools, a build failure); a secret-dependent branch is a Result with
// Clean false.
func Run(ctx context.Context, dir string, harness []byte, asm map[string][]byte) (Result, error) {
	if err := tools(); err != nil {
		return Result{}, err
	}
	srcs := []string{"harness.c"}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), harness, 0o644); err != nil {
		return Result{}, fmt.Errorf("ctgrind: %w", err)
	}
	for name, text := range asm {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			return Result{}, fmt.Errorf("ctgrind: %w", err)
		}
		srcs = append(srcs, name)
	}
	exe := filepath.Join(dir, "ct_harness")
	// -O1: the harness itself must not be what memcheck reports (it never looks at secrets).
	cc := exec.CommandContext(ctx, "gcc", append([]string{"-O1", "-g", "-o", exe}, srcs...)...)
	cc.Dir = dir
	if out, err := cc.CombinedOutput(); err != nil {
		return Result{}, fmt.Errorf("ctgrind: gcc: %v: %s", err, firstLines(out, 20))
	}
	return Valgrind(ctx, exe)
}

// Valgrind runs exe under memcheck; a memcheck error makes the exit status non-zero.
func Valgrind(ctx context.Context, exe string) (Result, error) {
	if err := tools(); err != nil {
		return Result{}, err
	}
	cmd := exec.CommandContext(ctx, "valgrind", Args(exe)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return Result{}, fmt.Errorf("ctgrind: valgrind: %w", err)
	}
	return Result{Clean: err == nil, Output: out.String()}, nil
}

// Args are valgrind's arguments for a harness: memcheck, errors make the exit status 99,
// no leak check (the harness allocates nothing), origins tracked for readable reports.
func Args(exe string) []string {
	return []string{"--tool=memcheck", "--error-exitcode=99", "--leak-check=no",
		"--track-origins=yes", "-q", exe}
}

func tools() error {
	for _, t := range []string{"valgrind", "gcc"} {
		if _, err := exec.LookPath(t); err != nil {
			if t == "gcc" {
				return errors.New("ctgrind: gcc not found on PATH")
			}
			return ErrNoValgrind
		}
	}
	return nil
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
