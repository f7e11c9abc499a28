package objfile

import (
	"debug/elf"
	"encoding/binary"
	"strings"
)

// load checks what the linker could change about s and reads its bytes.
func (fn *Function) load(f *elf.File, syms []elf.Symbol, s elf.Symbol) error {
	switch elf.ST_BIND(s.Info) {
	case elf.STB_GLOBAL, elf.STB_LOCAL:
	default:
		return refused("symbol %q is %v: the linker may bind another definition", s.Name, elf.ST_BIND(s.Info))
	}
	if t := elf.ST_TYPE(s.Info); t != elf.STT_FUNC && t != elf.STT_NOTYPE {
		return refused("symbol %q has type %v, not a function", s.Name, t)
	}
	if s.Section >= elf.SHN_LORESERVE || int(s.Section) >= len(f.Sections) {
		return refused("symbol %q is not defined in a section (%v)", s.Name, s.Section)
	}
	sec := f.Sections[s.Section]
	fn.Section = sec.Name
	self := s // as in the symbol table, for telling it from the others
	switch {
	case sec.Type != elf.SHT_PROGBITS || sec.Flags&elf.SHF_EXECINSTR == 0 || sec.Flags&elf.SHF_ALLOC == 0:
		return refused("symbol %q is in section %s, which is not loaded executable code", s.Name, sec.Name)
	case sec.Flags&elf.SHF_GROUP != 0 || strings.HasPrefix(sec.Name, ".gnu.linkonce"):
		return refused("section %s is a COMDAT/linkonce group: the linker may keep another object's copy", sec.Name)
	case s.Size == 0:
		// NASM writes no size unless told; the code then ends where the section ends, when
		// nothing else is defined from the symbol on (bytes after it would be someone's).
		if s.Value >= sec.Size || symbolAfter(syms, s) {
			return refused("symbol %q has no size (.size directive missing) and other symbols follow it: its end is unknown", s.Name)
		}
		s.Size = sec.Size - s.Value
	}
	if s.Value+s.Size < s.Value || s.Value+s.Size > sec.Size {
		return bad("symbol %q [%#x, %#x) runs past the end of section %s (size %#x)", s.Name, s.Value, s.Value+s.Size, sec.Name, sec.Size)
	}
	if err := overlaps(syms, self, s.Size); err != nil {
		return err
	}
	if err := fn.relocations(f, syms, s); err != nil {
		return err
	}
	data, err := sec.Data()
	if err != nil || uint64(len(data)) < s.Value+s.Size {
		return bad("section %s: cannot read its bytes (truncated object?)", sec.Name)
	}
	fn.Code = data[s.Value : s.Value+s.Size]
	fn.FileOff = sec.Offset + s.Value
	return nil
}

// symbolAfter reports another symbol in s's section at or after s's start.
func symbolAfter(syms []elf.Symbol, s elf.Symbol) bool {
	for _, o := range syms {
		t := elf.ST_TYPE(o.Info)
		if o.Section == s.Section && t != elf.STT_SECTION && t != elf.STT_FILE && o != s && o.Value >= s.Value {
			return true
		}
	}
	return false
}

// overlaps refuses any other symbol that starts inside s or whose bytes meet s's: a second
// entry point or an alias of part of the code.
func overlaps(syms []elf.Symbol, s elf.Symbol, size uint64) error {
	end := s.Value + size
	for _, o := range syms {
		t := elf.ST_TYPE(o.Info)
		if o.Section != s.Section || t == elf.STT_SECTION || t == elf.STT_FILE || o == s {
			continue
		}
		oEnd := o.Value + o.Size
		if (o.Value >= s.Value && o.Value < end) || (o.Size > 0 && o.Value < end && oEnd > s.Value) {
			return refused("symbol %q at offset %#x shares bytes with %q [%#x, %#x)", o.Name, o.Value, s.Name, s.Value, end)
		}
	}
	return nil
}

// relocWidth is how many bytes a relocation of type t patches (8 when unknown: the widest).
func relocWidth(t elf.R_X86_64) uint64 {
	switch t {
	case elf.R_X86_64_NONE:
		return 0
	case elf.R_X86_64_8, elf.R_X86_64_PC8:
		return 1
	case elf.R_X86_64_16, elf.R_X86_64_PC16:
		return 2
	case elf.R_X86_64_32, elf.R_X86_64_32S, elf.R_X86_64_PC32, elf.R_X86_64_PLT32, elf.R_X86_64_GOTPCREL,
		elf.R_X86_64_GOTPCRELX, elf.R_X86_64_REX_GOTPCRELX, elf.R_X86_64_TLSGD, elf.R_X86_64_TLSLD,
		elf.R_X86_64_DTPOFF32, elf.R_X86_64_GOTTPOFF, elf.R_X86_64_TPOFF32, elf.R_X86_64_GOT32:
		return 4
	}
	return 8
}

// relocations refuses a relocation that patches any byte of s, except one accepted as
// the address of a read-only constant (acceptConst).
func (fn *Function) relocations(f *elf.File, syms []elf.Symbol, s elf.Symbol) error {
	for _, rs := range f.Sections {
		if (rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL) || rs.Info != uint32(s.Section) {
			continue
		}
		data, err := rs.Data()
		if err != nil {
			return bad("relocation section %s: %v (truncated object?)", rs.Name, err)
		}
		size := 24
		if rs.Type == elf.SHT_REL {
			size = 16
		}
		if len(data)%size != 0 {
			return bad("relocation section %s: size %d is not a multiple of %d", rs.Name, len(data), size)
		}
		for i := 0; i+size <= len(data); i += size {
			off := binary.LittleEndian.Uint64(data[i:])
			info := binary.LittleEndian.Uint64(data[i+8:])
			typ := elf.R_X86_64(info & 0xffffffff)
			if off+max(relocWidth(typ), 1) > s.Value && off < s.Value+s.Size {
				var addend int64
				if size == 24 {
					addend = int64(binary.LittleEndian.Uint64(data[i+16:]))
				}
				if err := fn.acceptConst(f, syms, rs, off, info, addend, s); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
