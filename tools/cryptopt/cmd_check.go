package main

import "errors"

// cmdCheck is not written yet.
func cmdCheck(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
