// The ladder of examples/x25519 on emit-c's C for the same field functions (the
// benchmark's compiler baseline), one translation unit per variant so the compiler may
// inline the field code. VARIANT is 51 or 64; the build passes -DVARIANT and the emitted
// files. Not constant time as a product would need (the C compiler may branch on cmovznz's
// ?:): a benchmark baseline only.
#include <stdint.h>

#include "examples/x25519/x25519.h"

#if VARIANT == 51
#include "examples/x25519/bench/fe51c_add.inc"
#include "examples/x25519/bench/fe51c_cswap.inc"
#include "examples/x25519/bench/fe51c_from_bytes.inc"
#include "examples/x25519/bench/fe51c_mul.inc"
#include "examples/x25519/bench/fe51c_scmul.inc"
#include "examples/x25519/bench/fe51c_square.inc"
#include "examples/x25519/bench/fe51c_sub.inc"
#include "examples/x25519/bench/fe51c_to_bytes.inc"
#define N 5
#define FE(op) cryptopt_fe51c_##op
#define X25519_FN cryptopt_x25519_51c
#else
#include "examples/x25519/bench/fe64c_add.inc"
#include "examples/x25519/bench/fe64c_cswap.inc"
#include "examples/x25519/bench/fe64c_from_bytes.inc"
#include "examples/x25519/bench/fe64c_mul.inc"
#include "examples/x25519/bench/fe64c_scmul.inc"
#include "examples/x25519/bench/fe64c_square.inc"
#include "examples/x25519/bench/fe64c_sub.inc"
#include "examples/x25519/bench/fe64c_to_bytes.inc"
#define N 4
#define FE(op) cryptopt_fe64c_##op
#define X25519_FN cryptopt_x25519_64c
#endif

int X25519_FN(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
#include "examples/x25519/ladder.inc"
