// Package objrun runs a field function's machine code, raw or linked from an object, on given inputs in a forked C harness, for tests that classify code by executing it.
package objrun
