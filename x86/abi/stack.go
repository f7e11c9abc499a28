package abi

import (
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// stackAccess checks an 8-byte access at [rsp+disp].
func (v *validator) stackAccess(disp int32) error {
	a := v.delta + int64(disp)
	if a < v.delta-RedZoneBytes || a+8 > 0 {
		return fmt.Errorf("[rsp%+d] is outside the frame and red zone (rsp is entry%+d)", disp, v.delta)
	}
	if a%8 != 0 {
		return fmt.Errorf("[rsp%+d] is not an 8-byte stack slot", disp)
	}
	if !v.opts.OwnStack {
		return nil
	}
	if v.frame > 0 && (disp < 0 || int64(disp) >= v.frame) {
		return fmt.Errorf("stack access [rsp%+d] outside the %d-byte frame", disp, v.frame)
	}
	if v.frame <= 0 && (disp >= 0 || disp < -RedZoneBytes) {
		return fmt.Errorf("stack access [rsp%+d] outside the red zone", disp)
	}
	return nil
}

// tagOf is what is known of the value an operand reads (registers, stack slots).
func (v *validator) tagOf(a x86.Operand) tag {
	switch a.Kind {
	case x86.KindReg:
		if a.Reg.IsGP8() {
			return tagNone // a byte of a pointer is not a pointer
		}
		return v.regs[a.Reg.Full()]
	case x86.KindMem:
		if a.Base == x86.RSP && a.Index == x86.NoReg {
			return v.slot(v.delta + int64(a.Disp))
		}
	}
	return tagNone
}

// store records that operand a (already bounds-checked) now holds a value known as t.
func (v *validator) store(a x86.Operand, t tag) error {
	switch a.Kind {
	case x86.KindReg:
		r := a.Reg.Full()
		if r == x86.RSP {
			return errors.New("writes rsp other than by push, pop or add/sub of a constant")
		}
		if r == x86.RBP && v.opts.KeepFramePointer {
			return errors.New("writes rbp with the frame pointer kept")
		}
		if a.Reg.IsGP8() {
			t = tagNone // a byte write leaves the rest of the register: no longer a copy
		}
		v.regs[r] = t
	case x86.KindMem:
		if a.Base == x86.RSP {
			v.setSlot(v.delta+int64(a.Disp), t)
		}
	}
	return nil
}

// slot is the tag of the stack slot at entry rsp + a (a < 0, a multiple of 8).
func (v *validator) slot(a int64) tag {
	i := -a/8 - 1
	if a >= 0 || a%8 != 0 || i >= int64(len(v.stack)) {
		return tagNone
	}
	return v.stack[i]
}

func (v *validator) setSlot(a int64, t tag) {
	if a >= 0 || a%8 != 0 {
		return
	}
	i := int(-a/8 - 1)
	for len(v.stack) <= i {
		v.stack = append(v.stack, tagNone)
	}
	v.stack[i] = t
}

// moveRSP sets rsp to entry + delta, forgetting slots that fall out of the red zone (a
// signal handler may overwrite them).
func (v *validator) moveRSP(delta int64) error {
	if delta > 0 {
		return fmt.Errorf("rsp moves %d bytes above its entry value", delta)
	}
	if delta < -MaxFrameBytes {
		return fmt.Errorf("frame of %d bytes exceeds %d", -delta, MaxFrameBytes)
	}
	if delta%8 != 0 {
		return fmt.Errorf("rsp moves to entry%+d, not a multiple of 8", delta)
	}
	v.delta = delta
	for i := range v.stack {
		if -8*int64(i+1) < delta-RedZoneBytes {
			v.stack[i] = tagNone
		}
	}
	return nil
}

func (v *validator) push(src x86.Operand) error {
	t := v.tagOf(src)
	if err := v.moveRSP(v.delta - 8); err != nil {
		return err
	}
	v.setSlot(v.delta, t)
	return nil
}

func (v *validator) pop(dst x86.Operand) error {
	if dst.Kind != x86.KindReg || !dst.Reg.IsGP64() {
		return errors.New("pop into something other than a 64-bit register")
	}
	if v.delta >= 0 {
		return errors.New("pop above the entry rsp (the return address)")
	}
	t := v.slot(v.delta)
	if dst.Reg == x86.RBP {
		v.regs[x86.RBP] = t // a pop may restore rbp even when the frame pointer is kept
	} else if err := v.store(dst, t); err != nil {
		return err
	}
	return v.moveRSP(v.delta + 8)
}

// adjustRSP handles add/sub rsp, imm.
func (v *validator) adjustRSP(in *x86.Inst) error {
	src := in.Args[1]
	if src.Kind != x86.KindImm {
		return errors.New("rsp adjusted by a non-constant")
	}
	d := src.Imm
	if d > MaxFrameBytes || d < -MaxFrameBytes {
		return fmt.Errorf("rsp adjusted by %d, beyond the %d-byte frame limit", d, MaxFrameBytes)
	}
	if in.Op == x86.SUB {
		d = -d
	}
	v.frame -= d
	return v.moveRSP(v.delta + d)
}

func (v *validator) ret() error {
	if v.delta != 0 {
		return fmt.Errorf("stack not balanced: rsp is entry%+d", v.delta)
	}
	for k, r := range x86.CalleeSaved {
		if v.regs[r] != tagSaved+tag(k) {
			return fmt.Errorf("callee-saved %s not restored", r)
		}
	}
	v.returned = true
	return nil
}
