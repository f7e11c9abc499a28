// Package gopkg generates a Go package for one field: proved Go assembly for amd64, a
// pure-Go fallback, a typed API, and a test against math/big.
package gopkg
