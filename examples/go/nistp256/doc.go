// Package nistp256 is constant-time P-256 scalar multiplication (k·G and k·P, SEC 1 encodings) on cryptopt's generated field package examples/gofield/p256.
package nistp256

//go:generate go run ../internal/weierstrass/gen -curve nistp256
//go:generate go run ../internal/weierstrass/gen -curve nistp256 -file ladder
