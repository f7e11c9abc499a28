package codegen_test

import (
	"fmt"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func (e *emu) step(in x86.Inst) error {
	if err := in.Validate(); err != nil {
		return err
	}
	a := in.Args
	src := func(i int) uint64 {
		v, err := e.load(a[i])
		if err != nil {
			panic(err)
		}
		return v
	}
	var err error
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	switch in.Op {
	case x86.MOV, x86.MOVQ, x86.MOVZX:
		err = e.store(a[0], src(1))
	case x86.ADD:
		err = e.store(a[0], e.addFlags(src(0), src(1), 0))
	case x86.ADC:
		if err = e.needCF(); err == nil {
			err = e.store(a[0], e.addFlags(src(0), src(1), b2u(e.cf)))
		}
	case x86.ADCX, x86.ADOX:
		err = e.adx(in)
	case x86.SUB:
		err = e.store(a[0], e.subFlags(src(0), src(1), 0))
	case x86.SBB:
		if err = e.needCF(); err == nil {
			err = e.store(a[0], e.subFlags(src(0), src(1), b2u(e.cf)))
		}
	case x86.MULX:
		hi, lo := bits.Mul64(e.r[x86.RDX], src(2))
		e.store(a[1], lo)
		err = e.store(a[0], hi) // same register: hi wins
	case x86.IMUL:
		x, y := src(0), src(1)
		if len(a) == 3 {
			x, y = src(1), src(2)
		}
		e.undefFlags()
		err = e.store(a[0], x*y)
	case x86.LEA:
		err = e.store(a[0], e.addr(a[1]))
	case x86.INC, x86.DEC:
		x, d := src(0), uint64(1)
		if in.Op == x86.DEC {
			d = ^uint64(0)
		}
		r := x + d
		// OF: the signed result overflowed; CF is left alone.
		e.of, e.ofOK = (in.Op == x86.INC && r == 1<<63) || (in.Op == x86.DEC && r == 1<<63-1), true
		e.zf, e.zfOK = r == 0, true
		err = e.store(a[0], r)
	default:
		err = e.stepLogic(in, src)
	}
	return err
}

func (e *emu) adx(in x86.Inst) error {
	a, b := e.r[in.Args[0].Reg], uint64(0)
	v, err := e.load(in.Args[1])
	if err != nil {
		return err
	}
	b = v
	if in.Op == x86.ADCX {
		if err := e.needCF(); err != nil {
			return err
		}
		s, c := bits.Add64(a, b, b2u(e.cf))
		e.cf = c == 1
		return e.store(in.Args[0], s)
	}
	if err := e.needOF(); err != nil {
		return err
	}
	s, c := bits.Add64(a, b, b2u(e.of))
	e.of = c == 1
	return e.store(in.Args[0], s)
}

func (e *emu) stepLogic(in x86.Inst, src func(int) uint64) error {
	a := in.Args
	switch in.Op {
	case x86.AND, x86.OR, x86.XOR:
		x, y := src(0), src(1)
		r := map[x86.Opcode]uint64{x86.AND: x & y, x86.OR: x | y, x86.XOR: x ^ y}[in.Op]
		e.setLogic(r)
		return e.store(a[0], r)
	case x86.TEST:
		e.setLogic(src(0) & src(1))
	case x86.NOT:
		return e.store(a[0], ^src(0))
	case x86.SHL, x86.SHR:
		x, k := src(0), src(1)&63
		e.undefFlags()
		if in.Op == x86.SHL {
			return e.store(a[0], x<<k)
		}
		return e.store(a[0], x>>k)
	case x86.SHLX:
		return e.store(a[0], src(1)<<(src(2)&63))
	case x86.SHRX:
		return e.store(a[0], src(1)>>(src(2)&63))
	case x86.SHRD:
		k := src(2) & 63
		e.undefFlags()
		return e.store(a[0], src(0)>>k|src(1)<<(64-k))
	case x86.SHLD:
		k := src(2) & 63
		e.undefFlags()
		return e.store(a[0], src(0)<<k|src(1)>>(64-k))
	case x86.BZHI:
		n := src(2) & 0xff
		e.undefFlags()
		x := src(1)
		if n < 64 {
			x &= 1<<n - 1
		}
		return e.store(a[0], x)
	case x86.CMOV:
		ok, err := e.cond(in.Cond)
		if err != nil {
			return err
		}
		v := src(1)
		if ok {
			return e.store(a[0], v)
		}
	case x86.SET:
		ok, err := e.cond(in.Cond)
		if err != nil {
			return err
		}
		return e.store(a[0], b2u(ok))
	case x86.CLC, x86.STC:
		e.cf, e.cfOK = in.Op == x86.STC, true
	case x86.PUSH:
		e.r[x86.RSP] -= 8
		return e.store(x86.M(x86.RSP, 0), src(0))
	case x86.POP:
		v, err := e.load(x86.M(x86.RSP, 0))
		if err != nil {
			return err
		}
		e.r[x86.RSP] += 8
		return e.store(a[0], v)
	case x86.RET:
		e.done = true
	default:
		return fmt.Errorf("opcode %s not emulated", in.Op)
	}
	return nil
}
