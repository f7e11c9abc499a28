// Package bench compares the generated Go field packages with circl and
// filippo.io/edwards25519 (a separate module, so those stay out of the main go.mod).
package bench
