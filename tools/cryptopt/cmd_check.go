package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
)

// cmdCheck proves an assembly file equivalent to its function's IR (exit 0), reports why
// not (exit 1), or rejects bad input (exit 2).
func cmdCheck(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "check", "check (--curve C --op O | --fiat FILE --func NAME) --asm FILE [--json]")
	var src sourceFlags
	src.register(fs)
	asmPath := fs.String("asm", "", "assembly to check: GNU .S (intel syntax) or NASM .asm")
	asJSON := fs.Bool("json", false, "print a machine-readable JSON report")
	aliasing := fs.String("aliasing", checker.AliasNone, "prove also when out1 and arg1 are one array: none or out1-arg1")
	trials := fs.Int("trials", checker.DefaultTrials, "random inputs run on both sides")
	seed := fs.Uint64("seed", 1, "seed of the random inputs")
	wipe := fs.Bool("wipe-spills", false, "also prove every stack word written is zero at ret (code from --wipe-spills)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *asmPath == "" {
		return errors.New("--asm FILE is required")
	}
	if err := inRange("--trials", *trials, 1, checker.MaxTrials); err != nil {
		return err
	}
	// The IR as given (no lowering or normalisation), so that a bug there cannot hide.
	s, err := src.resolve()
	if err != nil {
		return oneLine(err)
	}
	text, err := infile.Read(*asmPath, "--asm", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return err
	}
	rep, err := checker.Check(s.Func, text, checker.Options{Aliasing: *aliasing, RandomTrials: *trials, Seed: *seed,
		WipeSpills: *wipe})
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", *asmPath, err))
	}
	if *asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		printReport(env.stdout, *asmPath, rep)
	}
	if !rep.Proved {
		return notProved(fmt.Errorf("%s: not proved equivalent to %s", *asmPath, rep.Function))
	}
	return nil
}

func printReport(w io.Writer, path string, rep checker.Report) {
	if rep.Proved {
		fmt.Fprintf(w, "proved: %s computes %s (%d output words, %d instructions, %d E-graph classes, %d random trials agree, %v)\n",
			path, rep.Function, rep.Outputs, rep.Instructions, rep.Classes, rep.Trials, rep.Duration.Round(1e5))
		return
	}
	fmt.Fprintf(w, "NOT proved: %s against %s\n", path, rep.Function)
	for _, f := range rep.Failures {
		fmt.Fprintf(w, "\n%s differs\n", f.What)
		if f.IRExpr != "" {
			fmt.Fprintf(w, "  IR:       %s\n", f.IRExpr)
		}
		fmt.Fprintf(w, "  assembly: %s\n", f.AsmExpr)
		if f.IRNarrow != "" {
			fmt.Fprintf(w, "  smallest differing parts:\n    IR:       %s\n    assembly: %s\n", f.IRNarrow, f.AsmNarrow)
		}
		if f.Instruction != "" {
			fmt.Fprintf(w, "  first diverging instruction: %s (line %d)\n", f.Instruction, f.Line)
		}
		if f.Opaque != "" {
			fmt.Fprintf(w, "  depends on %s\n", f.Opaque)
		}
	}
	if ce := rep.Counterexample; ce != nil {
		fmt.Fprintf(w, "\ncounterexample from random testing:\n  inputs:   %#x\n  IR:       %#x\n  assembly: %#x\n",
			ce.Inputs, ce.IR, ce.Asm)
		if ce.Error != "" {
			fmt.Fprintf(w, "  assembly fault: %s\n", ce.Error)
		}
	}
	if rep.Note != "" {
		fmt.Fprintf(w, "\nnote: %s\n", rep.Note)
	}
}
