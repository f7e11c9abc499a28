package main

import "errors"

// cmdEmitC is not written yet.
func cmdEmitC(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
