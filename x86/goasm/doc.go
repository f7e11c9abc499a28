// Package goasm turns x86 programs generated for codegen.TargetGo into Go (Plan 9)
// assembly for amd64 ABI0, and relates that text to the bytes the Go assembler makes of it.
package goasm
