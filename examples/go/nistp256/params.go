package nistp256

import (
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/weierstrass"
	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p256"
)

// fe is a field element, 4×64-bit words in the Montgomery domain.
type fe = field.Element

// The curve y² = x³ − 3x + b over p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (FIPS 186-5, SEC 2),
// each 256-bit constant as 4 little-endian 64-bit words, plain (not Montgomery) values.
const curveName = "P-256"

// aIsMinus3 records that a = −3: point.go has the Renes–Costello–Batina formulas for it
// (Algorithms 4 and 6); TestConstants checks it against the standard.
const aIsMinus3 = true

var (
	cP  = [4]uint64{0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001}
	cN  = [4]uint64{0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000}
	cB  = fe{0x3bce3c3e27d2604b, 0x651d06b0cc53b0f6, 0xb3ebbd55769886bc, 0x5ac635d8aa3a93e7}
	cGx = fe{0xf4a13945d898c296, 0x77037d812deb33a0, 0xf8bce6e563a440f2, 0x6b17d1f2e12c4247}
	cGy = fe{0xcbb6406837bf51f5, 0x2bce33576b315ece, 0x8ee7eb4a7c0f9e16, 0x4fe342e2fe1a7f9b}
	// cR2 = 2^512 mod p: Mul(x, cR2) = x·2^256 mod p moves x into the Montgomery domain.
	cR2 = fe{0x0000000000000003, 0xfffffffbffffffff, 0xfffffffffffffffe, 0x00000004fffffffd}
)

// curve is P-256 with the formulas of point.go; read-only after package initialisation.
var curve = weierstrass.New(weierstrass.Params[fe]{Name: curveName, P: cP, N: cN,
	R2: cR2, Gx: cGx, Gy: cGy, Formulas: newFormulas()})
