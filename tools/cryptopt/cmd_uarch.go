package main

import "errors"

// cmdUarch is not written yet.
func cmdUarch(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
