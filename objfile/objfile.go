package objfile

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

// BadInputError is an input that is not a usable object: not ELF, the wrong machine or
// type, truncated, stripped, without the symbol.
type BadInputError struct{ Msg string }

func (e *BadInputError) Error() string { return e.Msg }

// RefusedError is a well-formed object whose function cannot be proved from its bytes
// (relocations in it, unknown size, bytes shared with another symbol, a weak or COMDAT
// definition the linker may replace).
type RefusedError struct{ Msg string }

func (e *RefusedError) Error() string { return e.Msg }

func bad(format string, a ...any) error     { return &BadInputError{Msg: fmt.Sprintf(format, a...)} }
func refused(format string, a ...any) error { return &RefusedError{Msg: fmt.Sprintf(format, a...)} }

// Function is one function's code as the object holds it.
type Function struct {
	Name    string
	Section string
	Start   uint64 // offset of the first byte in its section
	FileOff uint64 // offset of the first byte in the object file
	Code    []byte
	file    *elf.File
	secIdx  int
	consts  map[uint64]constReloc // by code offset of the relocated field (see Const)
}

// maxObjectBytes bounds what Read loads into memory: far above any object of one field
// function, low enough that a hostile path cannot exhaust memory.
const maxObjectBytes = 64 << 20

// Read opens path and finds symbol in it (the object's only global function when symbol
// is empty).
func Read(path, symbol string) (*Function, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, bad("%v", err)
	}
	if !st.Mode().IsRegular() {
		return nil, bad("%s: not a regular file", path)
	}
	if st.Size() > maxObjectBytes {
		return nil, bad("%s: %d bytes, more than the limit of %d for an object", path, st.Size(), maxObjectBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, bad("%v", err)
	}
	return Parse(data, symbol)
}

// Parse finds symbol in the object held in data (see Read).
func Parse(data []byte, symbol string) (fn *Function, err error) {
	defer func() { // debug/elf has panicked on crafted headers before; never let it through
		if r := recover(); r != nil {
			fn, err = nil, bad("malformed ELF object: %v", r)
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, bad("not an ELF object: %v", err)
	}
	if f.Class != elf.ELFCLASS64 || f.Machine != elf.EM_X86_64 {
		return nil, bad("wrong machine: %v %v, want ELFCLASS64 EM_X86_64", f.Class, f.Machine)
	}
	if f.Type != elf.ET_REL {
		return nil, bad("not a relocatable object (%v): check the .o the assembler made", f.Type)
	}
	syms, err := f.Symbols()
	if errors.Is(err, elf.ErrNoSymbols) {
		return nil, bad("no symbol table (stripped object)")
	}
	if err != nil {
		return nil, bad("symbol table: %v (truncated object?)", err)
	}
	s, err := pick(syms, symbol)
	if err != nil {
		return nil, err
	}
	fn = &Function{Name: s.Name, Start: s.Value, file: f, secIdx: int(s.Section)}
	if err := fn.load(f, syms, s); err != nil {
		return nil, err
	}
	return fn, nil
}

// pick finds the symbol to check: the one named, or the only defined global function.
func pick(syms []elf.Symbol, name string) (elf.Symbol, error) {
	var found, funcs []elf.Symbol
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || elf.ST_TYPE(s.Info) == elf.STT_SECTION || elf.ST_TYPE(s.Info) == elf.STT_FILE {
			continue
		}
		if name != "" && s.Name == name {
			found = append(found, s)
		}
		if t := elf.ST_TYPE(s.Info); elf.ST_BIND(s.Info) != elf.STB_LOCAL && (t == elf.STT_FUNC || t == elf.STT_NOTYPE) {
			funcs = append(funcs, s)
		}
	}
	if name == "" {
		if len(funcs) != 1 {
			return elf.Symbol{}, bad("the object defines %d global functions (%s): name one with --symbol", len(funcs), names(funcs))
		}
		return funcs[0], nil
	}
	switch len(found) {
	case 0:
		return elf.Symbol{}, bad("no symbol %q defined in the object (global functions: %s)", name, names(funcs))
	case 1:
		return found[0], nil
	}
	return elf.Symbol{}, refused("symbol %q is defined %d times", name, len(found))
}

func names(syms []elf.Symbol) string {
	var n []string
	for _, s := range syms {
		n = append(n, s.Name)
	}
	sort.Strings(n)
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, ", ")
}
