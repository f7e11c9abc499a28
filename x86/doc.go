// Package x86 models the x86-64 instructions the project emits and reads: registers, operands, printing, parsing and encoding.
package x86
