package codegen

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// readsCF/readsOF/writes describe the flag behaviour of the opcodes codegen emits.
func flagUse(in x86.Inst) (readCF, readOF, writeCF, writeOF bool) {
	switch in.Op {
	case x86.ADC, x86.SBB:
		return true, false, true, true
	case x86.ADCX:
		return true, false, true, false
	case x86.ADOX:
		return false, true, false, true
	case x86.CLC, x86.STC:
		return false, false, true, false
	case x86.INC, x86.DEC:
		return false, false, false, true
	case x86.CMOV, x86.SET:
		switch in.Cond {
		case x86.CondC, x86.CondNC:
			return true, false, false, false
		case x86.CondO, x86.CondNO:
			return false, true, false, false
		}
		return false, false, false, false
	case x86.MOV, x86.MOVZX, x86.MOVQ, x86.MULX, x86.LEA, x86.SHLX, x86.SHRX, x86.SARX,
		x86.RORX, x86.NOT, x86.PUSH, x86.POP, x86.RET, x86.XCHG:
		return false, false, false, false
	}
	return false, false, true, true
}

func (v *verifier) step(in x86.Inst) error {
	if v.returned {
		return fmt.Errorf("instruction after ret")
	}
	rcf, rof, wcf, wof := flagUse(in)
	if (rcf && !v.cf) || (rof && !v.of) {
		return fmt.Errorf("reads a flag no instruction has set")
	}
	v.cf, v.of = v.cf || wcf, v.of || wof
	for k, a := range in.Args {
		if a.Kind == x86.KindMem {
			if err := v.checkMem(a, k == 0 && in.Op == x86.MOV, in.Op == x86.LEA); err != nil {
				return err
			}
			if k == 0 && in.Op != x86.MOV && in.Op != x86.SET {
				return fmt.Errorf("memory destination")
			}
		}
	}
	switch in.Op {
	case x86.PUSH:
		v.stack = append(v.stack, v.regs[in.Args[0].Reg])
		return nil
	case x86.POP:
		if len(v.stack) == 0 {
			return fmt.Errorf("pop of an empty stack")
		}
		v.regs[in.Args[0].Reg] = v.stack[len(v.stack)-1]
		v.stack = v.stack[:len(v.stack)-1]
		return nil
	case x86.RET:
		return v.ret()
	case x86.SUB, x86.ADD:
		if in.Args[0].Kind == x86.KindReg && in.Args[0].Reg == x86.RSP {
			return v.adjust(in)
		}
	}
	if v.opts.Target == TargetGo && isGoFrameLink(in) {
		v.regs[x86.RBP] = tagData // rbp = rsp: Go's frame link, restored by the pop rbp
		return nil
	}
	w, nw := written(in)
	for _, r := range w[:nw] {
		if r == x86.RSP {
			return fmt.Errorf("writes rsp")
		}
		if r == x86.RBP && v.opts.FramePointer == FramePointerSave {
			return fmt.Errorf("writes rbp with the frame pointer kept")
		}
		if r.IsGP64() {
			v.regs[r] = tagData
		}
	}
	if in.Op == x86.MOV || in.Op == x86.MOVQ {
		v.copyTag(in.Args[0], in.Args[1])
	}
	return nil
}

// copyTag carries a pointer tag through register, xmm and stack copies (pointers move
// out of rdx for mulx and may be spilled).
func (v *verifier) copyTag(dst, src x86.Operand) {
	t := tagData
	switch {
	case src.Kind == x86.KindReg && src.Reg.IsGP64():
		t = v.regs[src.Reg]
	case src.Kind == x86.KindReg && src.Reg.IsXMM():
		t = v.xmm[src.Reg.Num()]
	case src.Kind == x86.KindMem && src.Base == x86.RSP:
		if k := int(src.Disp/8) + redZone; k < len(v.slots) {
			t = v.slots[k]
		}
	}
	switch {
	case dst.Kind == x86.KindReg && dst.Reg.IsGP64():
		v.regs[dst.Reg] = t
	case dst.Kind == x86.KindReg && dst.Reg.IsXMM():
		v.xmm[dst.Reg.Num()] = t
	case dst.Kind == x86.KindMem && dst.Base == x86.RSP:
		k := int(dst.Disp/8) + redZone
		for len(v.slots) <= k {
			v.slots = append(v.slots, tagData)
		}
		v.slots[k] = t
	}
}

func (v *verifier) adjust(in x86.Inst) error {
	if in.Args[1].Kind != x86.KindImm {
		return fmt.Errorf("rsp adjusted by a non-constant")
	}
	if in.Op == x86.SUB {
		v.frame += in.Args[1].Imm
	} else {
		v.frame -= in.Args[1].Imm
	}
	if v.frame < 0 {
		return fmt.Errorf("rsp raised above its entry value")
	}
	return nil
}

func (v *verifier) ret() error {
	if v.frame != 0 || len(v.stack) != 0 {
		return fmt.Errorf("stack not balanced at ret")
	}
	for _, r := range x86.CalleeSaved {
		if v.regs[r] != tagSaved+tag(r) {
			return fmt.Errorf("callee-saved %s not restored", r)
		}
	}
	v.returned = true
	return nil
}

// written lists the registers an instruction writes (64-bit form).
func written(in x86.Inst) (out [2]x86.Reg, n int) {
	if len(in.Args) == 0 || in.Op == x86.TEST || in.Op == x86.CMP {
		return out, 0
	}
	if a := in.Args[0]; a.Kind == x86.KindReg {
		out[n] = a.Reg.Full()
		n++
	}
	if (in.Op == x86.MULX || in.Op == x86.XCHG) && in.Args[1].Kind == x86.KindReg {
		out[n] = in.Args[1].Reg
		n++
	}
	return out, n
}

// isGoFrameLink reports whether in is the "mov rbp, rsp" of the Go assembler's prologue.
func isGoFrameLink(in x86.Inst) bool {
	return in.Op == x86.MOV && len(in.Args) == 2 && in.Args[0] == x86.R(x86.RBP) && in.Args[1] == x86.R(x86.RSP)
}
