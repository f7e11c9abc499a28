package main

import "fmt"

// cmdVersion prints the tool version.
func cmdVersion(env *cliEnv, args []string) error {
	fs := newFlagSet(env, "version", "version")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	_, err := fmt.Fprintf(env.stdout, "cryptopt %s\n", Version)
	return err
}
