package symexec

import (
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// vector executes the AVX2 forms on 64-bit lanes. Every VEX-encoded write of an xmm
// register zeroes bits 128..255 of its ymm register (lanes 2 and 3); vmovq also zeroes
// lane 1. No flag is read or written.
func (x *asmExec) vector(in x86.Inst) {
	a := in.Args
	zero := Val{Id: x.g.Word(0)}
	switch in.Op {
	case x86.VMOVQ:
		x.setVec(a[0], [4]Val{x.read(in, a[1]), zero, zero, zero})
	case x86.VPUNPCKLQDQ:
		u, v := x.vec[a[1].Reg.Num()], x.vec[a[2].Reg.Num()]
		x.setVec(a[0], [4]Val{u[0], v[0], zero, zero})
	case x86.VINSERTI128:
		r, v := x.vec[a[1].Reg.Num()], x.vec[a[2].Reg.Num()]
		h := 2 * int(a[3].Imm&1)
		r[h], r[h+1] = v[0], v[1]
		x.setVec(a[0], r)
	case x86.VPBROADCASTQ:
		c := Val{Id: x.g.Word(uint64(a[1].Imm))}
		x.setVec(a[0], [4]Val{c, c, c, c})
	case x86.VPAND:
		u, v := x.vec[a[1].Reg.Num()], x.vec[a[2].Reg.Num()]
		var r [4]Val
		for l := range r {
			r[l] = x.value(x.g.And(x.word(u[l]), x.word(v[l])))
		}
		x.setVec(a[0], r)
	case x86.VMOVDQU:
		v := x.vec[a[1].Reg.Num()]
		for l := range v {
			m := a[0]
			m.Disp += int32(8 * l)
			x.store(m, 8, v[l])
		}
	case x86.VZEROUPPER:
		for r := range x.vec {
			x.vec[r][2], x.vec[r][3] = zero, zero
		}
	default:
		x.violate("%s is not executed", in.Mnemonic())
	}
}

// setVec writes the lanes of an xmm (lanes 2 and 3 must be zero: VEX zeroing) or ymm
// register.
func (x *asmExec) setVec(o x86.Operand, lanes [4]Val) {
	for _, v := range lanes {
		if !v.Ptr {
			x.note(v.Id)
		}
	}
	if o.Reg.IsXMM() {
		lanes[2], lanes[3] = Val{Id: x.g.Word(0)}, Val{Id: x.g.Word(0)}
	}
	x.vec[o.Reg.Num()] = lanes
}
