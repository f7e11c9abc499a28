package main

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// cmdIR prints a function's IR as Fiat JSON or as the text form, optionally lowered to
// the machine form codegen consumes.
func cmdIR(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "ir", "ir (--curve C --op O | --fiat FILE --func NAME | --prime P --method M --limbs N --op O)\n"+
		"          [--format json|text] [--lower] [-o FILE]\n\n"+
		"Prints the normalised IR of a field function: Fiat Cryptography JSON (default, readable\n"+
		"back with --fiat) or the text form. --lower prints the machine form codegen consumes.\n"+
		"Example: cryptopt ir --curve p256 --op mul --format text")
	var src sourceFlags
	src.register(fs)
	format := fs.String("format", "json", "output format: json (Fiat JSON) or text")
	lower := fs.Bool("lower", false, "print the lowered machine form instead of the normalised IR")
	out := fs.String("o", "", "write to FILE (atomically) instead of stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return fmt.Errorf("unknown --format %q (want json or text)", *format)
	}
	set, o, err := stageOutput(env, *out)
	if err != nil {
		return err
	}
	defer set.Abort()
	s, err := src.load()
	if err != nil {
		return err
	}
	f := s.Func
	if *lower {
		low, err := ir.Lower(f)
		if err != nil {
			return oneLine(fmt.Errorf("lowering %s: %w", f.Name, err))
		}
		f = low
	}
	var data []byte
	if *format == "text" {
		data = []byte(f.Text())
	} else if data, err = ir.WriteFiat([]*ir.Func{f}); err != nil {
		return oneLine(fmt.Errorf("writing Fiat JSON for %s: %w", f.Name, err))
	}
	o.Write(data)
	return set.Commit()
}
