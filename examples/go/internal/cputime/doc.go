// Package cputime reads the calling thread's CPU time, for benchmarks on loaded machines.
package cputime
