// Package weierstrass is the curve-independent part of constant-time k·G and k·P on short Weierstrass curves over 4×64-bit Montgomery fields (examples/go/nistp256 and examples/go/secp256k1 supply their formulas).
package weierstrass
