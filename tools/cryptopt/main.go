package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/rules-cryptopt/rules_cryptopt/internal/bzworker"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
)

// command is one subcommand. run parses its own flags from args.
type command struct {
	summary string
	run     func(env *cliEnv, args []string) error
}

// cliEnv is what a subcommand may touch of the outside world.
type cliEnv struct {
	stdout, stderr io.Writer
}

func commands() map[string]command {
	return map[string]command{
		"fields":     {"list the field catalogue", cmdFields},
		"ir":         {"print a function's IR (JSON or text)", cmdIR},
		"emit-c":     {"print straight-line C for a function (the compiler baseline)", cmdEmitC},
		"compile":    {"generate assembly from a random or given genome (no search)", cmdCompile},
		"emit":       {"reproduce the assembly of a pinned genome (compile --genome)", cmdEmit},
		"optimize":   {"search for fast assembly by timing candidates on this CPU", cmdOptimize},
		"check":      {"prove assembly equivalent to its IR", cmdCheck},
		"check-go":   {"re-prove a Go assembly function from go tool asm's bytes and its model", cmdCheckGo},
		"header":     {"write the C header declaring a function (the Bazel rule's)", cmdHeader},
		"ct-harness": {"write the valgrind constant-time harness of a function (cryptopt_ct_test's)", cmdCTHarness},
		"bench":      {"time assembly against gcc and clang side by side", cmdBench},
		"gopkg":      {"write a Go package for a field: proved Go assembly, pure-Go fallback, API, test", cmdGopkg},
		"uarch":      {"print this CPU's microarchitecture tag (--bzl: the tag table for rules/)", cmdUarch},
		"version":    {"print the tool version", cmdVersion},
	}
}

// exitError carries the process exit status for an error: 2 bad input (the default), 1 a
// negative answer such as "not proved".
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// notProved wraps err so the process exits 1.
func notProved(err error) error { return &exitError{code: 1, err: err} }

func main() {
	if len(os.Args) == 2 && os.Args[1] == bzworker.Flag {
		os.Exit(serveWorker(os.Stdin, os.Stderr))
	}
	if len(os.Args) > 1 && os.Args[1] == "optimize" {
		// A search allocates a program per candidate and keeps little: see workerGCPercent.
		setWorkerGC()
	}
	env := &cliEnv{stdout: os.Stdout, stderr: os.Stderr}
	os.Exit(run(env, os.Args[1:]))
}

func run(env *cliEnv, args []string) int {
	args, err := expandParams(args)
	if err != nil {
		fmt.Fprintf(env.stderr, "cryptopt: %s\n", clipMessage(err.Error()))
		return 2
	}
	return dispatch(env, args)
}

// dispatch runs the command args names (params files already expanded).
func dispatch(env *cliEnv, args []string) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(env.stderr, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(env.stderr, "cryptopt: unknown command %s (run 'cryptopt -h')\n", outfile.Clip(args[0]))
		return 2
	}
	err := c.run(env, args[1:])
	if err == nil || errors.Is(err, errHelp) {
		return 0
	}
	fmt.Fprintf(env.stderr, "cryptopt %s: %s\n", args[0], clipMessage(err.Error()))
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return 2
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: cryptopt <command> [flags]   ('cryptopt <command> -h' for its flags)")
	fmt.Fprintln(w, "       cryptopt @FILE               (the arguments, one a line: a Bazel params file)")
	fmt.Fprintln(w, "       cryptopt "+bzworker.Flag+"  (a Bazel persistent worker running check and check-go)")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
}
