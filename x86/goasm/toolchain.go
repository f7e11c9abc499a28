package goasm

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// toolchain is what `go env GOROOT GOTOOLDIR` says of a Go command.
type toolchain struct{ goroot, tooldir string }

// toolchains caches goToolchain per Go command binary (its absolute path, size and
// modification time): a persistent worker's check-go ran `go env` and then `go tool asm` (the go
// command again, which only starts GOTOOLDIR's asm) for every function, three processes
// where one does; the two go commands were two thirds of a check-go's CPU.
var toolchains sync.Map

// goToolchain runs `go env GOROOT GOTOOLDIR` for goCmd once per binary and process.
func goToolchain(ctx context.Context, goCmd string) (toolchain, error) {
	key, err := binaryKey(goCmd)
	if err != nil {
		return toolchain{}, fmt.Errorf("go env GOROOT: %w", err)
	}
	if tc, ok := toolchains.Load(key); ok {
		return tc.(toolchain), nil
	}
	out, err := exec.CommandContext(ctx, goCmd, "env", "GOROOT", "GOTOOLDIR").Output()
	if err != nil {
		return toolchain{}, fmt.Errorf("go env GOROOT: %w", err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(f) != 2 || f[0] == "" || f[1] == "" {
		return toolchain{}, fmt.Errorf("go env GOROOT GOTOOLDIR: unexpected output %q", out)
	}
	tc := toolchain{goroot: strings.TrimSpace(f[0]), tooldir: strings.TrimSpace(f[1])}
	toolchains.Store(key, tc)
	return tc, nil
}

// binaryKey names the file goCmd runs: a new binary at the same path is another key.
func binaryKey(goCmd string) (string, error) {
	path, err := exec.LookPath(goCmd)
	if err != nil {
		return "", err
	}
	if path, err = filepath.Abs(path); err != nil {
		return "", err
	}
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s\x00%d\x00%d", path, st.Size(), st.ModTime().UnixNano()), nil
}
