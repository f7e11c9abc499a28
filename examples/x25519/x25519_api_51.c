// cryptopt_x25519 as the 5×51 variant (target x25519).
#include "examples/x25519/x25519.h"

int cryptopt_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]) {
  return cryptopt_x25519_51(out, scalar, point);
}
