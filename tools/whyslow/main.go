// Command whyslow gathers the figures of docs/why-slow.md: instructions by class, memory
// and stack traffic and the longest dependency chain of functions in ELF objects, and the
// trajectory of a search from its trace.
//
//	go run ./tools/whyslow dis [--sym NAME] f.o...
//	go run ./tools/whyslow trace t.csv     # from cryptopt optimize --trace t.csv
//
// dis decodes the code with x86/decode and takes every instruction's reads, writes and
// flags from the instruction model (package x86); code outside the model is refused with
// the offset of the first instruction it cannot decode.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/objfile"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/decode"
)

const usage = "usage: whyslow dis [--sym NAME] [--cost mul=C,imul=C,add=C,shift=C,shrd=C,logic=C,lea=C] object.o... | whyslow trace [--window N] trace.csv"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) > 0 && args[0] == "dis":
		err = cmdDis(args[1:], stdout)
	case len(args) > 0 && args[0] == "trace":
		err = cmdTrace(args[1:], stdout)
	default:
		err = fmt.Errorf("%s", usage)
	}
	if err != nil {
		fmt.Fprintf(stderr, "whyslow: %v\n", err)
		return 2
	}
	return 0
}

func cmdDis(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("dis", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sym := fs.String("sym", "", "function to analyse (default: each object's only global function)")
	fs.StringVar(sym, "symbol", "", "the same as --sym")
	costFlag := fs.String("cost", "", "per-instruction costs in cycles (see testdata/ports.c): adds an estimate column")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return fmt.Errorf("%s", usage)
	}
	var costs Costs
	head, rule := "", ""
	if *costFlag != "" {
		var err error
		if costs, err = ParseCosts(*costFlag); err != nil {
			return err
		}
		head, rule = " est. cycles |", "---|"
	}
	// Every object is read before anything is printed: a bad one leaves no partial table.
	loaded := make([][]x86.Inst, fs.NArg())
	for i, name := range fs.Args() {
		var err error
		if loaded[i], err = load(name, *sym); err != nil {
			return err
		}
	}
	var b strings.Builder
	fmt.Fprintln(&b, "| file | insts | mul | add | shift | logic | mov | push/pop | loads (stack) | stores (stack) | other | depth | path |"+head)
	fmt.Fprintln(&b, "|---|---|---|---|---|---|---|---|---|---|---|---|---|"+rule)
	for i, ins := range loaded {
		s := Analyze(ins)
		c := s.ByClass
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %d (%d) | %d (%d) | %d | %d | %d |",
			filepath.Base(fs.Arg(i)), s.Insts, c[Mul], c[Add], c[Shift], c[Logic], c[Move], c[Stack],
			s.Loads, s.SpillLoads, s.Stores, s.SpillStores, c[Vec]+c[Other], s.Depth, s.Path)
		if costs != nil {
			fmt.Fprintf(&b, " %.1f |", costs.Estimate(ins))
		}
		fmt.Fprintln(&b)
	}
	_, err := io.WriteString(stdout, b.String())
	return err
}

// load decodes function sym of the object at path (its only global function when sym is
// empty) into the instruction model.
func load(path, sym string) ([]x86.Inst, error) {
	fn, err := objfile.Read(path, sym)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d, err := decode.Decode(fn.Code)
	if err != nil {
		return nil, fmt.Errorf("%s: %s does not decode into the instruction model: %w", path, fn.Name, err)
	}
	return d.Insts, nil
}

func cmdTrace(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	window := fs.Int("window", 201, "evaluations each point's median ratio is taken over")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 || *window < 1 {
		return fmt.Errorf("%s", usage)
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := ReadTrace(f)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	fmt.Fprintln(stdout, "| point | elapsed (s) | ratio to baseline | accepted |")
	fmt.Fprintln(stdout, "|---|---|---|---|")
	for _, p := range Trajectory(rows, *window) {
		acc := "–"
		if p.Accepted >= 0 {
			acc = fmt.Sprintf("%.0f%%", 100*p.Accepted)
		}
		fmt.Fprintf(stdout, "| %s | %.1f | %.3f | %s |\n", p.Label, p.Elapsed, p.Ratio, acc)
	}
	return nil
}
