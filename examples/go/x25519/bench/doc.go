// Package bench times X25519 on generated field code against crypto/ecdh and circl (a separate module, so circl stays out of the main go.mod).
package bench
