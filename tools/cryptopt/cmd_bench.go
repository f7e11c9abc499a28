package main

import "errors"

// cmdBench is not written yet.
func cmdBench(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
