// Package symexec symbolically executes an IR function or an x86-64 program into one E-graph, from the same input symbols.
package symexec
