// secp256k1 on the cryptopt_field targets k256_* (field secp256k1_montgomery).
#define _DEFAULT_SOURCE  // explicit_bzero
#include "k256_add.h"
#include "k256_from_bytes.h"
#include "k256_from_montgomery.h"
#include "k256_jacadd.h"
#include "k256_jacaddu.h"
#include "k256_jacdbl.h"
#include "k256_jacmadd.h"
#include "k256_mul.h"
#include "k256_nonzero.h"
#include "k256_opp.h"
#include "k256_selectznz.h"
#include "k256_square.h"
#include "k256_sub.h"
#include "k256_to_bytes.h"
#include "k256_to_montgomery.h"
#include "k256_zaddu.h"
#include "examples/weierstrass/constants.h"
#include "examples/weierstrass/secp256k1.h"

#define FE(op) cryptopt_k256_##op
#define API(name) cryptopt_secp256k1_##name
#define CONST(name) K256_##name
#include "examples/weierstrass/curve.inc"
