package goasm

import (
	"bytes"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// EncodeInst is the machine code the Go assembler makes of Inst(in). It is the project
// encoder's (GNU as's) except for one form: Go assembles MOVQ $c, R with
// 2^31 <= c < 2^32 as the zero-extending 32-bit move (MOVL $c, R), which computes the same
// 64-bit value. TestFormsMatchGoAssembler holds this to the Go assembler's bytes.
func EncodeInst(in x86.Inst) ([]byte, error) {
	if in.Op == x86.MOV && len(in.Args) == 2 && in.Args[0].Kind == x86.KindReg && in.Args[0].Reg.IsGP64() &&
		in.Args[1].Kind == x86.KindImm && in.Args[1].Imm >= 1<<31 && in.Args[1].Imm < 1<<32 {
		r, v := in.Args[0].Reg.Num(), uint32(in.Args[1].Imm)
		var b []byte
		if r >= 8 {
			b = append(b, 0x41) // REX.B
		}
		b = append(b, 0xb8+byte(r&7))
		return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)), nil
	}
	return encode.Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{in}})
}

// Verify checks that sym, the Go assembler's output for f, is exactly f.Linked(): the
// same instructions, byte for byte, and no relocations. With Checked proved by the
// checker, this makes the proof one of the bytes the Go toolchain produced.
func Verify(f *Func, sym *Symbol) error {
	if sym.Relocs != 0 {
		return fmt.Errorf("goasm: %s: %d relocations in the object", sym.Name, sym.Relocs)
	}
	for i, o := range sym.Offsets {
		if o > len(sym.Code) || (i > 0 && o < sym.Offsets[i-1]) {
			return fmt.Errorf("goasm: %s: malformed listing offsets", sym.Name)
		}
	}
	want := f.Linked()
	if len(sym.Offsets) != len(want) {
		return fmt.Errorf("goasm: %s: the Go assembler made %d instructions, expected %d", sym.Name, len(sym.Offsets), len(want))
	}
	for i, in := range want {
		exp, err := EncodeInst(in)
		if err != nil {
			return fmt.Errorf("goasm: %s: instruction %d (%s): %w", sym.Name, i, in, err)
		}
		end := len(sym.Code)
		if i+1 < len(sym.Offsets) {
			end = sym.Offsets[i+1]
		}
		if got := sym.Code[sym.Offsets[i]:end]; !bytes.Equal(got, exp) {
			return fmt.Errorf("goasm: %s: instruction %d is % x (%s), expected % x (%s)",
				sym.Name, i, got, sym.Lines[i], exp, in)
		}
	}
	return nil
}
