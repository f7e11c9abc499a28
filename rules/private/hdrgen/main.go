package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "hdrgen:", err)
		os.Exit(2)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("hdrgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	irPath := fs.String("ir", "", "Fiat JSON file holding the function")
	fn := fs.String("func", "", "function of the file (\"\": its only function)")
	symbol := fs.String("symbol", "", "C symbol to declare")
	uarch := fs.String("uarch", "", "microarchitecture tag, for the header comment")
	out := fs.String("o", "", "output header file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *irPath == "" || *symbol == "" || *out == "" {
		return errors.New("-ir, -symbol and -o are required")
	}
	data, err := os.ReadFile(*irPath)
	if err != nil {
		return err
	}
	sig, err := parseSignature(data, *fn)
	if err != nil {
		return fmt.Errorf("%s: %w", *irPath, err)
	}
	text, err := header(sig, *symbol, *uarch)
	if err != nil {
		return err
	}
	return writeAtomic(*out, []byte(text))
}

// writeAtomic writes data to path through a temporary file in the same directory.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".hdrgen-*")
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
