package codegen

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Verify checks the ABI-level invariants of a generated program, independently of the
// allocator's bookkeeping: every instruction is in the x86 table; memory is only read
// through a register that holds a parameter pointer (within its limbs) or rsp; only out1
// limbs and the stack are written; pointer registers are not clobbered while still used;
// flags are never read before being set; callee-saved registers and rsp are restored at
// ret. Value placement is checked by executing the code against the interpreter (tests).
func Verify(p *Plan, prog *x86.Program, opts Options) error {
	v := verifier{p: p, opts: opts}
	v.init()
	for i, in := range prog.Insts {
		if err := in.Validate(); err != nil {
			return fmt.Errorf("instruction %d: %w", i, err)
		}
		if err := v.step(in); err != nil {
			return fmt.Errorf("instruction %d (%s): %w", i, in.String(), err)
		}
	}
	if !v.returned {
		return fmt.Errorf("no ret at the end")
	}
	return nil
}

// tag is what verification knows of a register: a pointer, a callee-saved register's
// entry value, or data.
type tag int8

const (
	tagData tag = iota
	tagOut1
	tagArg1
	tagArg2
	tagSaved // + register number: entry value of a callee-saved register
)

type verifier struct {
	p        *Plan
	opts     Options
	regs     [16]tag
	stack    []tag
	frame    int64 // bytes reserved with sub rsp
	xmm      [16]tag
	slots    []tag // tags of stack words, index disp/8 + redZone
	cf, of   bool  // set by an instruction of the function
	returned bool
}

func (v *verifier) init() {
	for _, r := range x86.CalleeSaved {
		v.regs[r] = tagSaved + tag(r)
	}
	v.regs[x86.RDI], v.regs[x86.RSI] = tagOut1, tagArg1
	if v.p.nargs == 2 {
		v.regs[x86.RDX] = tagArg2
	}
}

func (v *verifier) limbs(t tag) int {
	switch t {
	case tagOut1:
		return len(v.p.f.Rets[0].Limbs)
	case tagArg1, tagArg2:
		return len(v.p.f.Params[t-tagArg1].Limbs)
	}
	return 0
}

// checkMem validates a memory operand; write says it is a destination.
func (v *verifier) checkMem(o x86.Operand, write bool, lea bool) error {
	if lea {
		return nil
	}
	if o.Index != x86.NoReg {
		return fmt.Errorf("indexed memory access")
	}
	if o.Base == x86.RSP {
		if v.frame > 0 {
			if o.Disp < 0 || int64(o.Disp) >= v.frame {
				return fmt.Errorf("stack access [rsp%+d] outside the frame", o.Disp)
			}
		} else if o.Disp >= 0 || o.Disp < -8*redZone {
			return fmt.Errorf("stack access [rsp%+d] outside the red zone", o.Disp)
		}
		return nil
	}
	t := v.regs[o.Base]
	n := v.limbs(t)
	if n == 0 {
		return fmt.Errorf("memory base %s does not hold a parameter pointer", o.Base)
	}
	if o.Disp < 0 || o.Disp%8 != 0 || int(o.Disp/8) >= n {
		return fmt.Errorf("access [%s%+d] outside the %d limbs", o.Base, o.Disp, n)
	}
	if write && t != tagOut1 {
		return fmt.Errorf("write through an input pointer")
	}
	return nil
}
