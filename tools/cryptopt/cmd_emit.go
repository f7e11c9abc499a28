package main

import "errors"

// cmdEmit reproduces the assembly of a pinned genome, byte for byte (the Bazel rule's
// action): compile with a required --genome.
func cmdEmit(env *cliEnv, args []string) error {
	var c compileFlags
	fs := newFlagSet(env, "emit", "emit --curve C --op O --genome g.json [-o out.S] [flags]")
	c.register(fs, false)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if c.genome == "" {
		return errors.New("--genome is required (use 'cryptopt compile' for a random genome)")
	}
	return runCompile(env, &c, "emit")
}
