// Package cemit prints an ir.Func as straight-line C, the compiler baseline and a second, independent check of the IR semantics.
package cemit
