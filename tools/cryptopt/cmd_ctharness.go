package main

import (
	"fmt"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/ctgrind"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// cmdCTHarness writes the C harness of cryptopt_ct_test: the function called under
// valgrind memcheck on inputs marked undefined (docs/hardening-ct.md).
func cmdCTHarness(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "ct-harness", "ct-harness (--curve C --op O | --fiat FILE --func NAME) [--symbol S] [--alias] [--inputs N] [--seed N] [-o out.c]")
	var c funcFile
	c.register(fs)
	alias := fs.Bool("alias", false, "also call the function with out1 == arg1")
	inputs := fs.Int("inputs", 8, "inputs per call mode (1..1000)")
	seed := fs.Int64("seed", 1, "seed of the random inputs")
	return c.run(env, fs, args, func(f *ir.Func, symbol string) ([]byte, error) {
		if err := inRange("--inputs", *inputs, 1, 1000); err != nil {
			return nil, err
		}
		targets := []ctgrind.Target{{Symbol: symbol, Func: f}}
		if *alias {
			targets = append(targets, ctgrind.Target{Symbol: symbol, Func: f, Aliasing: ir.AliasOut1Arg1})
		}
		text, err := ctgrind.Harness(targets, rand.New(rand.NewSource(*seed)), *inputs)
		if err != nil {
			return nil, fmt.Errorf("harness for %s: %w", f.Name, err)
		}
		return text, nil
	})
}
