package objfile

import (
	"debug/dwarf"
	"debug/elf"
	"path/filepath"
)

// Lines maps the instructions at offs (from the function's start) to 1-based lines of the
// source file named base, from the object's DWARF line table (assemblers write it with -g).
// It is for reports only, never for the proof. It returns nil when there is no line table,
// or when more than one executable section has code (section-relative addresses in an
// object's line table do not say which section they belong to).
func (fn *Function) Lines(offs []int, base string) (lines []int) {
	defer func() { // the line table is a nicety: a malformed one gives no lines, not a crash
		if recover() != nil {
			lines = nil
		}
	}()
	if fn.file == nil || execSections(fn.file) != 1 {
		return nil
	}
	d, err := fn.file.DWARF()
	if err != nil {
		return nil
	}
	at := map[uint64]int{}
	r := d.Reader()
	for {
		cu, err := r.Next()
		if err != nil || cu == nil {
			break
		}
		r.SkipChildren()
		lr, err := d.LineReader(cu)
		if err != nil || lr == nil {
			continue
		}
		var e dwarf.LineEntry
		for lr.Next(&e) == nil {
			if e.File != nil && filepath.Base(e.File.Name) == base && !e.EndSequence {
				at[e.Address] = e.Line
			}
		}
	}
	if len(at) == 0 {
		return nil
	}
	lines = make([]int, len(offs))
	for i, o := range offs {
		lines[i] = at[fn.Start+uint64(o)]
	}
	return lines
}

func execSections(f *elf.File) int {
	n := 0
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Size > 0 {
			n++
		}
	}
	return n
}
