// cryptopt_x25519 as the 4×64 variant (target x25519_4x64).
#include "examples/x25519/x25519.h"

int cryptopt_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]) {
  return cryptopt_x25519_64(out, scalar, point);
}
