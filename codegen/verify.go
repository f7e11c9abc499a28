package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
)

// verify checks the finished program's ABI-level invariants with Verify, unless the
// caller runs the same check itself before the program runs (Options.DeferVerify).
func (g *gen) verify() {
	if g.opts.DeferVerify {
		return
	}
	if err := Verify(g.p, g.prog, g.opts); err != nil {
		fail("%w", err)
	}
}

// Verify checks a generated program independently of the allocator's bookkeeping, with
// the validator measure applies before running anything (abi.Validate) plus codegen's own
// invariants: memory is written only by mov and setCC, rsp-relative accesses stay in the
// spill frame or the red zone, and rbp is left alone when the frame pointer is kept.
// Value placement is checked by executing the code against the interpreter (tests).
func Verify(p *Plan, prog *x86.Program, opts Options) error {
	s := abi.Shape{Out: len(p.stores), Arg1: len(p.f.Params[0].Limbs), Alias: opts.Aliasing == ir.AliasOut1Arg1}
	if len(p.f.Params) == 2 {
		s.Arg2 = len(p.f.Params[1].Limbs)
	}
	return abi.Validate(prog, s, VerifyOptions(opts))
}

// VerifyOptions are the validator's options Verify applies under opts: codegen's own
// invariants on top of the ABI checks. A caller that sets Options.DeferVerify validates
// with them itself before the program runs.
func VerifyOptions(opts Options) abi.Options {
	return abi.Options{KeepFramePointer: opts.FramePointer == FramePointerSave, LoadStore: true, OwnStack: true}
}
