package secp256k1

import (
	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/weierstrass"
	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/secp256k1_montgomery"
)

// fe is a field element, 4×64-bit words in the Montgomery domain.
type fe = field.Element

// The curve y² = x³ + 7 over p = 2^256 − 2^32 − 977 (SEC 2 §2.4.1), each 256-bit constant
// as 4 little-endian 64-bit words, plain (not Montgomery) values.
const curveName = "secp256k1"

// aIsMinus3 is false: a = 0, and point.go has the Renes–Costello–Batina formulas for it
// (Algorithms 7 and 9, b3 = 21); TestConstants checks it against the standard.
const aIsMinus3 = false

var (
	cP  = [4]uint64{0xfffffffefffffc2f, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff}
	cN  = [4]uint64{0xbfd25e8cd0364141, 0xbaaedce6af48a03b, 0xfffffffffffffffe, 0xffffffffffffffff}
	cB  = fe{7, 0, 0, 0}
	cGx = fe{0x59f2815b16f81798, 0x029bfcdb2dce28d9, 0x55a06295ce870b07, 0x79be667ef9dcbbac}
	cGy = fe{0x9c47d08ffb10d4b8, 0xfd17b448a6855419, 0x5da4fbfc0e1108a8, 0x483ada7726a3c465}
	// cR2 = 2^512 mod p: Mul(x, cR2) = x·2^256 mod p moves x into the Montgomery domain.
	cR2 = fe{0x000007a2000e90a1, 0x0000000000000001, 0x0000000000000000, 0x0000000000000000}
	// cBeta is β, a cube root of 1 mod p with λ·(x, y) = (β·x, y) for glvSplit's λ
	// (libsecp256k1's pair); TestGLV checks it on random points.
	cBeta = fe{0xc1396c28719501ee, 0x9cf0497512f58995, 0x6e64479eac3434e9, 0x7ae96a2b657c0710}
)

// curve is secp256k1 with the formulas of point.go; read-only after package initialisation.
var curve = weierstrass.New(weierstrass.Params[fe]{Name: curveName, P: cP, N: cN,
	R2: cR2, Gx: cGx, Gy: cGy, Formulas: newFormulas()})
