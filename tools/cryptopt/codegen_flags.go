package main

import (
	"flag"
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// codegenFlags are the per-build code generation settings that are not part of the genome
// (shared by compile, emit and optimize: the same flags must give the same code).
type codegenFlags struct {
	symbol, framePointer string
	aliasing             ir.Aliasing
	wipeSpills           bool
}

func (c *codegenFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.symbol, "symbol", "", "assembly symbol (default cryptopt_<field>_<op>)")
	fs.StringVar(&c.framePointer, "frame-pointer", "omit", "omit: rbp is an ordinary register; save: rbp is never touched")
	fs.Var(&c.aliasing, "aliasing", "none, or out1-arg1: the output may be the first input")
	fs.BoolVar(&c.wipeSpills, "wipe-spills", false, "zero every stack word the function wrote before it returns")
}

// options resolves the flags; defaultSymbol is used when --symbol is not given.
func (c *codegenFlags) options(defaultSymbol string) (codegen.Options, error) {
	o := codegen.Options{Symbol: c.symbol, WipeSpills: c.wipeSpills, Aliasing: c.aliasing}
	if o.Symbol == "" {
		o.Symbol = defaultSymbol
	}
	if err := checkSymbol(o.Symbol); err != nil {
		return o, err
	}
	switch c.framePointer {
	case "omit":
		o.FramePointer = codegen.FramePointerOmit
	case "save":
		o.FramePointer = codegen.FramePointerSave
	default:
		return o, fmt.Errorf("--frame-pointer %q: want omit or save", c.framePointer)
	}
	return o, nil
}

// validCSymbol accepts C identifiers (what both the assembler and C callers can use).
func validCSymbol(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}
