package abi

import (
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Units and limits of the calling convention as Validate applies it.
const (
	RedZoneBytes  = 128     // bytes below rsp a leaf function may use without moving rsp (System V)
	MaxFrameBytes = 1 << 16 // bytes a function may allocate below its entry rsp
	MaxLimbs      = 64      // limbs of one argument array
)

// Shape is how a function is called: void f(uint64_t out1[Out], const uint64_t arg1[Arg1],
// const uint64_t arg2[Arg2]) (Arg2 = 0: unary), with out1 == arg1 when Alias.
type Shape struct {
	Out, Arg1, Arg2 int
	Alias           bool
}

// Check refuses shapes the harness and the validator do not support.
func (s Shape) Check() error {
	if s.Out < 1 || s.Arg1 < 1 || s.Arg2 < 0 || max(s.Out, s.Arg1, s.Arg2) > MaxLimbs {
		return fmt.Errorf("unsupported shape out1[%d], arg1[%d], arg2[%d]", s.Out, s.Arg1, s.Arg2)
	}
	return nil
}

// Options add a code generator's own invariants to the ABI checks.
type Options struct {
	// KeepFramePointer: rbp is written only by pop and by a frame-pointer prologue's
	// "mov rbp, rsp".
	KeepFramePointer bool
	// LoadStore: memory is a destination only of mov and setCC, never of an arithmetic
	// instruction (codegen's output form).
	LoadStore bool
	// OwnStack: rsp-relative accesses stay within the frame reserved with sub rsp or, with
	// none, within the red zone: never a pushed word, never the red zone under a frame.
	OwnStack bool
}

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

// validator walks a program once, tracking pointer registers, rsp, flags and callee-saved
// values.
type validator struct {
	opts     Options
	regs     [48]tag // by x86.Reg: gp64 0–15, xmm 32–47
	stack    []tag   // stack[i] is the slot at entry rsp − 8(i+1)
	delta    int64   // rsp − entry rsp (≤ 0)
	frame    int64   // bytes reserved with sub rsp (pushes not counted)
	limbs    [4]int  // array length in limbs by pointer tag
	written  []bool  // out1 limbs written so far (for the aliasing check)
	flags    x86.Flags
	alias    bool
	returned bool
}

// Validate checks statically, before anything runs, that p is safe to call with shape s:
// every instruction is in the x86 table with one of its operand forms; memory is accessed
// only through the argument pointers (tracked through register, xmm and stack copies)
// within their arrays at limb boundaries, written only in out1, and through rsp only
// within the red zone or a frame the function allocated; rsp changes only by push/pop and
// add/sub of a constant; no flag is read before an instruction of p set it; the stack is
// balanced and every callee-saved register holds its entry value at the single final ret.
// With s.Alias (out1 == arg1) a read of arg1[k] after a write of out1[k] is refused (it
// would read the new value). A pointer that went through arithmetic is no longer one.
func Validate(p *x86.Program, s Shape, opts Options) error {
	if err := s.Check(); err != nil {
		return err
	}
	if p == nil {
		return errors.New("no program")
	}
	v := &validator{opts: opts, alias: s.Alias, written: make([]bool, s.Out)}
	v.limbs = [4]int{0, s.Out, s.Arg1, s.Arg2}
	v.regs[x86.RDI], v.regs[x86.RSI] = tagOut, tagArg1
	if s.Arg2 > 0 {
		v.regs[x86.RDX] = tagArg2
	}
	for k, r := range x86.CalleeSaved {
		v.regs[r] = tagSaved + tag(k)
	}
	for i := range p.Insts {
		in := &p.Insts[i]
		if err := v.inst(in); err != nil {
			return fmt.Errorf("%s: instruction %d (%s): %w", p.Symbol, i, in.Mnemonic(), err)
		}
	}
	if !v.returned {
		return fmt.Errorf("%s: program does not end with ret", p.Symbol)
	}
	return nil
}

func (v *validator) inst(in *x86.Inst) error {
	if v.returned {
		return errors.New("instruction after ret")
	}
	if in.Op.IsVector() {
		// Compiler code only: the checker reads it from objects, nothing here runs it.
		return errors.New("vector instruction: not generated code")
	}
	if !in.Op.Valid() {
		return errors.New("opcode not in the instruction table")
	}
	if lo, hi := in.Op.Arity(); len(in.Args) < lo || len(in.Args) > hi {
		return fmt.Errorf("%d operands, want %d to %d", len(in.Args), lo, hi)
	}
	for i := range in.Args {
		if err := v.operand(in, i, &in.Args[i]); err != nil {
			return err
		}
	}
	if in.FlagsRead()&^v.flags != 0 {
		return errors.New("reads a flag no instruction has set")
	}
	v.flags |= in.FlagsWritten()
	if err := v.effect(in); err != nil {
		return err
	}
	return in.Validate() // the operand forms, after the more specific messages above
}

// effect updates what is known of registers and the stack after in.
func (v *validator) effect(in *x86.Inst) error {
	switch in.Op {
	case x86.RET:
		return v.ret()
	case x86.PUSH:
		return v.push(in.Args[0])
	case x86.POP:
		return v.pop(in.Args[0])
	case x86.MOV, x86.MOVQ:
		if v.opts.KeepFramePointer && in.Args[0] == x86.R(x86.RBP) && in.Args[1] == x86.R(x86.RSP) {
			v.regs[x86.RBP] = tagNone // the frame link, undone by the prologue's pop rbp
			return nil
		}
		return v.store(in.Args[0], v.tagOf(in.Args[1]))
	case x86.XCHG:
		t0, t1 := v.tagOf(in.Args[0]), v.tagOf(in.Args[1])
		if err := v.store(in.Args[0], t1); err != nil {
			return err
		}
		return v.store(in.Args[1], t0)
	case x86.ADD, x86.SUB:
		if a := in.Args[0]; a.Kind == x86.KindReg && a.Reg == x86.RSP {
			return v.adjustRSP(in)
		}
	}
	for i, a := range in.Args {
		if writes(in, i) {
			if err := v.store(a, tagNone); err != nil {
				return err
			}
		}
	}
	for _, r := range in.ImplicitWrites() {
		if err := v.store(x86.R(r), tagNone); err != nil {
			return err
		}
	}
	return nil
}

// writes is in.Writes(i) without copying *in.
func writes(in *x86.Inst, i int) bool {
	return x86.OperandAccess(in.Op, len(in.Args), i)&x86.Write != 0
}

// operand checks the form of operand i and the bounds of the memory it accesses.
func (v *validator) operand(in *x86.Inst, i int, a *x86.Operand) error {
	switch a.Kind {
	case x86.KindReg:
		if !a.Reg.IsGP64() && !a.Reg.IsGP8() && !a.Reg.IsXMM() {
			return fmt.Errorf("operand %d: bad register %d", i, a.Reg)
		}
	case x86.KindImm:
		if writes(in, i) {
			return fmt.Errorf("operand %d: immediate destination", i)
		}
	case x86.KindMem:
		if in.Op == x86.LEA {
			return nil // computes an address, accesses nothing
		}
		acc := x86.OperandAccess(in.Op, len(in.Args), i)
		if v.opts.LoadStore && (i == 0 || acc&x86.Write != 0) && in.Op != x86.MOV && in.Op != x86.SET {
			return errors.New("memory destination")
		}
		return v.access(a, acc&x86.Read != 0, acc&x86.Write != 0)
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
		return v.stackAccess(m.Disp)
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
	if d%8 != 0 {
		return fmt.Errorf("[%s%+d] is not at a limb of %s", m.Base, m.Disp, tagNames[t])
	}
	if write && t != tagOut {
		return fmt.Errorf("write through %s (%s is read-only)", m.Base, tagNames[t])
	}
	if read && t == tagArg1 && v.alias && d/8 < int64(len(v.written)) && v.written[d/8] {
		return fmt.Errorf("reads arg1 at %+d after writing out1 there (out1 aliases arg1)", d)
	}
	if write {
		v.written[d/8] = true
	}
	return nil
}
