//go:build cryptopt_bazel

// Package fieldgo calls the examples' generated assembly through cgo (built by Bazel only:
// the functions come from cryptopt_field targets, see examples/BUILD.bazel).
package fieldgo

/*
#include "p256_mul.h"
#include "p256_square.h"
#include "curve25519_mul.h"
#include "curve25519_square.h"
#include "secp256k1_mul.h"
#include "poly1305_mul.h"
*/
import "C"

import "unsafe"

// Func is a generated field function: out = f(a, b) (b is ignored by unary functions).
type Func func(out, a, b []uint64)

func ptr(x []uint64) *C.uint64_t { return (*C.uint64_t)(unsafe.Pointer(&x[0])) }

// Funcs are the examples' functions by target name.
var Funcs = map[string]Func{
	"p256_mul":          func(o, a, b []uint64) { C.cryptopt_p256_mul(ptr(o), ptr(a), ptr(b)) },
	"p256_square":       func(o, a, _ []uint64) { C.cryptopt_p256_square(ptr(o), ptr(a)) },
	"curve25519_mul":    func(o, a, b []uint64) { C.cryptopt_curve25519_mul(ptr(o), ptr(a), ptr(b)) },
	"curve25519_square": func(o, a, _ []uint64) { C.cryptopt_curve25519_square(ptr(o), ptr(a)) },
	"secp256k1_mul":     func(o, a, b []uint64) { C.cryptopt_secp256k1_mul(ptr(o), ptr(a), ptr(b)) },
	"poly1305_mul":      func(o, a, b []uint64) { C.cryptopt_poly1305_mul(ptr(o), ptr(a), ptr(b)) },
}
