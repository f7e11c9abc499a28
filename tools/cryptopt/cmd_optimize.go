package main

import "errors"

// cmdOptimize is not written yet.
func cmdOptimize(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
