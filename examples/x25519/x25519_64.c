// X25519 on the 4×64 (curve25519_solinas) field functions of cryptopt_field targets fe64_*.
#include "fe64_add.h"
#include "fe64_cswap.h"
#include "fe64_from_bytes.h"
#include "fe64_ladderstep.h"
#include "fe64_mul.h"
#include "fe64_scmul.h"
#include "fe64_square.h"
#include "fe64_sub.h"
#include "fe64_to_bytes.h"
#include "examples/x25519/x25519.h"

#define N 4
#define FE_LADDERSTEP 1
#define FE(op) cryptopt_fe64_##op
#define X25519_FN cryptopt_x25519_64
#include "examples/x25519/ladder.inc"
