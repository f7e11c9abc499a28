// Package goemit prints a machine-form ir.Func as a pure Go function using math/bits.
package goemit
