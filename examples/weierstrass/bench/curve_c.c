// curve.inc on emit-c's C for the same field functions (the benchmark's compiler
// baseline), one translation unit per curve so the compiler may inline the field code.
// CURVE is 256 (P-256) or 1 (secp256k1). Not constant time as a product would need (the
// C compiler may branch on cmovznz's ?:): a benchmark baseline only.
#define _DEFAULT_SOURCE  // explicit_bzero
#include <stdint.h>

#include "examples/weierstrass/constants.h"
#include "examples/weierstrass/ec.h"

#if CURVE == 256
#include "examples/weierstrass/bench/p256c_add.inc"
#include "examples/weierstrass/bench/p256c_from_bytes.inc"
#include "examples/weierstrass/bench/p256c_from_montgomery.inc"
#include "examples/weierstrass/bench/p256c_jacadd.inc"
#include "examples/weierstrass/bench/p256c_jacdbl.inc"
#include "examples/weierstrass/bench/p256c_jacmadd.inc"
#include "examples/weierstrass/bench/p256c_mul.inc"
#include "examples/weierstrass/bench/p256c_nonzero.inc"
#include "examples/weierstrass/bench/p256c_opp.inc"
#include "examples/weierstrass/bench/p256c_selectznz.inc"
#include "examples/weierstrass/bench/p256c_square.inc"
#include "examples/weierstrass/bench/p256c_sub.inc"
#include "examples/weierstrass/bench/p256c_to_bytes.inc"
#include "examples/weierstrass/bench/p256c_to_montgomery.inc"
#define FE(op) cryptopt_p256c_##op
#define API(name) cryptopt_p256c_##name
#define CONST(name) P256_##name
#else
#include "examples/weierstrass/bench/k256c_add.inc"
#include "examples/weierstrass/bench/k256c_from_bytes.inc"
#include "examples/weierstrass/bench/k256c_from_montgomery.inc"
#include "examples/weierstrass/bench/k256c_jacadd.inc"
#include "examples/weierstrass/bench/k256c_jacaddu.inc"
#include "examples/weierstrass/bench/k256c_jacdbl.inc"
#include "examples/weierstrass/bench/k256c_jacmadd.inc"
#include "examples/weierstrass/bench/k256c_mul.inc"
#include "examples/weierstrass/bench/k256c_nonzero.inc"
#include "examples/weierstrass/bench/k256c_opp.inc"
#include "examples/weierstrass/bench/k256c_selectznz.inc"
#include "examples/weierstrass/bench/k256c_square.inc"
#include "examples/weierstrass/bench/k256c_sub.inc"
#include "examples/weierstrass/bench/k256c_to_bytes.inc"
#include "examples/weierstrass/bench/k256c_to_montgomery.inc"
#include "examples/weierstrass/bench/k256c_zaddu.inc"
#define FE(op) cryptopt_k256c_##op
#define API(name) cryptopt_k256c_##name
#define CONST(name) K256_##name
#endif

int API(scalar_base_mult)(uint8_t out[65], const uint8_t k[32]);
int API(scalar_mult)(uint8_t out[65], const uint8_t k[32], const uint8_t point_in[65]);
int API(compress)(uint8_t out[33], const uint8_t point_in[65]);
int API(decompress)(uint8_t out[65], const uint8_t in[33]);
#include "examples/weierstrass/curve.inc"
