package checker

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// emu is a small concrete x86-64 interpreter over the checker's instruction set, written
// independently of the symbolic executor (and of measure) so that random testing
// cross-checks it.
type emu struct {
	regs           [16]uint64
	vec            [16][4]uint64 // vector registers as 64-bit lanes (lane 0: xmm's low qword)
	cf, of, zf, sf bool
	regions        []region
	// junk, when set, plays a signal handler each time rsp moves up: it overwrites the
	// stack below the red zone, as a handler's frame would.
	junk *rand.Rand
	// reads, when it has one entry per instruction of the program run, is readMask of
	// each: computed once per check instead of once per trial (asking x86.Inst.Reads for
	// every operand of every trial was half of the emulator's time).
	reads []uint8
}

// readMask says which explicit operands in loads (bit i: operand i): those it reads,
// lea's address aside (set and compute work it out; no memory is loaded).
func readMask(in x86.Inst) uint8 {
	var m uint8
	if in.Op == x86.LEA {
		return 0
	}
	for i := range min(len(in.Args), 8) {
		if in.Reads(i) {
			m |= 1 << i
		}
	}
	return m
}

// readMasks is readMask of every instruction of p.
func readMasks(p *x86.Program) []uint8 {
	ms := make([]uint8, len(p.Insts))
	for i, in := range p.Insts {
		ms[i] = readMask(in)
	}
	return ms
}

// signal overwrites the stack region below rsp-128 with junk.
func (m *emu) signal() {
	if m.junk == nil {
		return
	}
	limit := m.regs[x86.RSP] - 128
	for i := range m.regions {
		r := &m.regions[i]
		if r.addr != stackTop-stackSize {
			continue
		}
		// One random word per signal is enough junk and keeps the emulator fast. The
		// region starts 8-aligned: byte j of it gets byte j%8 of w, up to the limit.
		w := m.junk.Uint64()
		n := 0
		if limit > r.addr {
			n = int(min(limit-r.addr, uint64(len(r.data))))
		}
		j := 0
		for ; j+8 <= n; j += 8 {
			binary.LittleEndian.PutUint64(r.data[j:], w)
		}
		for ; j < n; j++ {
			r.data[j] = byte(w >> (8 * (j & 7)))
		}
	}
}

type region struct {
	addr uint64
	data []byte
	ro   bool
}

func (m *emu) find(addr uint64, n int) ([]byte, *region, error) {
	for i := range m.regions {
		r := &m.regions[i]
		// Compare offsets, not end addresses: addr+n wraps for an address like -4.
		if addr >= r.addr && addr-r.addr <= uint64(len(r.data)) && uint64(n) <= uint64(len(r.data))-(addr-r.addr) {
			return r.data[addr-r.addr : addr-r.addr+uint64(n)], r, nil
		}
	}
	return nil, nil, fmt.Errorf("access to unmapped address %#x", addr)
}

func (m *emu) addr(o x86.Operand) uint64 {
	a := uint64(int64(o.Disp))
	if o.Base.IsGP64() {
		a += m.regs[o.Base]
	}
	if o.Index != x86.NoReg {
		s := uint64(o.Scale)
		if s == 0 {
			s = 1
		}
		a += m.regs[o.Index] * s
	}
	return a
}

func (m *emu) load(a uint64, n int) (uint64, error) {
	b, _, err := m.find(a, n)
	if err != nil {
		return 0, err
	}
	var v uint64
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v, nil
}

func (m *emu) store(a uint64, n int, v uint64) error {
	b, r, err := m.find(a, n)
	if err != nil {
		return err
	}
	if r.ro {
		return fmt.Errorf("write to read-only input at %#x", a)
	}
	for i := range n {
		b[i] = byte(v >> (8 * i))
	}
	return nil
}

