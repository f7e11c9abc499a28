package main

import "errors"

// cmdVersion is not written yet.
func cmdVersion(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
