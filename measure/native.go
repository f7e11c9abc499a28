package measure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// DefaultFlags are the compiler flags of the baseline: what a user would build with.
var DefaultFlags = []string{"-O3", "-march=native"}

// compileTimeout bounds one baseline compilation.
const compileTimeout = 2 * time.Minute

// Native is a C function compiled to a shared object and loaded with dlopen.
type Native struct {
	fn     Fn
	mu     sync.Mutex
	handle unsafe.Pointer
}

// DefaultCompiler is the baseline compiler: clang-19 or clang when present, else gcc.
func DefaultCompiler() string {
	for _, c := range []string{"clang-19", "clang"} {
		if _, err := exec.LookPath(c); err == nil {
			return c
		}
	}
	return "gcc"
}

// CompileC compiles cSource (e.g. from ir/cemit) with compiler and flags (nil:
// DefaultFlags) plus -shared -fPIC, loads it and looks up symbol, which must follow the
// field ABI. The temporary directory is removed before returning.
func CompileC(cSource []byte, symbol, compiler string, flags []string) (*Native, error) {
	if compiler == "" {
		compiler = DefaultCompiler()
	}
	if flags == nil {
		flags = DefaultFlags
	}
	dir, err := os.MkdirTemp("", "cryptopt-cc-")
	if err != nil {
		return nil, fmt.Errorf("measure: compiling %s: %w", symbol, err)
	}
	defer os.RemoveAll(dir)
	src, lib := filepath.Join(dir, "f.c"), filepath.Join(dir, "f.so")
	if err := os.WriteFile(src, cSource, 0o600); err != nil {
		return nil, fmt.Errorf("measure: compiling %s: %w", symbol, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), compileTimeout)
	defer cancel()
	args := append(append([]string{}, flags...), "-shared", "-fPIC", "-o", lib, src)
	cmd := exec.CommandContext(ctx, compiler, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("measure: %s %s failed: %w: %s", compiler, strings.Join(flags, " "), err, firstLine(stderr.String()))
	}
	h, err := dlopen(lib)
	if err != nil {
		return nil, fmt.Errorf("measure: loading %s: %w", symbol, err)
	}
	addr, err := dlsym(h, symbol)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("measure: %s: %w", symbol, err), dlclose(h))
	}
	return &Native{fn: Fn{Name: symbol + " (" + compiler + ")", addr: addr}, handle: h}, nil
}

func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, "error") {
			return strings.TrimSpace(line)
		}
	}
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// Fn is the loaded function; it is callable until Close.
func (n *Native) Fn() Fn { return n.fn }

// Close unloads the shared object.
func (n *Native) Close() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.handle == nil {
		return nil
	}
	h := n.handle
	n.handle = nil
	if err := dlclose(h); err != nil {
		return fmt.Errorf("measure: unloading %s: %w", n.fn.Name, err)
	}
	return nil
}
