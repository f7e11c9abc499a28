package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
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

// flagsSet is the set of flags given on the command line (not left at their default).
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// maxErrorLine bounds a whole error line, whatever a library put into it.
const maxErrorLine = 400

// clipMessage keeps an error message to one bounded line: every Go-quoted string longer
// than 80 bytes is cut (errors quote input, and input can be megabytes), control
// characters are escaped, and the line is cut at maxErrorLine bytes.
func clipMessage(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '"' {
			if q, err := strconv.QuotedPrefix(msg[i:]); err == nil {
				if u, err := strconv.Unquote(q); err == nil {
					// Clip re-quotes with %q, so a raw control character that
					// QuotedPrefix let through (a CR) comes out escaped.
					b.WriteString(outfile.Clip(u))
				} else {
					b.WriteString(q)
				}
				i += len(q)
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(msg[i:])
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError && size == 1, unicode.IsControl(r):
			fmt.Fprintf(&b, "\\x%02x", msg[i])
		default:
			b.WriteString(msg[i : i+size])
		}
		i += size
	}
	out := b.String()
	if len(out) > maxErrorLine {
		cut := maxErrorLine
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = out[:cut] + fmt.Sprintf("…(%d bytes)", len(out))
	}
	return out
}
