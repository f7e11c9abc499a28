// Package weiercmp compares examples/go/nistp256 and examples/go/secp256k1 with crypto/ecdh and github.com/decred/dcrd/dcrec/secp256k1/v4 (a separate module, so decred stays out of the main go.mod).
package weiercmp
