package goasm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Symbol is one TEXT symbol of a `go tool asm -S` listing: its machine code, the offset of
// each instruction line, and how many relocations the assembler recorded against it.
type Symbol struct {
	Name    string
	Code    []byte
	Offsets []int    // offset of each machine instruction line (TEXT, FUNCDATA, PCDATA left out)
	Lines   []string // the listing's text of each of those instructions
	Relocs  int
}

// ParseListing reads the output of `go tool asm -S`: per symbol, a header line
// ("pkg.f STEXT nosplit size=91 args=0x18 locals=0x18 ..."), instruction lines
// ("\t0x0008 00008 (f.s:5)\tMOVQ\tout+32(FP), DI"), hex dump lines
// ("\t0x0000 55 48 89 e5 ...  UH..") and relocation lines ("\trel 3+4 t=R_PCREL ...").
func ParseListing(out []byte) (map[string]*Symbol, error) {
	syms := make(map[string]*Symbol)
	var cur *Symbol
	size := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "\t") {
			if err := finish(cur, size); err != nil {
				return nil, err
			}
			cur, size = nil, 0
			f := strings.Fields(line)
			if len(f) >= 3 && f[1] == "STEXT" {
				cur = &Symbol{Name: f[0]}
				size = headerSize(f)
				syms[cur.Name] = cur
			}
			continue
		}
		if cur == nil {
			continue
		}
		if err := cur.addLine(strings.TrimPrefix(line, "\t")); err != nil {
			return nil, fmt.Errorf("symbol %s: %w", cur.Name, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return syms, finish(cur, size)
}

// headerSize is the size= field of a symbol header line (-1 when absent).
func headerSize(f []string) int {
	for _, w := range f {
		if v, ok := strings.CutPrefix(w, "size="); ok {
			if n, err := strconv.Atoi(v); err == nil {
				return n
			}
		}
	}
	return -1
}

func finish(s *Symbol, size int) error {
	if s != nil && size >= 0 && len(s.Code) != size {
		return fmt.Errorf("symbol %s: listing has %d bytes of code, header says %d", s.Name, len(s.Code), size)
	}
	return nil
}

// addLine takes one indented listing line.
func (s *Symbol) addLine(l string) error {
	if strings.HasPrefix(l, "rel ") {
		s.Relocs++
		return nil
	}
	f := strings.Fields(l)
	if len(f) < 2 || !strings.HasPrefix(f[0], "0x") {
		return nil
	}
	off, err := strconv.ParseInt(f[0][2:], 16, 64)
	if err != nil {
		return fmt.Errorf("bad offset %q", f[0])
	}
	if len(f) >= 4 && len(f[1]) == 5 && strings.HasPrefix(f[2], "(") { // instruction line
		switch f[3] {
		case "TEXT", "FUNCDATA", "PCDATA":
		default:
			s.Offsets = append(s.Offsets, int(off))
			s.Lines = append(s.Lines, strings.Join(f[3:], " "))
		}
		return nil
	}
	if int(off) != len(s.Code) {
		return fmt.Errorf("hex dump at %#x, expected %#x", off, len(s.Code))
	}
	for _, w := range f[1:] { // up to 16 two-digit bytes, then the ASCII column
		if len(w) != 2 {
			break
		}
		b, err := hex.DecodeString(w)
		if err != nil {
			break
		}
		s.Code = append(s.Code, b...)
		if len(s.Code)-int(off) == 16 {
			break
		}
	}
	return nil
}

// Assemble runs the Go assembler with -S (what `go tool asm -S` runs: GOTOOLDIR's asm) on
// the assembly text src as package pkgPath, for the Go command goCmd (e.g. "go"), and
// returns the parsed listing. The object is discarded: the listing carries the same bytes
// and is what is compared.
func Assemble(ctx context.Context, goCmd, pkgPath string, src []byte) (map[string]*Symbol, error) {
	tc, err := goToolchain(ctx, goCmd)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "goasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "f_amd64.s")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, filepath.Join(tc.tooldir, "asm"), asmArgs(tc.goroot, pkgPath, dir, file)...)
	cmd.Env = append(os.Environ(), "GOARCH=amd64", "GOOS=linux")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go tool asm: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return ParseListing(out)
}

// asmArgs are the assembler's arguments for file, its object going to dir.
func asmArgs(goroot, pkgPath, dir, file string) []string {
	return []string{"-S", "-p", pkgPath, "-I", filepath.Join(goroot, "pkg", "include"),
		"-D", "GOOS_linux", "-D", "GOARCH_amd64", "-o", filepath.Join(dir, "f.o"), file}
}
