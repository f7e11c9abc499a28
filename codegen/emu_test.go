package codegen_test

import (
	"fmt"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// emu is a small x86-64 interpreter for the instructions codegen emits. It is strict:
// reading an undefined flag, uninitialised stack or memory outside the parameters is an
// error, and at ret the callee-saved registers and rsp must be restored. Tests run every
// generated program on it against the IR interpreter.
type emu struct {
	r      [16]uint64
	x      [16]uint64
	cf, of bool
	zf     bool
	cfOK   bool // CF defined
	ofOK   bool
	zfOK   bool
	mem    map[uint64]uint64 // qword-aligned parameter and stack memory
	inited map[uint64]bool   // stack words written
	lo, hi uint64            // allowed stack range
	out    uint64            // out1 address
	nout   uint64
	done   bool
}

const (
	emuOut  = 0x100000
	emuArg1 = 0x200000
	emuArg2 = 0x300000
	emuRSP  = 0x7ff000
)

// run executes prog with the given inputs; alias makes out1 == arg1.
func runEmu(prog *x86.Program, args [][]uint64, nout int, alias bool) ([]uint64, error) {
	res, _, err := runEmuStack(prog, args, nout, alias)
	return res, err
}

// runEmuStack is runEmu that also returns the stack words written (address → final value).
func runEmuStack(prog *x86.Program, args [][]uint64, nout int, alias bool) ([]uint64, map[uint64]uint64, error) {
	e := &emu{mem: map[uint64]uint64{}, inited: map[uint64]bool{}}
	for i := range e.r {
		e.r[i] = 0x5a5a0000 + uint64(i)*0x1111 // garbage
	}
	out := uint64(emuOut)
	if alias {
		out = emuArg1
	}
	bases := []uint64{emuArg1, emuArg2}
	for i, a := range args {
		for j, w := range a {
			e.mem[bases[i]+8*uint64(j)] = w
		}
	}
	for j := 0; j < nout; j++ {
		if _, ok := e.mem[out+8*uint64(j)]; !ok {
			e.mem[out+8*uint64(j)] = 0xdeadbeef
		}
	}
	e.r[x86.RDI], e.r[x86.RSI], e.r[x86.RDX] = out, emuArg1, emuArg2
	e.out, e.nout = out, uint64(nout)
	e.r[x86.RSP] = emuRSP
	e.lo, e.hi = emuRSP-4096, emuRSP
	saved := e.r
	for i, in := range prog.Insts {
		if e.done {
			return nil, nil, fmt.Errorf("instruction %d after ret", i)
		}
		if err := e.step(in); err != nil {
			return nil, nil, fmt.Errorf("instruction %d %q: %w", i, in.String(), err)
		}
	}
	if !e.done {
		return nil, nil, fmt.Errorf("no ret")
	}
	for _, r := range append(x86.CalleeSaved[:], x86.RSP) {
		if e.r[r] != saved[r] {
			return nil, nil, fmt.Errorf("%s not restored", r)
		}
	}
	res := make([]uint64, nout)
	for j := range res {
		res[j] = e.mem[out+8*uint64(j)]
	}
	stack := map[uint64]uint64{}
	for a := range e.inited {
		stack[a] = e.mem[a]
	}
	return res, stack, nil
}

func (e *emu) addr(o x86.Operand) uint64 {
	a := e.r[o.Base] + uint64(int64(o.Disp))
	if o.Index != x86.NoReg {
		a += e.r[o.Index] * uint64(max(o.Scale, 1))
	}
	return a
}

func (e *emu) load(o x86.Operand) (uint64, error) {
	switch o.Kind {
	case x86.KindImm:
		return uint64(o.Imm), nil
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			return e.r[o.Reg], nil
		case o.Reg.IsGP8():
			return e.r[o.Reg.Full()] & 0xff, nil
		case o.Reg.IsXMM():
			return e.x[o.Reg.Num()], nil
		}
	case x86.KindMem:
		a := e.addr(o)
		if a >= e.lo && a < e.hi {
			if !e.inited[a] {
				return 0, fmt.Errorf("read of uninitialised stack %#x", a)
			}
			return e.mem[a], nil
		}
		v, ok := e.mem[a]
		if !ok || a%8 != 0 {
			return 0, fmt.Errorf("read outside the parameters at %#x", a)
		}
		return v, nil
	}
	return 0, fmt.Errorf("bad operand")
}

func (e *emu) store(o x86.Operand, v uint64) error {
	switch o.Kind {
	case x86.KindReg:
		switch {
		case o.Reg.IsGP64():
			e.r[o.Reg] = v
		case o.Reg.IsGP8():
			f := o.Reg.Full()
			e.r[f] = e.r[f]&^0xff | v&0xff
		case o.Reg.IsXMM():
			e.x[o.Reg.Num()] = v
		}
		return nil
	case x86.KindMem:
		a := e.addr(o)
		if a >= e.lo && a < e.hi {
			e.inited[a] = true
			e.mem[a] = v
			return nil
		}
		if a%8 != 0 || a < e.out || a >= e.out+8*e.nout {
			return fmt.Errorf("write outside out1 at %#x", a)
		}
		e.mem[a] = v
		return nil
	}
	return fmt.Errorf("bad destination")
}

func (e *emu) setLogic(v uint64) {
	e.cf, e.of, e.zf = false, false, v == 0
	e.cfOK, e.ofOK, e.zfOK = true, true, true
}

func (e *emu) undefFlags() { e.cfOK, e.ofOK, e.zfOK = false, false, false }

func (e *emu) needCF() error {
	if !e.cfOK {
		return fmt.Errorf("CF read while undefined")
	}
	return nil
}

func (e *emu) needOF() error {
	if !e.ofOK {
		return fmt.Errorf("OF read while undefined")
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// addFlags computes a + b + c with x86 flags.
func (e *emu) addFlags(a, b uint64, c uint64) uint64 {
	s, c1 := bits.Add64(a, b, c)
	e.cf, e.cfOK = c1 == 1, true
	e.of, e.ofOK = (^(a^b)&(a^s))>>63 == 1, true
	e.zf, e.zfOK = s == 0, true
	return s
}

func (e *emu) subFlags(a, b uint64, c uint64) uint64 {
	d, b1 := bits.Sub64(a, b, c)
	e.cf, e.cfOK = b1 == 1, true
	e.of, e.ofOK = ((a^b)&(a^d))>>63 == 1, true
	e.zf, e.zfOK = d == 0, true
	return d
}

func (e *emu) cond(c x86.Cond) (bool, error) {
	switch c {
	case x86.CondC, x86.CondNC:
		return e.cf == (c == x86.CondC), e.needCF()
	case x86.CondO, x86.CondNO:
		return e.of == (c == x86.CondO), e.needOF()
	case x86.CondZ, x86.CondNZ:
		if !e.zfOK {
			return false, fmt.Errorf("ZF read while undefined")
		}
		return e.zf == (c == x86.CondZ), nil
	}
	return false, fmt.Errorf("condition %s not emulated", c)
}
