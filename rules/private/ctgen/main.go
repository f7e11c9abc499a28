package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"

	"github.com/rules-cryptopt/rules_cryptopt/ctgrind"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "ctgen:", err)
		os.Exit(2)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("ctgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	irPath := fs.String("ir", "", "Fiat JSON file holding the function")
	fn := fs.String("func", "", "function of the file (\"\": its only function)")
	symbol := fs.String("symbol", "", "C symbol of the function under test")
	alias := fs.Bool("alias", false, "also call it with out1 == arg1")
	inputs := fs.Int("inputs", 8, "inputs per call mode (1..1000)")
	seed := fs.Int64("seed", 1, "seed of the random inputs")
	out := fs.String("o", "", "output C file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *irPath == "" || *symbol == "" || *out == "" {
		return errors.New("-ir, -symbol and -o are required")
	}
	if *inputs < 1 || *inputs > 1000 {
		return fmt.Errorf("-inputs %d: want 1..1000", *inputs)
	}
	f, err := readFunc(*irPath, *fn)
	if err != nil {
		return err
	}
	targets := []ctgrind.Target{{Symbol: *symbol, Func: f}}
	if *alias {
		targets = append(targets, ctgrind.Target{Symbol: *symbol, Func: f, Alias: true})
	}
	text, err := ctgrind.Harness(targets, rand.New(rand.NewSource(*seed)), *inputs)
	if err != nil {
		return err
	}
	return writeAtomic(*out, text)
}

// readFunc is the function named fn of the Fiat JSON file (its only one when fn is "").
func readFunc(path, fn string) (*ir.Func, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fs, err := ir.ReadFiat(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if fn == "" && len(fs) == 1 {
		return fs[0], nil
	}
	for _, f := range fs {
		if f.Name == fn {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%s: no function %q among %d", path, fn, len(fs))
}

// writeAtomic writes data to path through a temporary file in the same directory.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".ctgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
