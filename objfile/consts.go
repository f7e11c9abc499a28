package objfile

import (
	"debug/elf"
	"encoding/binary"
	"sort"
	"strings"
)

// constReloc is a relocation of the function accepted as the disp32 of a RIP-relative
// load of a read-only constant (see acceptConst); Const checks the load itself.
type constReloc struct {
	sym    elf.Symbol
	addend int64
	data   []byte // the bytes of the symbol's section
	entry  uint64 // the SHF_MERGE entry size, 0 for an ordinary section
}

// acceptConst decides whether a relocation inside the function at section offset off can
// be the address of a constant the linker cannot change: an R_X86_64_PC32 (RELA) against
// a local symbol (never interposed, never another object's) of an allocated, non-writable,
// non-executable, non-COMDAT PROGBITS section of this object that no relocation patches.
// The instruction it sits in and the bytes read are checked by Const once decoded. It
// returns the refusal, or nil after recording the relocation.
func (fn *Function) acceptConst(f *elf.File, syms []elf.Symbol, rs *elf.Section, off uint64, info uint64, addend int64, s elf.Symbol) error {
	typ := elf.R_X86_64(info & 0xffffffff)
	where := func(why string, a ...any) error {
		return refused("relocation %v at offset %#x patches the function's bytes (offset %#x in it): "+why,
			append([]any{typ, off, int64(off) - int64(s.Value)}, a...)...)
	}
	if typ != elf.R_X86_64_PC32 || rs.Type != elf.SHT_RELA {
		return where("only an R_X86_64_PC32 (RELA) of a RIP-relative constant is accepted")
	}
	if off < s.Value || off+4 > s.Value+s.Size {
		return where("it reaches past the function's bytes")
	}
	idx := info >> 32
	if idx == 0 || idx > uint64(len(syms)) {
		return where("symbol index %d is not in the symbol table", idx)
	}
	sym := syms[idx-1] // debug/elf leaves out the null symbol 0
	t := elf.ST_TYPE(sym.Info)
	if elf.ST_BIND(sym.Info) != elf.STB_LOCAL || (t != elf.STT_NOTYPE && t != elf.STT_OBJECT && t != elf.STT_SECTION) {
		return where("symbol %q is %v %v: only a local data symbol cannot be interposed", sym.Name, elf.ST_BIND(sym.Info), t)
	}
	if sym.Section == elf.SHN_UNDEF || sym.Section >= elf.SHN_LORESERVE || int(sym.Section) >= len(f.Sections) {
		return where("symbol %q is not defined in a section of this object", sym.Name)
	}
	sec := f.Sections[sym.Section]
	if sym.Value > sec.Size || addend < -1<<32 || addend > 1<<32 {
		// Bounded here so that Const's address arithmetic cannot overflow.
		return where("symbol %q at %#x with addend %d lies outside section %s", sym.Name, sym.Value, addend, sec.Name)
	}
	if err := readOnlyData(f, sec, int(sym.Section)); err != "" {
		return where("symbol %q is in section %s, %s", sym.Name, sec.Name, err)
	}
	var entry uint64
	if sec.Flags&elf.SHF_MERGE != 0 {
		if sec.Flags&elf.SHF_STRINGS != 0 || sec.Entsize == 0 || t == elf.STT_SECTION {
			return where("symbol %q of mergeable section %s: only a named constant of fixed-size entries is accepted", sym.Name, sec.Name)
		}
		entry = sec.Entsize
	}
	data, err := sec.Data()
	if err != nil || uint64(len(data)) != sec.Size {
		return bad("section %s: cannot read its bytes (truncated object?)", sec.Name)
	}
	if fn.consts == nil {
		fn.consts = map[uint64]constReloc{}
	}
	if _, dup := fn.consts[off-s.Value]; dup {
		return where("a second relocation patches the same field")
	}
	fn.consts[off-s.Value] = constReloc{sym: sym, addend: addend, data: data, entry: entry}
	return nil
}

// readOnlyData says what keeps sec from holding constants the linker cannot change ("" if
// nothing): it must be loaded, read-only, not code, not a COMDAT group, PROGBITS, and no
// relocation section may patch it.
func readOnlyData(f *elf.File, sec *elf.Section, idx int) string {
	switch {
	case sec.Type != elf.SHT_PROGBITS || sec.Flags&elf.SHF_ALLOC == 0:
		return "which is not loaded data"
	case sec.Flags&elf.SHF_WRITE != 0:
		return "which is writable"
	case sec.Flags&elf.SHF_EXECINSTR != 0:
		return "which is executable"
	case sec.Flags&(elf.SHF_GROUP|elf.SHF_TLS) != 0 || strings.HasPrefix(sec.Name, ".gnu.linkonce"):
		return "a COMDAT/linkonce group or TLS: the linker may keep another copy"
	}
	for _, rs := range f.Sections {
		if (rs.Type == elf.SHT_RELA || rs.Type == elf.SHT_REL) && rs.Info == uint32(idx) && rs.Size > 0 {
			return "which relocation section " + rs.Name + " patches"
		}
	}
	return ""
}

// Const is the little-endian constant of size bytes (at most 8) a RIP-relative load reads
// through the relocation at code offset field, the instruction ending at code offset end
// (the address rip holds). The load must lie wholly inside the symbol's section, and for a
// mergeable section inside the symbol's own entry (the linker may put any other entry
// next to it). The function's bytes of the field are 0, the value before linking.
func (fn *Function) Const(field, end, size int) (uint64, error) {
	r, ok := fn.consts[uint64(field)]
	if !ok || field < 0 || field+4 > len(fn.Code) || size < 1 || size > 8 || end < field+4 {
		return 0, refused("no accepted relocation at offset %#x of the function", field)
	}
	if binary.LittleEndian.Uint32(fn.Code[field:]) != 0 {
		return 0, refused("the relocated displacement at offset %#x is not 0 before linking", field)
	}
	// rip + disp32 = (P + end - field) + (S + A - P) = S + A + (end - field)
	at := int64(r.sym.Value) + r.addend + int64(end-field)
	lo, hi := int64(0), int64(len(r.data))
	if r.entry > 0 {
		lo = int64(r.sym.Value / r.entry * r.entry)
		hi = min(hi, lo+int64(r.entry))
	}
	if at < lo || at > hi-int64(size) {
		return 0, refused("the load at offset %d of symbol %q's section reads outside [%d, %d)", at, r.sym.Name, lo, hi)
	}
	var v uint64
	for i := size - 1; i >= 0; i-- {
		v = v<<8 | uint64(r.data[at+int64(i)])
	}
	return v, nil
}

// ConstFields are the code offsets of the relocations accepted as constants' addresses:
// the decoder must read each exactly once, as a RIP-relative load's disp32.
func (fn *Function) ConstFields() []int {
	var out []int
	for k := range fn.consts {
		out = append(out, int(k))
	}
	sort.Ints(out)
	return out
}
