package main

import "errors"

// cmdEmit is not written yet.
func cmdEmit(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
