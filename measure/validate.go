package measure

import (
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Limits of what ValidateProgram accepts.
const (
	redZone  = 128     // bytes below rsp a leaf function may use (System V)
	maxFrame = 1 << 16 // bytes a function may allocate below its entry rsp
	maxLimbs = 64      // limbs of one argument array
)

// tag is what the validator knows of a register's or stack slot's value: an argument
// pointer, the entry value of a callee-saved register, or nothing.
type tag uint8

const (
	tagNone tag = iota
	tagOut
	tagArg1
	tagArg2
	tagSaved // tagSaved+k is the entry value of x86.CalleeSaved[k]
)

var tagNames = [...]string{"nothing", "out1", "arg1", "arg2"}

// validator walks a program once, tracking pointer registers, rsp and callee-saved values.
type validator struct {
	regs     [48]tag // by x86.Reg: gp64 0–15, xmm 32–47
	stack    []tag   // stack[i] is the slot at entry rsp − 8(i+1)
	delta    int64   // rsp − entry rsp (≤ 0)
	limbs    [4]int  // array length in limbs by pointer tag
	written  []bool  // out1 limbs written so far (for the aliasing check)
	alias    bool
	returned bool
}

// ValidateProgram checks statically, before anything runs, that p is safe to call as
// void f(uint64_t out1[nOut], const uint64_t arg1[nArg1], const uint64_t arg2[nArg2])
// (nArg2 = 0 for unary functions): memory is accessed only through the argument pointers
// (tracked through register, xmm and stack copies) within their arrays, writes only into
// out1, and through rsp only within the red zone or a frame the function allocated; rsp
// changes only by push/pop and add/sub of a constant; the stack is balanced and every
// callee-saved register holds its entry value at the single final ret; every opcode is in
// the x86 table. With aliasOut1Arg1 the caller passes out1 == arg1, and a read of arg1[k]
// after a write of out1[k] is refused (it would read the new value).
// Value tracking is by copies only: a pointer that went through arithmetic is refused.
func ValidateProgram(p *x86.Program, nOut, nArg1, nArg2 int, aliasOut1Arg1 bool) error {
	if err := checkShape(nOut, nArg1, nArg2); err != nil {
		return err
	}
	if p == nil {
		return errors.New("measure: no program")
	}
	v := &validator{alias: aliasOut1Arg1, written: make([]bool, nOut)}
	v.limbs = [4]int{0, nOut, nArg1, nArg2}
	v.regs[x86.RDI], v.regs[x86.RSI] = tagOut, tagArg1
	if nArg2 > 0 {
		v.regs[x86.RDX] = tagArg2
	}
	for k, r := range x86.CalleeSaved {
		v.regs[r] = tagSaved + tag(k)
	}
	for i := range p.Insts {
		in := &p.Insts[i]
		if err := v.inst(in); err != nil {
			return fmt.Errorf("measure: %s: instruction %d (%s): %w", p.Symbol, i, in.Mnemonic(), err)
		}
	}
	if !v.returned {
		return fmt.Errorf("measure: %s: program does not end with ret", p.Symbol)
	}
	return nil
}

func checkShape(nOut, nArg1, nArg2 int) error {
	if nOut < 1 || nArg1 < 1 || nArg2 < 0 || max(nOut, nArg1, nArg2) > maxLimbs {
		return fmt.Errorf("measure: unsupported shape out1[%d], arg1[%d], arg2[%d]", nOut, nArg1, nArg2)
	}
	return nil
}

func (v *validator) inst(in *x86.Inst) error {
	if v.returned {
		return errors.New("instruction after ret")
	}
	if !known(in.Op) {
		return errors.New("opcode not in the instruction table")
	}
	info := opTable[in.Op]
	if len(in.Args) < info.minArgs || len(in.Args) > info.maxArgs {
		return fmt.Errorf("%d operands, want %d to %d", len(in.Args), info.minArgs, info.maxArgs)
	}
	for i := range in.Args {
		if err := v.operand(in, i, &in.Args[i]); err != nil {
			return err
		}
	}
	switch in.Op {
	case x86.RET:
		return v.ret()
	case x86.PUSH:
		return v.push(in.Args[0])
	case x86.POP:
		return v.pop(in.Args[0])
	case x86.MOV, x86.MOVQ:
		return v.store(in.Args[0], v.tagOf(in.Args[1]))
	case x86.XCHG:
		t0, t1 := v.tagOf(in.Args[0]), v.tagOf(in.Args[1])
		if err := v.store(in.Args[0], t1); err != nil {
			return err
		}
		return v.store(in.Args[1], t0)
	case x86.MUL:
		v.regs[x86.RAX], v.regs[x86.RDX] = tagNone, tagNone
		return nil
	case x86.ADD, x86.SUB:
		if a := in.Args[0]; a.Kind == x86.KindReg && a.Reg == x86.RSP {
			return v.adjustRSP(in)
		}
	}
	for i, a := range in.Args {
		if writesArg(in, i) {
			if err := v.store(a, tagNone); err != nil {
				return err
			}
		}
	}
	return nil
}

// operand checks the form of operand i and the bounds of the memory it accesses.
func (v *validator) operand(in *x86.Inst, i int, a *x86.Operand) error {
	switch a.Kind {
	case x86.KindReg:
		if !a.Reg.IsGP64() && !a.Reg.IsGP8() && !a.Reg.IsXMM() {
			return fmt.Errorf("operand %d: bad register %d", i, a.Reg)
		}
	case x86.KindImm:
		if writesArg(in, i) {
			return fmt.Errorf("operand %d: immediate destination", i)
		}
	case x86.KindMem:
		if in.Op == x86.LEA {
			return nil // computes an address, accesses nothing
		}
		return v.access(a, readsArg(in, i), writesArg(in, i))
	default:
		return fmt.Errorf("operand %d: missing", i)
	}
	return nil
}

// access checks one 8-byte memory access (byte accesses are checked as 8 bytes).
func (v *validator) access(m *x86.Operand, read, write bool) error {
	if m.Index != x86.NoReg {
		return errors.New("indexed memory operand")
	}
	if !m.Base.IsGP64() {
		return errors.New("memory operand without a 64-bit base register")
	}
	if m.Base == x86.RSP {
		a := v.delta + int64(m.Disp)
		if a < v.delta-redZone || a+8 > 0 {
			return fmt.Errorf("[rsp%+d] is outside the frame and red zone (rsp is entry%+d)", m.Disp, v.delta)
		}
		if a%8 != 0 {
			return fmt.Errorf("[rsp%+d] is not an 8-byte stack slot", m.Disp)
		}
		return nil
	}
	t := v.regs[m.Base]
	if t == tagNone || t >= tagSaved {
		return fmt.Errorf("base %s does not hold an argument pointer", m.Base)
	}
	n := int64(v.limbs[t])
	d := int64(m.Disp)
	if d < 0 || d+8 > 8*n {
		return fmt.Errorf("[%s%+d] is outside %s (%d limbs)", m.Base, m.Disp, tagNames[t], n)
	}
	if write && t != tagOut {
		return fmt.Errorf("write through %s (%s is read-only)", m.Base, tagNames[t])
	}
	lo, hi := d/8, (d+7)/8
	if read && t == tagArg1 && v.alias && (v.writtenAt(lo) || v.writtenAt(hi)) {
		return fmt.Errorf("reads arg1 at %+d after writing out1 there (out1 aliases arg1)", d)
	}
	if write {
		for k := lo; k <= hi && k < int64(len(v.written)); k++ {
			v.written[k] = true
		}
	}
	return nil
}

func (v *validator) writtenAt(k int64) bool { return k < int64(len(v.written)) && v.written[k] }
