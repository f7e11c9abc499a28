// Package codegen turns a genome (operation order + decisions) and a machine-form ir.Func
// into an x86-64 program: scheduling, instruction selection, flag tracking, register
// allocation with spilling, frame handling and a verification pass.
package codegen
