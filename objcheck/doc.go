// Package objcheck turns an object file (or assembly, through the real assembler) into the decoded program of the function it links, refusing any byte the project's encoder would not write back identically.
package objcheck
