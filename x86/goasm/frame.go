package goasm

import (
	"errors"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Why these registers (Go 1.26, amd64, ABI0 assembly functions):
//   - go.dev/doc/asm ("Architecture-specific details", amd64): the frame pointer BP is
//     maintained by the assembler: for a frame size > 0 it inserts PUSHQ BP; MOVQ SP, BP
//     on entry and restores BP on return, and `go vet` (framepointer) reports code that
//     clobbers BP before saving it. So the body never touches BP.
//   - src/cmd/compile/abi-internal.md, "amd64 architecture": "Assembly functions use ABI0
//     ... R14 and X15 ... are scratch in ABI0": the ABI wrapper that calls an ABI0 function
//     from Go restores the g register R14 and zeroes X15 after the call. R15 is clobbered
//     only by global-variable accesses under -dynlink; the bodies here access no global,
//     and every other general-purpose register is caller-saved in both ABIs ("there are no
//     callee-save registers" apart from the fixed SP and BP).
//   - Go has no red zone: data below SP may be overwritten (signals, preemption, stack
//     moves), so spills go to the declared frame [SP, SP+frame).

// wrapper are the System V callee-saved registers a codegen.TargetGo program pushes first
// and pops last only so that the C timing loop can call it (codegen.GoWrapper).
var wrapper = [...]x86.Reg{x86.RBX, x86.R12, x86.R13, x86.R14, x86.R15}

// Func is one Go assembly function: the body between the frame the Go assembler builds
// and the final RET, with its pointer arguments loaded into DI, SI (and DX).
type Func struct {
	Name   string   // Go identifier, e.g. "mulAsm"
	Params []string // the Go declaration's parameter names: out1 then inputs (2 or 3)
	Frame  int32    // the declared frame size: bytes of spill slots at [SP, SP+Frame)
	Body   []x86.Inst
}

// argRegs are where the body expects the pointers (the System V argument registers, so
// the body is the program the checker and the timing loop use).
var argRegs = [...]x86.Reg{x86.RDI, x86.RSI, x86.RDX}

// Split takes a program generated with codegen.TargetGo apart: it checks the fixed
// wrapper, the optional Go frame (push rbp; mov rbp, rsp; sub rsp, N ... add rsp, N;
// pop rbp) and that the body neither touches rsp nor rbp other than through spill slots
// inside the frame, and returns frame size and body.
func Split(p *x86.Program) (int32, []x86.Inst, error) {
	ins := p.Insts
	n := len(wrapper)
	if len(ins) < 2*n+1 || ins[len(ins)-1].Op != x86.RET {
		return 0, nil, errors.New("goasm: not a TargetGo program (too short or no final ret)")
	}
	for i, r := range wrapper {
		if !isOp1(ins[i], x86.PUSH, r) || !isOp1(ins[len(ins)-2-i], x86.POP, r) {
			return 0, nil, fmt.Errorf("goasm: not a TargetGo program (no %s wrapper)", r)
		}
	}
	ins = ins[n : len(ins)-1-n]
	var frame int32
	if len(ins) >= 5 && isOp1(ins[0], x86.PUSH, x86.RBP) {
		sub, add := ins[2], ins[len(ins)-2]
		if !isFrameLink(ins[1]) || !isRSPAdjust(sub, x86.SUB) || !isRSPAdjust(add, x86.ADD) ||
			add.Args[1].Imm != sub.Args[1].Imm || !isOp1(ins[len(ins)-1], x86.POP, x86.RBP) {
			return 0, nil, errors.New("goasm: malformed Go frame")
		}
		frame = int32(sub.Args[1].Imm)
		ins = ins[3 : len(ins)-2]
	}
	if err := checkBody(ins, frame); err != nil {
		return 0, nil, err
	}
	return frame, ins, nil
}

func isOp1(in x86.Inst, op x86.Opcode, r x86.Reg) bool {
	return in.Op == op && len(in.Args) == 1 && in.Args[0] == x86.R(r)
}

func isFrameLink(in x86.Inst) bool {
	return in.Op == x86.MOV && len(in.Args) == 2 && in.Args[0] == x86.R(x86.RBP) && in.Args[1] == x86.R(x86.RSP)
}

func isRSPAdjust(in x86.Inst, op x86.Opcode) bool {
	return in.Op == op && len(in.Args) == 2 && in.Args[0] == x86.R(x86.RSP) && in.Args[1].Kind == x86.KindImm &&
		in.Args[1].Imm > 0 && in.Args[1].Imm%8 == 0 && in.Args[1].Imm < 1<<20
}

// checkBody refuses what the Go frame does not allow in the body.
func checkBody(body []x86.Inst, frame int32) error {
	for i, in := range body {
		switch in.Op {
		case x86.PUSH, x86.POP, x86.RET:
			return fmt.Errorf("goasm: body instruction %d (%s): stack operation inside the body", i, in)
		}
		for _, a := range in.Args {
			switch {
			case a.Kind == x86.KindReg && (a.Reg.Full() == x86.RSP || a.Reg.Full() == x86.RBP):
				return fmt.Errorf("goasm: body instruction %d (%s): uses %s", i, in, a.Reg)
			case a.Kind == x86.KindMem && (a.Base == x86.RBP || a.Index == x86.RSP || a.Index == x86.RBP):
				return fmt.Errorf("goasm: body instruction %d (%s): addresses through rbp", i, in)
			case a.Kind == x86.KindMem && a.Base == x86.RSP:
				if a.Index != x86.NoReg || a.Disp < 0 || a.Disp+8 > frame {
					return fmt.Errorf("goasm: body instruction %d (%s): stack access outside the %d-byte frame", i, in, frame)
				}
			}
		}
	}
	return nil
}

// argOffset is the displacement from the hardware SP, after the prologue, of argument i
// (out+0(FP) is at entry SP + 8, above the return address; the prologue pushes BP and
// subtracts the frame when there is one).
func (f *Func) argOffset(i int) int32 {
	off := int32(8 + 8*i)
	if f.Frame > 0 {
		off += 8 + f.Frame
	}
	return off
}

// Linked is the whole function as the Go assembler lays it out: prologue, argument loads
// from the caller's frame, body, epilogue, RET.
func (f *Func) Linked() []x86.Inst {
	var out []x86.Inst
	out = append(out, f.prologue()...)
	for i := range f.Params {
		out = append(out, x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.R(argRegs[i]), x86.M(x86.RSP, f.argOffset(i))}})
	}
	out = append(out, f.Body...)
	return append(append(out, f.epilogue()...), x86.Inst{Op: x86.RET})
}

