package codegen

import "github.com/rules-cryptopt/rules_cryptopt/x86"

// GoWrapper are the registers TargetGo programs push first and pop last: the System V
// callee-saved registers other than rbp, which Go ABI0 code may clobber.
var GoWrapper = [...]x86.Reg{x86.RBX, x86.R12, x86.R13, x86.R14, x86.R15}

// frame is the pass that finishes the program: it wraps the body in pushes and pops of
// the callee-saved registers it writes, reserves the explicit frame the spill pass
// chose, wipes the stack if asked, and returns.
func (g *gen) frame() {
	goTarget := g.opts.Target == TargetGo
	n, size := len(g.slots), g.frameSize
	explicit := size > 0
	saved, pushed := g.savedRegs(goTarget)
	end := len(g.body)
	for _, r := range saved[:pushed] {
		g.emit(x86.PUSH, "", x86.R(r))
	}
	if explicit && goTarget {
		// The Go assembler's prologue for a frame of size bytes (Go 1.21 and later).
		g.emit(x86.PUSH, "", x86.R(x86.RBP))
		g.emit(x86.MOV, "", x86.R(x86.RBP), x86.R(x86.RSP))
	}
	if explicit {
		g.emit(x86.SUB, "spill frame", x86.R(x86.RSP), x86.I(int64(size)))
	}
	// The prologue, emitted after the body, moves into the room before it (no copy of the body).
	start := frameRoom - copy(g.body[frameRoom-(len(g.body)-end):frameRoom], g.body[end:])
	g.body = g.body[:end]
	wipePushed := g.opts.WipeSpills && !goTarget && pushed > 0
	if g.opts.WipeSpills && (n > 0 || wipePushed) {
		// rax (caller-saved, free once the outputs are stored) over the spill slots,
		// addressed as the body addressed them.
		g.emit(x86.MOV, "wipe spills", x86.R(x86.RAX), x86.I(0))
		for k := range n {
			disp := int32(-8 * (k + 1))
			if explicit {
				disp = int32(8 * k)
			}
			g.emit(x86.MOV, "", x86.M(x86.RSP, disp), x86.R(x86.RAX))
		}
	}
	if explicit {
		g.emit(x86.ADD, "", x86.R(x86.RSP), x86.I(int64(size)))
	}
	if explicit && goTarget {
		g.emit(x86.POP, "", x86.R(x86.RBP))
	}
	for i := pushed - 1; i >= 0; i-- {
		g.emit(x86.POP, "", x86.R(saved[i]))
	}
	if wipePushed {
		// The pushed words now lie in the red zone, just below rsp. (TargetGo programs
		// have no red zone; their wrapper pushes are the timing harness's, not Go code.)
		for k := range pushed {
			g.emit(x86.MOV, "wipe a pushed register", x86.M(x86.RSP, int32(-8*(k+1))), x86.R(x86.RAX))
		}
	}
	g.prog = &x86.Program{Symbol: g.opts.Symbol, Insts: append(g.body, x86.Inst{Op: x86.RET})[start:]}
	g.instHint, g.opsHint = len(g.body)+len(g.body)/8+1, g.nops+g.nops/8
}

// savedRegs are the registers the program pushes first and pops last: the callee-saved
// registers the body writes, or for TargetGo the fixed wrapper set.
func (g *gen) savedRegs(goTarget bool) (regs [len(x86.CalleeSaved)]x86.Reg, n int) {
	if goTarget {
		return regs, copy(regs[:], GoWrapper[:])
	}
	for _, r := range x86.CalleeSaved {
		if g.callee&(1<<r) != 0 {
			regs[n] = r
			n++
		}
	}
	return regs, n
}
