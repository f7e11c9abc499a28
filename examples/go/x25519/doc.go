// Package x25519 is X25519 (RFC 7748) on cryptopt's generated Go field package for 2^255-19 in the 4×64 representation.
package x25519
