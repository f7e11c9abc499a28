// Package checker proves x86-64 assembly text equivalent to its IR function by symbolic execution into an E-graph, independently of the optimizer.
package checker
