package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// FramePointer says whether rbp may be allocated.
type FramePointer int

// Frame pointer modes.
const (
	FramePointerOmit FramePointer = iota // rbp is an ordinary (callee-saved) register
	FramePointerSave                     // rbp is never touched
)

// Target is the calling convention the program is generated for.
type Target int

// Targets.
const (
	TargetSysV Target = iota // System V AMD64: red zone, callee-saved registers restored
	// TargetGo is Go's ABI0 on amd64 (see package goasm): rbp is never allocated, spills go
	// to a declared frame set up as the Go assembler does (push rbp; mov rbp, rsp; sub rsp,
	// N), there is no red zone, and rbx, r12–r15 need no saving. So that the C timing loop
	// can call it, the program is wrapped in a fixed push/pop of those five registers,
	// identical for every candidate; goasm.Split removes it.
	TargetGo
)

// Options are the per-build settings that are not part of the genome.
type Options struct {
	FramePointer FramePointer
	Aliasing     ir.Aliasing
	Symbol       string
	// WipeSpills zeroes, before ret, every stack word the function wrote (spill slots and
	// the callee-saved registers it pushed), so no secret outlives the call on the stack.
	WipeSpills bool
	Target     Target
	// DeferVerify skips the verify pass: the caller validates the program with
	// VerifyOptions before it runs. The optimizer does (measure.Runner.LoadChecked), so a
	// timed candidate is validated once, not twice (the pass was a quarter of Generate).
	DeferVerify bool
}
