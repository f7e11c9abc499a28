package main

import "errors"

// cmdCompile is not written yet.
func cmdCompile(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
