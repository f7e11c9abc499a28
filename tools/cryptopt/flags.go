package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// errHelp means -h was given: usage was printed and the command exits 0.
var errHelp = errors.New("help requested")

// newFlagSet makes a flag set whose errors are returned, not printed twice.
func newFlagSet(env *cliEnv, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := env.stderr
		fmt.Fprintf(w, "usage: cryptopt %s\n\nflags:\n", synopsis)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args, turning -h into errHelp (after printing usage) and rejecting
// positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return errHelp
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", strings.Join(fs.Args(), " "))
	}
	return nil
}
