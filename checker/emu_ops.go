package checker

import (
	"fmt"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// step executes in; bit i of reads says that it reads its operand i (readMask).
func (m *emu) step(in x86.Inst, reads uint8) error {
	if in.Op.IsVector() {
		return m.vector(in)
	}
	a := in.Args
	vals := make([]uint64, len(a))
	for i, o := range a {
		if reads&(1<<i) == 0 {
			continue
		}
		v, err := m.get(in, o)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	r, write, err := m.compute(in, vals)
	if err != nil || !write {
		return err
	}
	return m.set(in, a[0], r)
}

// compute returns the value to write to the first operand, if any.
func (m *emu) compute(in x86.Inst, v []uint64) (uint64, bool, error) {
	switch in.Op {
	case x86.MOV, x86.MOVQ:
		return v[1], true, nil
	case x86.MOVZX:
		return v[1] & 0xff, true, nil
	case x86.XCHG:
		if err := m.set(in, in.Args[1], v[0]); err != nil {
			return 0, false, err
		}
		return v[1], true, nil
	case x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.CMP:
		sub := in.Op == x86.SUB || in.Op == x86.SBB || in.Op == x86.CMP
		r := m.addSub(in, v[0], v[1], sub, in.Op == x86.ADC || in.Op == x86.SBB)
		return r, in.Op != x86.CMP, nil
	case x86.ADCX:
		r, c := bits.Add64(v[0], v[1], b2u(m.cf))
		m.cf = c == 1
		return r, true, nil
	case x86.ADOX:
		r, c := bits.Add64(v[0], v[1], b2u(m.of))
		m.of = c == 1
		return r, true, nil
	case x86.MULX:
		hi, lo := bits.Mul64(m.regs[x86.RDX], v[2])
		if err := m.set(in, in.Args[1], lo); err != nil {
			return 0, false, err
		}
		return hi, true, nil
	case x86.MUL:
		hi, lo := bits.Mul64(m.regs[x86.RAX], v[0])
		m.regs[x86.RAX], m.regs[x86.RDX] = lo, hi
		m.cf, m.of = hi != 0, hi != 0
		return 0, false, nil
	case x86.IMUL:
		if len(in.Args) == 3 {
			s, err := m.get(in, in.Args[1])
			return s * uint64(in.Args[2].Imm), true, err
		}
		return v[0] * v[1], true, nil
	case x86.LEA:
		return m.addr(in.Args[1]), true, nil
	}
	return m.compute2(in, v)
}

func (m *emu) compute2(in x86.Inst, v []uint64) (uint64, bool, error) {
	a := in.Args
	switch in.Op {
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR, x86.SHLX, x86.SHRX, x86.SARX, x86.RORX, x86.SHRD, x86.SHLD:
		return m.computeShift(in, v)
	case x86.AND, x86.TEST, x86.OR, x86.XOR:
		r := map[x86.Opcode]uint64{x86.AND: v[0] & v[1], x86.TEST: v[0] & v[1], x86.OR: v[0] | v[1], x86.XOR: v[0] ^ v[1]}[in.Op]
		m.cf, m.of = false, false
		m.zs(r)
		switch {
		case in.IsByteALU() || a[0].Kind == x86.KindReg && a[0].Reg.IsGP8():
			m.sf = r&0x80 != 0
		case in.Dword():
			r &= 0xffffffff // the imm32 sign-extended to 64 bits
			m.zf, m.sf = r == 0, r&0x80000000 != 0
		}
		return r, in.Op != x86.TEST, nil
	case x86.ANDN:
		s1, err := m.get(in, a[1])
		if err != nil {
			return 0, false, err
		}
		r := ^s1 & v[2]
		m.cf, m.of = false, false
		m.zs(r)
		return r, true, nil
	case x86.BZHI:
		src, err := m.get(in, a[1])
		n := v[2] & 0xff
		r := src
		if n < 64 {
			r = src & (1<<n - 1)
		}
		m.cf, m.of = n > 63, false
		m.zs(r)
		return r, true, err
	}
	return m.compute3(in, v)
}

// computeShift is the shifts and rotates: shl/shr/sar/ror (flags), their flag-free BMI2
// forms and the double shifts shrd/shld.
func (m *emu) computeShift(in x86.Inst, v []uint64) (uint64, bool, error) {
	a := in.Args
	switch in.Op {
	case x86.SHL, x86.SHR, x86.SAR, x86.ROR:
		if in.Dword() {
			return m.shift32(in.Op, v[0], v[1]&31)
		}
		return m.shift(in.Op, v[0], v[1]&63, true)
	case x86.SHLX, x86.SHRX, x86.SARX, x86.RORX:
		src, err := m.get(in, a[1])
		if err != nil {
			return 0, false, err
		}
		k := uint64(a[2].Imm)
		if a[2].Kind != x86.KindImm {
			k = m.regs[a[2].Reg]
		}
		op := map[x86.Opcode]x86.Opcode{x86.SHLX: x86.SHL, x86.SHRX: x86.SHR, x86.SARX: x86.SAR, x86.RORX: x86.ROR}[in.Op]
		return m.shift(op, src, k&63, false)
	case x86.SHRD, x86.SHLD:
		k := v[2] & 63
		if k == 0 {
			return v[0], true, nil
		}
		var r uint64
		if in.Op == x86.SHRD {
			r = v[0]>>k | v[1]<<(64-k)
			m.cf = v[0]>>(k-1)&1 == 1
		} else {
			r = v[0]<<k | v[1]>>(64-k)
			m.cf = v[0]>>(64-k)&1 == 1
		}
		m.zs(r)
		return r, true, nil
	}
	return 0, false, fmt.Errorf("%v is not a shift", in.Op)
}

func (m *emu) compute3(in x86.Inst, v []uint64) (uint64, bool, error) {
	switch in.Op {
	case x86.NOT:
		return ^v[0], true, nil
	case x86.NEG:
		r := m.addSub(in, 0, v[0], true, false)
		return r, true, nil
	case x86.INC, x86.DEC:
		cf := m.cf
		var r uint64
		if in.Op == x86.INC {
			r = m.addSub(in, v[0], 1, false, false)
		} else {
			r = m.addSub(in, v[0], 1, true, false)
		}
		m.cf = cf
		return r, true, nil
	case x86.CMOV:
		c, err := m.cond(in.Cond)
		if c {
			return v[1], true, err
		}
		return v[0], true, err
	case x86.SET:
		c, err := m.cond(in.Cond)
		return b2u(c), true, err
	case x86.CLC, x86.STC:
		m.cf = in.Op == x86.STC
		return 0, false, nil
	case x86.PUSH:
		m.regs[x86.RSP] -= 8
		return 0, false, m.store(m.regs[x86.RSP], 8, v[0])
	case x86.POP:
		r, err := m.load(m.regs[x86.RSP], 8)
		m.regs[x86.RSP] += 8
		return r, true, err
	}
	return 0, false, fmt.Errorf("unsupported instruction %s", in.Mnemonic())
}

func (m *emu) shift(op x86.Opcode, x, k uint64, flags bool) (uint64, bool, error) {
	if k == 0 {
		return x, true, nil
	}
	var r uint64
	var cf bool
	switch op {
	case x86.SHL:
		r, cf = x<<k, x>>(64-k)&1 == 1
	case x86.SHR:
		r, cf = x>>k, x>>(k-1)&1 == 1
	case x86.SAR:
		r, cf = uint64(int64(x)>>k), x>>(k-1)&1 == 1
	default:
		r = bits.RotateLeft64(x, -int(k))
		cf = r>>63 == 1
	}
	if flags {
		m.cf = cf
		if op != x86.ROR {
			m.zs(r)
		}
	}
	return r, true, nil
}

// shift32 is a 32-bit shl, shr or sar by k < 32: the result zero-extended, even for k = 0
// (which leaves the flags).
func (m *emu) shift32(op x86.Opcode, x, k uint64) (uint64, bool, error) {
	x &= 0xffffffff
	if k == 0 {
		return x, true, nil
	}
	var r uint64
	switch op {
	case x86.SHL:
		r = x << k & 0xffffffff
		m.cf = x>>(32-k)&1 == 1
	case x86.SHR:
		r, m.cf = x>>k, x>>(k-1)&1 == 1
	default:
		r, m.cf = uint64(uint32(int32(uint32(x))>>k)), x>>(k-1)&1 == 1
	}
	m.zf, m.sf = r == 0, r&0x80000000 != 0
	return r, true, nil
}
