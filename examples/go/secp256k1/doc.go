// Package secp256k1 is constant-time secp256k1 scalar multiplication (k·G and k·P, SEC 1 encodings) on cryptopt's generated field package examples/gofield/secp256k1_montgomery.
package secp256k1

//go:generate go run ../internal/weierstrass/gen -curve secp256k1
//go:generate go run ../internal/weierstrass/gen -curve secp256k1 -file ladder
