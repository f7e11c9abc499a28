package objcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/objfile"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/decode"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// Loaded is the function an object links, decoded.
type Loaded struct {
	Program *x86.Program
	Offs    []int // byte offset of each instruction in the function
	Lines   []int // source line of each instruction (0: unknown); nil without a line table
	Section string
	Size    int // bytes of code
}

// IsRefused reports whether err says the object is well formed but cannot be proved from
// its bytes (as opposed to bad input).
func IsRefused(err error) bool {
	var r *objfile.RefusedError
	return errors.As(err, &r)
}

// LoadObject reads the function symbol (the only global function when empty) from the
// ELF object at path and decodes it. srcBase, when not empty, is the base name of the
// source file whose lines the object's line table maps the instructions to.
func LoadObject(path, symbol, srcBase string) (*Loaded, error) {
	fn, err := objfile.Read(path, symbol)
	if err != nil {
		return nil, err
	}
	ld, err := loadCode(fn.Name, fn.Code, fn.Const, fn.ConstFields())
	if err != nil {
		return nil, err
	}
	ld.Section = fn.Section
	if srcBase != "" {
		ld.Lines = fn.Lines(ld.Offs, srcBase)
	}
	return ld, nil
}

// LoadCode decodes the bytes of the function name (already taken out of an object by the
// caller) and requires the round trip; errors are refusals.
func LoadCode(name string, code []byte) (*Loaded, error) {
	return loadCode(name, code, nil, nil)
}

// loadCode is LoadCode reading RIP-relative constants through consts; fields are the
// offsets of the relocations objfile accepted, each of which must be the disp32 of one
// decoded constant load (a relocation anywhere else patches code the proof is about).
func loadCode(name string, code []byte, consts decode.ConstFunc, fields []int) (*Loaded, error) {
	d, err := decode.DecodeConsts(code, consts)
	var de *decode.Error
	if errors.As(err, &de) && de.Incomplete { // a truncated function: bad input, exit 2
		return nil, &objfile.BadInputError{Msg: fmt.Sprintf("%s: %v", name, err)}
	}
	if err != nil {
		return nil, &objfile.RefusedError{Msg: fmt.Sprintf("%s: %v", name, err)}
	}
	if err := roundTrip(d, code); err != nil {
		return nil, &objfile.RefusedError{Msg: fmt.Sprintf("%s: %v", name, err)}
	}
	if !slices.Equal(d.Fields, fields) {
		return nil, &objfile.RefusedError{Msg: fmt.Sprintf("%s: relocations at code offsets %#x, RIP-relative constant loads at %#x: a relocation patches bytes other than a constant's address", name, fields, d.Fields)}
	}
	return &Loaded{Program: &x86.Program{Symbol: name, Insts: d.Insts}, Offs: d.Offs, Size: len(code)}, nil
}

// roundTrip requires each decoded instruction to encode back to exactly its bytes: the
// model instruction then denotes these bytes and nothing else (no redundant prefix, no
// alternative encoding, no decoder slip goes unnoticed).
func roundTrip(d *decode.Decoded, code []byte) error {
	enc := encode.NewEncoder()
	for i, in := range d.Insts {
		got := code[d.Offs[i] : d.Offs[i]+d.Lens[i]]
		b, err := enc.AppendInst(nil, in)
		if err != nil {
			return fmt.Errorf("offset %#x: %s does not encode: %v", d.Offs[i], in, err)
		}
		if !bytes.Equal(b, got) && !bytes.Equal(movR32Imm(in), got) {
			return fmt.Errorf("offset %#x: bytes % x decode as %q, which encodes as % x: not the project's encoding", d.Offs[i], got, in.String(), b)
		}
	}
	return nil
}

// movR32Imm is the one encoding the project's encoder does not choose but assemblers do:
// "mov r32, imm32" (B8+r id, REX.B for r8d–r15d) for "mov r64, imm" with 0 <= imm < 2^32,
// which zero-extends to the same value. Nil for any other instruction.
func movR32Imm(in x86.Inst) []byte {
	if in.Op != x86.MOV || len(in.Args) != 2 || in.Args[0].Kind != x86.KindReg || !in.Args[0].Reg.IsGP64() ||
		in.Args[1].Kind != x86.KindImm || in.Args[1].Imm < 0 || in.Args[1].Imm > math.MaxUint32 {
		return nil
	}
	var b []byte
	r := in.Args[0].Reg.Num()
	if r >= 8 {
		b = append(b, 0x41)
	}
	return binary.LittleEndian.AppendUint32(append(b, 0xb8+byte(r&7)), uint32(in.Args[1].Imm))
}