// Checked is the System V program the checker proves for f: Linked without the argument
// loads (Verify matches them exactly, so the pointers are in rdi, rsi, rdx as the checker
// assumes), inside the push/pop of rbx, r12–r15 that makes it callable from C. The
// wrapper only saves and restores registers, so the outputs it proves are Linked's.
// It is the program codegen generated and the search timed.
func (f *Func) Checked(symbol string) *x86.Program {
	var ins []x86.Inst
	for _, r := range wrapper {
		ins = append(ins, x86.Inst{Op: x86.PUSH, Args: []x86.Operand{x86.R(r)}})
	}
	ins = append(append(append(ins, f.prologue()...), f.Body...), f.epilogue()...)
	for i := len(wrapper) - 1; i >= 0; i-- {
		ins = append(ins, x86.Inst{Op: x86.POP, Args: []x86.Operand{x86.R(wrapper[i])}})
	}
	return &x86.Program{Symbol: symbol, Insts: append(ins, x86.Inst{Op: x86.RET})}
}

func (f *Func) prologue() []x86.Inst {
	if f.Frame == 0 {
		return nil
	}
	return []x86.Inst{
		{Op: x86.PUSH, Args: []x86.Operand{x86.R(x86.RBP)}},
		{Op: x86.MOV, Args: []x86.Operand{x86.R(x86.RBP), x86.R(x86.RSP)}},
		{Op: x86.SUB, Args: []x86.Operand{x86.R(x86.RSP), x86.I(int64(f.Frame))}},
	}
}

func (f *Func) epilogue() []x86.Inst {
	if f.Frame == 0 {
		return nil
	}
	return []x86.Inst{
		{Op: x86.ADD, Args: []x86.Operand{x86.R(x86.RSP), x86.I(int64(f.Frame))}},
		{Op: x86.POP, Args: []x86.Operand{x86.R(x86.RBP)}},
	}
}
