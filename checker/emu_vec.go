package checker

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// vector executes the AVX2 forms concretely, lane by lane (written apart from symexec's
// asm_vec.go so that the two check each other). A VEX write of an xmm register zeroes
// bits 128..255; vmovq zeroes 64..255.
func (m *emu) vector(in x86.Inst) error {
	a := in.Args
	var r [4]uint64
	switch in.Op {
	case x86.VMOVQ:
		v, err := m.get(in, a[1])
		if err != nil {
			return err
		}
		r[0] = v
	case x86.VPUNPCKLQDQ:
		r[0], r[1] = m.vec[a[1].Reg.Num()][0], m.vec[a[2].Reg.Num()][0]
	case x86.VINSERTI128:
		r = m.vec[a[1].Reg.Num()]
		lo := 2 * (a[3].Imm & 1)
		copy(r[lo:lo+2], m.vec[a[2].Reg.Num()][:2])
	case x86.VPBROADCASTQ:
		c := uint64(a[1].Imm)
		r = [4]uint64{c, c, c, c}
	case x86.VPAND:
		for l := range r {
			r[l] = m.vec[a[1].Reg.Num()][l] & m.vec[a[2].Reg.Num()][l]
		}
	case x86.VMOVDQU:
		base := m.addr(a[0])
		for l, v := range m.vec[a[1].Reg.Num()] {
			if err := m.store(base+uint64(8*l), 8, v); err != nil {
				return err
			}
		}
		return nil
	case x86.VZEROUPPER:
		for i := range m.vec {
			m.vec[i][2], m.vec[i][3] = 0, 0
		}
		return nil
	default:
		return fmt.Errorf("%s is not emulated", in.Mnemonic())
	}
	if a[0].Reg.IsXMM() {
		r[2], r[3] = 0, 0
	}
	m.vec[a[0].Reg.Num()] = r
	return nil
}
