package main

import (
	"flag"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// funcFile is a subcommand that writes one file about one function under one C symbol
// (emit-c, header, ct-harness): they share the source flags, --symbol and -o.
type funcFile struct {
	src         sourceFlags
	symbol, out string
}

func (c *funcFile) register(fs *flag.FlagSet) {
	c.src.register(fs)
	fs.StringVar(&c.symbol, "symbol", "", "C symbol name (default cryptopt_<field>_<op>)")
	fs.StringVar(&c.out, "o", "", "write to FILE (atomically) instead of stdout")
}

// run parses args, probes -o before any work, loads the function and writes what render
// makes of it.
func (c *funcFile) run(env *cliEnv, fs *flag.FlagSet, args []string, render func(f *ir.Func, symbol string) ([]byte, error)) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set, o, err := stageOutput(env, c.out)
	if err != nil {
		return err
	}
	defer set.Abort()
	s, err := c.src.load()
	if err != nil {
		return err
	}
	if c.symbol == "" {
		c.symbol = s.Symbol
	}
	if err := checkSymbol(c.symbol); err != nil {
		return err
	}
	data, err := render(s.Func, c.symbol)
	if err != nil {
		return oneLine(err)
	}
	o.Write(data)
	return set.Commit()
}
