package main

import "errors"

// cmdIR is not written yet.
func cmdIR(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
