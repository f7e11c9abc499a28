package main

import "errors"

// cmdFields is not written yet.
func cmdFields(env *cliEnv, args []string) error {
	return errors.New("not implemented yet")
}
