// Package outfile writes a command's output files all or none: regular files are staged and renamed into place together, while standard output, devices and pipes are written directly.
package outfile
