package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/objcheck"
)

// cmdCheck proves the machine code of a function equivalent to its IR (exit 0), reports
// why not (exit 1), or rejects bad input (exit 2). What is proved is always an object's
// bytes: --object as given, --asm after the real assembler made the object.
func cmdCheck(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "check", "check (--curve C --op O | --fiat FILE --func NAME) (--object FILE.o | --asm FILE) [--symbol S] [--cc CC] [--json]")
	var src sourceFlags
	src.register(fs)
	asmPath := fs.String("asm", "", "assembly to assemble and check: .S/.s (with --cc, preprocessor included) or NASM .asm (nasm -f elf64)")
	objPath := fs.String("object", "", "ELF64 x86-64 relocatable object whose function is checked")
	symbol := fs.String("symbol", "", "function symbol in the object (default: its only global function)")
	cc := fs.String("cc", "cc", "C compiler that assembles .S/.s files for --asm")
	asJSON := fs.Bool("json", false, "print a machine-readable JSON report")
	var aliasing ir.Aliasing
	fs.Var(&aliasing, "aliasing", "prove also when out1 and arg1 are one array: none or out1-arg1")
	trials := fs.Int("trials", 0, fmt.Sprintf("inputs run on both sides, proved or not (edge inputs first, then random ones); "+
		"default: the edge inputs and %d random ones when the proof holds, %d inputs and a search for a counterexample when it fails",
		checker.ProvedExtraTrials, checker.DefaultTrials))
	seed := fs.Uint64("seed", 1, "seed of the random inputs")
	wipe := fs.Bool("wipe-spills", false, "also prove every stack word written is zero at ret (code from --wipe-spills)")
	set, stampOut, err := parseStamped(env, fs, args)
	if err != nil {
		return err
	}
	defer set.Abort()
	if (*asmPath == "") == (*objPath == "") {
		return errors.New("exactly one of --object FILE.o and --asm FILE is required")
	}
	if flagsSet(fs)["trials"] {
		if err := inRange("--trials", *trials, 1, checker.MaxTrials); err != nil {
			return err
		}
	}
	// The IR as given (no lowering or normalisation), so that a bug there cannot hide.
	s, err := src.resolve()
	if err != nil {
		return oneLine(err)
	}
	path := *objPath + *asmPath
	ld, err := loadForCheck(*asmPath, *objPath, *symbol, *cc)
	if objcheck.IsRefused(err) {
		return refuse(env, path, s.Func.Name, err, *asJSON)
	}
	if err != nil {
		return oneLine(err)
	}
	rep, err := checker.CheckProgram(s.Func, ld.Program,
		checker.Options{Aliasing: aliasing, RandomTrials: *trials, Seed: *seed, Lines: ld.Lines, WipeSpills: *wipe})
	if err != nil {
		return oneLine(fmt.Errorf("%s: %w", path, err))
	}
	if err := writeCheckReport(reportWriter(env, stampOut != nil, rep.Proved), path, rep, *asJSON); err != nil {
		return err
	}
	if !rep.Proved {
		return notProved(fmt.Errorf("%s: not proved equivalent to %s", path, rep.Function))
	}
	return commitStamp(set, stampOut, rep)
}

// writeCheckReport prints the checker's report on path as text or, with asJSON, as JSON.
func writeCheckReport(w io.Writer, path string, rep checker.Report, asJSON bool) error {
	if !asJSON {
		printReport(w, path, rep)
		return nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// reportWriter is where a report goes: standard output, or with --stamp (a build action)
// nowhere when proved and stderr when not, so that the build log says why.
func reportWriter(env *cliEnv, stamped, proved bool) io.Writer {
	switch {
	case !stamped:
		return env.stdout
	case proved:
		return io.Discard
	}
	return env.stderr
}

// parseStamped registers --stamp on fs (check and check-go share it), parses args and
// probes the --stamp destination (nil Output: none) before any work.
func parseStamped(env *cliEnv, fs *flag.FlagSet, args []string) (*outfile.Set, *outfile.Output, error) {
	stamp := fs.String("stamp", "", "also write the JSON report without its duration to FILE (atomically, only when proved): a deterministic build stamp")
	if err := parseFlags(fs, args); err != nil {
		return nil, nil, err
	}
	set := outfile.NewSet(env.stdout)
	o, err := set.Add("--stamp", *stamp)
	return set, o, err
}

// commitStamp writes the proof report as the stamp (none requested: nothing). The
// duration is left out, so the same proof gives the same bytes: Bazel can cache it and
// compare it across machines.
func commitStamp(set *outfile.Set, o *outfile.Output, rep checker.Report) error {
	if o == nil {
		return nil
	}
	if err := writeStamp(o, rep); err != nil {
		return err
	}
	return set.Commit()
}

// writeStamp stages the proof report, without its duration, as o's content (nil: none):
// it reaches the file when o's set is committed.
func writeStamp(o *outfile.Output, rep checker.Report) error {
	if o == nil {
		return nil
	}
	rep.Duration = 0
	data, err := json.MarshalIndent(stampReport{Report: rep}, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the stamp: %w", err)
	}
	_, err = o.Write(append(data, '\n'))
	return err
}

// stampReport is a report without duration_ns: the outer field hides the embedded one for
// encoding/json, and omitempty drops it.
type stampReport struct {
	checker.Report
	Duration int64 `json:"duration_ns,omitempty"`
}

// loadForCheck decodes the function from the object, assembling asm first when given
// (into a temporary directory that is removed afterwards).
func loadForCheck(asm, obj, symbol, cc string) (*objcheck.Loaded, error) {
	if asm == "" {
		return objcheck.LoadObject(obj, symbol, "")
	}
	dir, err := os.MkdirTemp("", "cryptopt-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	o, err := objcheck.Assemble(context.Background(), asm, cc, dir)
	if err != nil {
		return nil, err
	}
	return objcheck.LoadObject(o, symbol, filepath.Base(asm))
}

// refuse reports an object that cannot be proved from its bytes: exit 1, one line.
func refuse(env *cliEnv, path, fn string, err error, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if e := enc.Encode(checker.Report{Function: fn, Note: "refused: " + err.Error()}); e != nil {
			return e
		}
	}
	return notProved(oneLine(fmt.Errorf("%s: refused: %w", path, err)))
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
