// Package optimizer runs the optimizing loop (IR → genome → codegen → measure → search) and returns the winner with its report.
package optimizer
