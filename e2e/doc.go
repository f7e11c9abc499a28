// Package e2e holds end-to-end tests: generated assembly, assembled by GNU as or loaded
// by the measure package, run on the CPU against the IR interpreter.
package e2e
