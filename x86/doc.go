// Package x86 models the x86-64 instructions the project emits and reads: registers, operands, the instruction table (forms, reads, writes, flags), printing and parsing.
package x86
