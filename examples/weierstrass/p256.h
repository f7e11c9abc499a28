// P-256 (NIST, SEC 2 secp256r1) scalar multiplication on field code generated and checked by rules_cryptopt
// (target //examples/weierstrass:p256; see docs/weierstrass.md).
//
// Scalars are 32 bytes big-endian with 0 < k < n, else CRYPTOPT_EC_BAD_SCALAR. Points are
// 65-byte uncompressed SEC 1 encodings (0x04 || X || Y, coordinates < p, on the curve),
// validated on input, else CRYPTOPT_EC_BAD_POINT; compressed ones are 33 bytes (0x02/0x03
// || X). Constant time in the scalar. Returns CRYPTOPT_EC_OK on success (ec.h).
#ifndef CRYPTOPT_P256_H
#define CRYPTOPT_P256_H

#include <stdint.h>

#include "examples/weierstrass/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

// out = k·G.
int cryptopt_p256_scalar_base_mult(uint8_t out[65], const uint8_t k[32]);
// out = k·P for the uncompressed point P.
int cryptopt_p256_scalar_mult(uint8_t out[65], const uint8_t k[32], const uint8_t point[65]);
// The compressed encoding of a validated uncompressed point.
int cryptopt_p256_compress(uint8_t out[33], const uint8_t point[65]);
// The uncompressed encoding of a compressed point (x < p and x^3 + a·x + b a square).
int cryptopt_p256_decompress(uint8_t out[65], const uint8_t point[33]);

#ifdef __cplusplus
}
#endif

#endif  // CRYPTOPT_P256_H
