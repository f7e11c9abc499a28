// p256 on the cryptopt_field targets p256_* (field p256).
#define _DEFAULT_SOURCE  // explicit_bzero
#include "p256_add.h"
#include "p256_from_bytes.h"
#include "p256_from_montgomery.h"
#include "p256_jacadd.h"
#include "p256_jacdbl.h"
#include "p256_jacmadd.h"
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
#define CONST(name) P256_##name
#include "examples/weierstrass/curve.inc"
