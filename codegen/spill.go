package codegen

import "github.com/rules-cryptopt/rules_cryptopt/x86/abi"

// layoutSlots is the spill pass. The allocator numbers the stack slots it spills to and
// leaves each slot operand's displacement as that number (slotOperand); this pass puts
// the slots in the red zone below rsp or, when the genome asks for a frame, the target
// has no red zone or they do not fit, in an explicit frame of 8 bytes a slot (which the
// frame pass reserves), and resolves every slot operand.
func (g *gen) layoutSlots() {
	n := len(g.slots)
	g.frameSize = 0
	if n > 0 && (g.opts.Target == TargetGo || g.dec[decSpill] == spillFrame || 8*n > abi.RedZoneBytes) {
		g.frameSize = int32(8 * n)
	}
	if g.opts.Target == TargetGo && g.frameSize == 128 {
		// The one size the Go assembler encodes with a negated 8-bit immediate: it makes
		// the prologue's SUBQ $128, SP an ADDQ $-128, SP (and the epilogue's ADDQ $128 a
		// SUBQ $-128): shorter encodings, other flags, and not the sub/add that goasm
		// models and the checker proves. One unused slot avoids them.
		g.frameSize += 8
	}
	for _, ref := range g.slotRefs {
		a := &g.body[ref/4].Args[ref%4]
		if g.frameSize > 0 {
			a.Disp = 8 * a.Disp
		} else {
			a.Disp = -8 * (a.Disp + 1)
		}
	}
}
