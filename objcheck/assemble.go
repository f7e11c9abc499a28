package objcheck

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/objfile"
)

// assembleTimeout bounds one assembler run (a .rept or macro bomb must not hang a build).
const assembleTimeout = 60 * time.Second

// Assemble turns the assembly file src into an object in dir with the real assembler, as
// a build would: .S/.sx through the C compiler cc (its preprocessor included), .s through
// cc as well (no preprocessor), .asm with "nasm -f elf64". Line tables (-g) are requested
// so that reports can name source lines. The error is for bad input (the file does not
// assemble, the assembler is missing) and carries the assembler's first message.
func Assemble(ctx context.Context, src, cc, dir string) (string, error) {
	if st, err := os.Stat(src); err != nil {
		return "", &objfile.BadInputError{Msg: err.Error()}
	} else if !st.Mode().IsRegular() {
		return "", &objfile.BadInputError{Msg: src + ": not a regular file"}
	}
	// Absolute paths, and the source's directory as the working directory, so that
	// .incbin/#include of files beside it resolve as in a build run from there.
	var err error
	if src, err = filepath.Abs(src); err != nil {
		return "", &objfile.BadInputError{Msg: err.Error()}
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	obj := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))+".o")
	var args []string
	switch ext := filepath.Ext(src); ext {
	case ".S", ".sx", ".s":
		if cc == "" {
			cc = "cc"
		}
		args = []string{cc, "-c", "-g", "-o", obj, src}
	case ".asm", ".nasm":
		args = []string{"nasm", "-f", "elf64", "-g", "-F", "dwarf", "-o", obj, src}
	default:
		return "", &objfile.BadInputError{Msg: fmt.Sprintf("%s: unknown assembly extension %q (want .S, .s or .asm)", src, ext)}
	}
	ctx, cancel := context.WithTimeout(ctx, assembleTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = filepath.Dir(src)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", &objfile.BadInputError{Msg: fmt.Sprintf("%s does not assemble with %s: %s", src, args[0], firstLine(out.String(), err))}
	}
	return obj, nil
}

// firstLine is the assembler's first error line, else err.
func firstLine(out string, err error) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "rror") {
			return strings.TrimSpace(l)
		}
	}
	if l := strings.TrimSpace(strings.SplitN(out, "\n", 2)[0]); l != "" {
		return l
	}
	return err.Error()
}
