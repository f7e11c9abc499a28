// Package interp evaluates an ir.Func on concrete inputs: the reference every other result is compared with.
package interp
