// Package decode turns the machine code of one function into the x86 instruction model.
package decode
