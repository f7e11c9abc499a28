// X25519 (RFC 7748) on field code generated and checked by rules_cryptopt.
//
// //examples/x25519:x25519 (5×51 limbs) and //examples/x25519:x25519_4x64 (4×64 limbs)
// both implement cryptopt_x25519; link one of them. The variant functions
// cryptopt_x25519_51 / cryptopt_x25519_64 (targets x25519_51_impl / x25519_64_impl) can be
// linked side by side, as the benchmark does.
#ifndef CRYPTOPT_X25519_H
#define CRYPTOPT_X25519_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CRYPTOPT_X25519_BYTES 32

// Return codes of cryptopt_x25519.
#define CRYPTOPT_X25519_OK 0        // out holds the shared secret / public key
#define CRYPTOPT_X25519_ZERO (-1)   // the result is all zero (a low-order point): reject it
#define CRYPTOPT_X25519_NULL (-2)   // a NULL pointer was passed; nothing was written

// out = X25519(scalar, point): the u-coordinate of clamp(scalar)·point, 32 little-endian
// bytes each (RFC 7748 §5). The top bit of point is ignored and non-canonical u-coordinates
// (p .. 2^255-1) are taken mod p, as the RFC requires. Constant time in scalar and point.
// Keys are fixed-size arrays: a caller holding a byte string of another length must refuse
// it before calling. Returns CRYPTOPT_X25519_OK, _ZERO (out is then all zero) or _NULL.
int cryptopt_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

int cryptopt_x25519_51(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
int cryptopt_x25519_64(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

#ifdef __cplusplus
}
#endif

#endif  // CRYPTOPT_X25519_H