func (m *emu) get(in x86.Inst, o x86.Operand) (uint64, error) {
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			return m.regs[o.Reg], nil
		case o.Reg.IsGP8():
			return m.regs[o.Reg.Num()] & 0xff, nil
		case o.Reg.IsGP32():
			return m.regs[o.Reg.Num()] & 0xffffffff, nil
		case o.Reg.IsXMM():
			return m.vec[o.Reg.Num()][0], nil
		}
	case x86.KindMem:
		return m.load(m.addr(o), in.MemSize())
	case x86.KindImm:
		return uint64(o.Imm), nil
	}
	return 0, fmt.Errorf("bad operand")
}

func (m *emu) set(in x86.Inst, o x86.Operand, v uint64) error {
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			m.regs[o.Reg] = v
		case o.Reg.IsGP8():
			m.regs[o.Reg.Num()] = m.regs[o.Reg.Num()]&^0xff | v&0xff
		case o.Reg.IsGP32():
			m.regs[o.Reg.Num()] = v & 0xffffffff // the upper half is zeroed
		case o.Reg.IsXMM():
			m.vec[o.Reg.Num()][0], m.vec[o.Reg.Num()][1] = v, 0 // legacy movq: 128..255 kept
		}
		return nil
	case x86.KindMem:
		return m.store(m.addr(o), in.MemSize(), v)
	}
	return fmt.Errorf("bad destination")
}

func (m *emu) zs(v uint64) { m.zf, m.sf = v == 0, int64(v) < 0 }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (m *emu) cond(c x86.Cond) (bool, error) {
	var r bool
	switch c &^ 1 {
	case x86.CondO:
		r = m.of
	case x86.CondC:
		r = m.cf
	case x86.CondZ:
		r = m.zf
	case x86.CondBE:
		r = m.cf || m.zf
	case x86.CondS:
		r = m.sf
	case x86.CondL:
		r = m.sf != m.of
	case x86.CondLE:
		r = m.zf || m.sf != m.of
	default:
		return false, fmt.Errorf("parity conditions are not supported")
	}
	return r != (c&1 == 1), nil
}

// run executes p until ret; straight-line code only.
func (m *emu) run(p *x86.Program) error {
	for i, in := range p.Insts {
		if in.Op == x86.RET {
			return nil
		}
		rsp := m.regs[x86.RSP]
		var reads uint8
		if len(m.reads) == len(p.Insts) {
			reads = m.reads[i]
		} else {
			reads = readMask(in)
		}
		if err := m.step(in, reads); err != nil {
			return fmt.Errorf("instruction %d (%s): %w", i+1, in, err)
		}
		if m.regs[x86.RSP] > rsp {
			m.signal()
		}
	}
	return fmt.Errorf("no ret")
}

func (m *emu) addSub(in x86.Inst, a, b uint64, sub, withCarry bool) uint64 {
	c := uint64(0)
	if withCarry && m.cf {
		c = 1
	}
	if in.IsByteALU() {
		return m.addSubW(a, b, c, sub, 8)
	}
	if in.Dword() {
		return m.addSubW(a, b, c, sub, 32)
	}
	var r, co uint64
	if sub {
		r, co = bits.Sub64(a, b, c)
		m.of = int64((a^b)&(a^r)) < 0
	} else {
		r, co = bits.Add64(a, b, c)
		m.of = int64(^(a^b)&(a^r)) < 0
	}
	m.cf = co == 1
	m.zs(r)
	return r
}

// addSub8 is addSub on the low bytes: flags from the 8-bit result.
// addSubW is a w-bit (8 or 32) add or subtract with carry c: the result and the flags
// of the low w bits.
func (m *emu) addSubW(a, b, c uint64, sub bool, w int) uint64 {
	mask, sign := uint64(1)<<w-1, uint64(1)<<(w-1)
	a, b = a&mask, b&mask
	var t uint64
	if sub {
		t = a - b - c
		m.of = (a^b)&(a^t)&sign != 0
	} else {
		t = a + b + c
		m.of = ^(a^b)&(a^t)&sign != 0
	}
	r := t & mask
	m.cf = t>>w&1 == 1
	m.zf, m.sf = r == 0, r&sign != 0
	return r
}
