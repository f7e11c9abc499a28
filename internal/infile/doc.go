// Package infile reads a command's input files with a size cap and without hanging on FIFOs, devices or a silent pipe.
package infile
