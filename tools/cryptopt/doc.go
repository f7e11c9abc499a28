// Command cryptopt generates, optimizes, checks and benchmarks x86-64 assembly for field arithmetic.
package main
