// Package codegen turns a genome (operation order + decisions) and a machine-form ir.Func
// into an x86-64 program with one list of passes (compile.go): schedule, select, flags,
// alloc, spill, frame and verify; see docs/codegen.md.
package codegen
