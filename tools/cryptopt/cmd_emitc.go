package main

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// cmdEmitC prints straight-line C for a function: the compiler baseline that bench times.
func cmdEmitC(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "emit-c", "emit-c (--curve C --op O | --fiat FILE --func NAME | --prime P --method M --limbs N --op O)\n"+
		"          [--symbol NAME] [-o FILE]\n\n"+
		"Prints a C translation unit defining one function, void SYMBOL(uint64_t *out1,\n"+
		"const uint64_t *arg1[, const uint64_t *arg2]), computing the normalised IR.\n"+
		"Example: cryptopt emit-c --curve curve25519 --op mul -o fe_mul.c")
	var c funcFile
	c.register(fs)
	return c.run(env, fs, args, func(f *ir.Func, symbol string) ([]byte, error) {
		data, err := cemit.Emit(f, symbol)
		if err != nil {
			return nil, fmt.Errorf("emitting C for %s: %w", f.Name, err)
		}
		return data, nil
	})
}
