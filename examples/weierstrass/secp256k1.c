// secp256k1 on the cryptopt_field targets k256_* (field secp256k1_montgomery).
#define _DEFAULT_SOURCE  // explicit_bzero
#include "k256_add.h"
#include "k256_from_bytes.h"
#include "k256_from_montgomery.h"
#include "k256_mul.h"
#include "k256_nonzero.h"
#include "k256_opp.h"
#include "k256_selectznz.h"
#include "k256_square.h"
#include "k256_sub.h"
#include "k256_to_bytes.h"
#include "k256_to_montgomery.h"
#include "examples/weierstrass/constants.h"
#include "examples/weierstrass/secp256k1.h"

#define FE(op) cryptopt_k256_##op
#define API(name) cryptopt_secp256k1_##name
#define A_IS_MINUS3 0
#define C_P K256_P
#define C_N K256_N
#define C_B K256_B
#define C_GX K256_GX
#define C_GY K256_GY
#define C_PM2 K256_PM2
#define C_SQRT K256_SQRT
#include "examples/weierstrass/curve.inc"
