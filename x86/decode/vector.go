package decode

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// ConstFunc reads the constant a RIP-relative load takes from the object: field is the
// offset in the code of the load's disp32, end the offset where the instruction ends (the
// address the displacement is relative to), size the bytes loaded. It is objfile's
// relocation reader (objfile.Function.Const); its error is a refusal.
type ConstFunc func(field, end, size int) (uint64, error)

// ripConst decodes the one RIP-relative form the model has, vpbroadcastq ymm, qword
// [rip + disp32] (VEX.256.66.0F38.W0 59 /r with ModRM mod 00, r/m 101), into a KindConst
// operand read through consts. x86asm drops the RIP base of VEX operands (it reports an
// empty address), so the form is recognised from the bytes: three-byte VEX (C4), map 0F38,
// opcode 59, ModRM.mod 00 and r/m 101, the disp32 the last four bytes. ok is false for any
// other instruction; an error refuses this one.
func ripConst(b []byte, raw x86asm.Inst, off int, consts ConstFunc) (x86.Inst, bool, error) {
	if raw.Op != x86asm.VPBROADCASTQ {
		return x86.Inst{}, false, nil
	}
	if raw.Len != 9 || b[0] != 0xc4 || b[1]&0x1f != 0x02 || b[3] != 0x59 || b[4]&0xc7 != 0x05 {
		return x86.Inst{}, true, fmt.Errorf("vpbroadcastq (% x): only the 256-bit load of a RIP-relative constant is in the model", b[:raw.Len])
	}
	dst, isReg := raw.Args[0].(x86asm.Reg)
	if !isReg || dst < x86asm.Y0 || dst > x86asm.Y15 {
		return x86.Inst{}, true, fmt.Errorf("vpbroadcastq (% x): destination %v is not a ymm register", b[:raw.Len], raw.Args[0])
	}
	if consts == nil {
		return x86.Inst{}, true, fmt.Errorf("vpbroadcastq (% x): RIP-relative load without a relocation to a read-only constant", b[:raw.Len])
	}
	v, err := consts(off+5, off+raw.Len, 8)
	if err != nil {
		return x86.Inst{}, true, fmt.Errorf("vpbroadcastq (% x): %w", b[:raw.Len], err)
	}
	in := x86.Inst{Op: x86.VPBROADCASTQ, Args: []x86.Operand{x86.R(x86.YMM0 + x86.Reg(dst-x86asm.Y0)), x86.C(v)}}
	return in, true, nil
}
