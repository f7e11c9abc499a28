package main

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// cmdEmitC prints straight-line C for a function: the compiler baseline that bench times.
func cmdEmitC(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "emit-c", "emit-c (--curve C --op O | --fiat FILE --func NAME | --prime P --method M --limbs N --op O)\n"+
		"          [--symbol NAME] [-o FILE]\n\n"+
		"Prints a C translation unit defining one function, void SYMBOL(uint64_t *out1,\n"+
		"const uint64_t *arg1[, const uint64_t *arg2]), computing the normalised IR.\n"+
		"Example: cryptopt emit-c --curve curve25519 --op mul -o fe_mul.c")
	var src sourceFlags
	src.register(fs)
	sym := fs.String("symbol", "", "C symbol name (default cryptopt_<field>_<op>)")
	out := fs.String("o", "", "write to FILE (atomically) instead of stdout")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set, o, err := stageOutput(env, *out)
	if err != nil {
		return err
	}
	defer set.Abort()
	s, err := src.load()
	if err != nil {
		return err
	}
	if *sym == "" {
		*sym = s.Symbol
	}
	if err := checkSymbol(*sym); err != nil {
		return err
	}
	data, err := cemit.Emit(s.Func, *sym)
	if err != nil {
		return oneLine(fmt.Errorf("emitting C for %s: %w", s.Func.Name, err))
	}
	o.Write(data)
	return set.Commit()
}
