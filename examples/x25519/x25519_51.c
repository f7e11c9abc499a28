// X25519 on the 5×51 (curve25519) field functions of cryptopt_field targets fe51_*.
#include "fe51_add.h"
#include "fe51_cswap.h"
#include "fe51_from_bytes.h"
#include "fe51_mul.h"
#include "fe51_scmul.h"
#include "fe51_square.h"
#include "fe51_sub.h"
#include "fe51_to_bytes.h"
#include "examples/x25519/x25519.h"

#define N 5
#define FE(op) cryptopt_fe51_##op
#define X25519_FN cryptopt_x25519_51
#include "examples/x25519/ladder.inc"
