// Curve constants as 4 little-endian 64-bit words (SEC 2 §2.4.1 secp256k1, §2.4.2
// secp256r1 = P-256): p, n, b, G = (GX, GY), and the public exponent (p + 1) / 4 (square
// root; p ≡ 3 mod 4 for both; inversion is an addition chain in curve.inc). A_IS_MINUS3
// picks curve.inc's formulas, GLV its k·P ladder (scalar.inc; BETA: a cube root of 1 mod
// p). The test checks G is on the curve and n·G = infinity through the API (k = n is
// refused, (n-1)·G = -G).
#ifndef CRYPTOPT_EC_CONSTANTS_H
#define CRYPTOPT_EC_CONSTANTS_H
#define P256_A_IS_MINUS3 1
#define P256_GLV 0
#define P256_P {0xffffffffffffffffULL, 0x00000000ffffffffULL, 0x0000000000000000ULL, 0xffffffff00000001ULL}
#define P256_N {0xf3b9cac2fc632551ULL, 0xbce6faada7179e84ULL, 0xffffffffffffffffULL, 0xffffffff00000000ULL}
#define P256_B {0x3bce3c3e27d2604bULL, 0x651d06b0cc53b0f6ULL, 0xb3ebbd55769886bcULL, 0x5ac635d8aa3a93e7ULL}
#define P256_GX {0xf4a13945d898c296ULL, 0x77037d812deb33a0ULL, 0xf8bce6e563a440f2ULL, 0x6b17d1f2e12c4247ULL}
#define P256_GY {0xcbb6406837bf51f5ULL, 0x2bce33576b315eceULL, 0x8ee7eb4a7c0f9e16ULL, 0x4fe342e2fe1a7f9bULL}
#define P256_SQRT {0x0000000000000000ULL, 0x0000000040000000ULL, 0x4000000000000000ULL, 0x3fffffffc0000000ULL}
#define K256_A_IS_MINUS3 0
#define K256_GLV 1  // the endomorphism (x, y) -> (BETA·x, y) (scalar.inc)
#define K256_BETA {0xc1396c28719501eeULL, 0x9cf0497512f58995ULL, 0x6e64479eac3434e9ULL, 0x7ae96a2b657c0710ULL}
#define K256_P {0xfffffffefffffc2fULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL}
#define K256_N {0xbfd25e8cd0364141ULL, 0xbaaedce6af48a03bULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL}
#define K256_B {0x0000000000000007ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL}
#define K256_GX {0x59f2815b16f81798ULL, 0x029bfcdb2dce28d9ULL, 0x55a06295ce870b07ULL, 0x79be667ef9dcbbacULL}
#define K256_GY {0x9c47d08ffb10d4b8ULL, 0xfd17b448a6855419ULL, 0x5da4fbfc0e1108a8ULL, 0x483ada7726a3c465ULL}
#define K256_SQRT {0xffffffffbfffff0cULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x3fffffffffffffffULL}

#endif  // CRYPTOPT_EC_CONSTANTS_H
