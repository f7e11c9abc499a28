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

// parseFlags parses args, turning -h into errHelp (after printing the usage) and rejecting
// positional arguments. A bad flag is a one-line error: the usage is printed for -h only.
func parseFlags(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return errHelp
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", strings.Join(fs.Args(), " "))
	}
	return nil
}
