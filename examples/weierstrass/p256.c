// p256 on the cryptopt_field targets p256_* (field p256).
#define _DEFAULT_SOURCE  // explicit_bzero
#include "p256_add.h"
#include "p256_from_bytes.h"
#include "p256_from_montgomery.h"
#include "p256_mul.h"
#include "p256_nonzero.h"
#include "p256_opp.h"
#include "p256_selectznz.h"
#include "p256_square.h"
#include "p256_sub.h"
#include "p256_to_bytes.h"
#include "p256_to_montgomery.h"
#include "examples/weierstrass/constants.h"
#include "examples/weierstrass/p256.h"

#define FE(op) cryptopt_p256_##op
#define API(name) cryptopt_p256_##name
#define A_IS_MINUS3 1
#define C_P P256_P
#define C_N P256_N
#define C_B P256_B
#define C_GX P256_GX
#define C_GY P256_GY
#define C_PM2 P256_PM2
#define C_SQRT P256_SQRT
#include "examples/weierstrass/curve.inc"
