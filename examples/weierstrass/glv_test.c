// secp256k1 k·P internals (glv.inc, inv.inc) that random and structured scalars never reach
// through the API: the inversion on edge values; jac_add_unified on acc = q (doubling),
// acc = -q (infinity), acc = -λ·q (the degenerate R = M = 0 case), acc = λ·q and
// acc = infinity, against RCB's complete addition; and glv_digits: k = E(v1) + λ·E(v2) (mod n) with v1, v2 < 2^129, on edge and random k
// (OpenSSL BIGNUM as the reference). The curve code is included whole, with its own names.
#define _DEFAULT_SOURCE  // explicit_bzero
#include <openssl/bn.h>
#include <stdio.h>
#include <stdlib.h>

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
#include "examples/weierstrass/ec.h"

#define FE(op) cryptopt_k256_##op
#define API(name) glv_test_##name
#define CONST(name) K256_##name
int API(scalar_base_mult)(uint8_t out[65], const uint8_t k[32]);
int API(scalar_mult)(uint8_t out[65], const uint8_t k[32], const uint8_t point_in[65]);
int API(compress)(uint8_t out[33], const uint8_t point_in[65]);
int API(decompress)(uint8_t out[65], const uint8_t in[33]);
#include "examples/weierstrass/curve.inc"

static int failures;

static void check(int ok, const char *what, int i) {
  if (!ok) {
    fprintf(stderr, "FAIL %s (case %d)\n", what, i);
    failures++;
  }
}

// The affine form of a homogeneous point (Z != 0).
static void to_affine(affine *a, const point *p) {
  fe zinv;
  fe_inv(zinv, p->Z);
  mul(a->x, p->X, zinv);
  mul(a->y, p->Y, zinv);
}

// Whether the Jacobian j and the homogeneous h are the same point (neither infinity).
static int same_point(const point *j, const point *h) {
  point t = *j;
  affine a, b;
  from_jacobian(&t);
  to_affine(&a, &t);
  to_affine(&b, h);
  return fe_equal(a.x, b.x) && fe_equal(a.y, b.y);
}

// acc = q in Jacobian coordinates with Z = z (any nonzero z).
static void jacobian_of(point *acc, const affine *q, const fe z) {
  fe z2, z3;
  sqr(z2, z);
  mul(z3, z2, z);
  mul(acc->X, q->x, z2);
  mul(acc->Y, q->y, z3);
  memcpy(acc->Z, z, sizeof(fe));
}

static void test_unified(void) {
  point p = c_g, h;
  for (int i = 0; i < 40; i++) {
    point_double(&h, &p);  // a varied point: P_i = 2^i·G + ...
    point_add(&p, &h, &c_g);
    affine a, q, lq, nq, mlq;
    to_affine(&a, &p);
    fe z = {(uint64_t)i + 2, 3, 5, 7};
    mul(z, z, c_one);  // a nonzero field element, in the Montgomery domain
    memcpy(&q, &a, sizeof q);
    memcpy(nq.x, a.x, sizeof(fe)), FE(opp)(nq.y, a.y);
    mul(lq.x, c_beta, a.x), memcpy(lq.y, a.y, sizeof(fe));
    memcpy(mlq.x, lq.x, sizeof(fe)), FE(opp)(mlq.y, a.y);
    point acc, want, qp;
    memcpy(qp.Z, c_one, sizeof(fe));

    jacobian_of(&acc, &a, z);  // acc = q: the doubling
    jac_add_unified(&acc, &q);
    point_double(&want, &p);
    check(same_point(&acc, &want), "P + P", i);

    jacobian_of(&acc, &a, z);  // acc = -q: infinity
    jac_add_unified(&acc, &nq);
    check(fe_is_zero(acc.Z), "P + (-P) = infinity", i);

    jacobian_of(&acc, &a, z);  // acc = -λ·q... with y1 = -y2, x1 = β^2·x2: R = M = 0
    jac_add_unified(&acc, &mlq);
    memcpy(qp.X, mlq.x, sizeof(fe)), memcpy(qp.Y, mlq.y, sizeof(fe));
    point_add(&want, &p, &qp);
    check(same_point(&acc, &want), "P + (-λP) (degenerate)", i);

    jacobian_of(&acc, &a, z);  // y1 = y2, x1 != x2
    jac_add_unified(&acc, &lq);
    memcpy(qp.X, lq.x, sizeof(fe)), memcpy(qp.Y, lq.y, sizeof(fe));
    point_add(&want, &p, &qp);
    check(same_point(&acc, &want), "P + λP", i);

    memset(&acc, 0, sizeof acc);  // acc = infinity (Z = 0, X and Y anything)
    acc.X[0] = (uint64_t)i;
    jac_add_unified(&acc, &lq);
    memcpy(want.X, lq.x, sizeof(fe)), memcpy(want.Y, lq.y, sizeof(fe));
    memcpy(want.Z, c_one, sizeof(fe));
    check(same_point(&acc, &want), "infinity + Q", i);

    to_affine(&q, &h);  // generic: acc = P, q = 2·P_{i-1}
    jacobian_of(&acc, &a, z);
    jac_add_unified(&acc, &q);
    memcpy(qp.X, q.x, sizeof(fe)), memcpy(qp.Y, q.y, sizeof(fe));
    point_add(&want, &p, &qp);
    check(same_point(&acc, &want), "P + Q", i);
  }
}

// E(v) = 2v - (2^130 - 1) as a BIGNUM.
static BIGNUM *signed_digits_value(const fe v) {
  uint8_t be[32];
  store_be(be, v);
  BIGNUM *r = BN_bin2bn(be, 32, NULL), *t = BN_new();
  BN_lshift1(r, r);
  BN_set_bit(t, 130);
  BN_sub_word(t, 1);
  BN_sub(r, r, t);
  BN_free(t);
  return r;
}

static void test_digits(void) {
  BN_CTX *ctx = BN_CTX_new();
  BIGNUM *n = BN_new(), *lambda = NULL, *kb = BN_new(), *sum = BN_new();
  uint8_t nb[32];
  store_be(nb, c_n);
  BN_bin2bn(nb, 32, n);
  BN_hex2bn(&lambda, "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72");
  srand(12);
  for (int i = 0; i < 20000; i++) {
    fe k, v1, v2;
    uint8_t kbe[32];
    for (int j = 0; j < 4; j++) k[j] = (uint64_t)rand() << 40 ^ (uint64_t)rand() << 20 ^ (uint64_t)rand();
    if (i < 64) memcpy(k, c_n, sizeof k), k[0] -= (uint64_t)i + 1;  // n-1 .. n-64
    else if (i < 128) memset(k, 0, sizeof k), k[0] = (uint64_t)i - 63;  // 1 .. 64
    else if (i < 384) memset(k, 0, sizeof k), k[(i - 128) / 64] = (uint64_t)1 << (i - 128) % 64;
    else if (!scalar_valid(k)) continue;
    glv_digits(v1, v2, k);
    check(v1[3] == 0 && v1[2] >> 1 == 0 && v2[3] == 0 && v2[2] >> 1 == 0, "v1, v2 < 2^129", i);
    BIGNUM *e1 = signed_digits_value(v1), *e2 = signed_digits_value(v2);
    BN_mod_mul(sum, e2, lambda, n, ctx);
    BN_mod_add(sum, sum, e1, n, ctx);
    store_be(kbe, k);
    BN_bin2bn(kbe, 32, kb);
    check(BN_cmp(sum, kb) == 0, "E(v1) + λ·E(v2) = k (mod n)", i);
    BN_free(e1), BN_free(e2);
  }
  BN_free(n), BN_free(lambda), BN_free(kb), BN_free(sum);
  BN_CTX_free(ctx);
}

// fe_inv (inv.inc) on edge values: a·a^-1 = 1, and 0^-1 = 0.
static void test_inverse(void) {
  fe vals[8] = {{1}, {2}, {3}, {0, 0, 0, (uint64_t)1 << 63}, {0}, {0}, {0}, {0}};
  memcpy(vals[4], c_p, sizeof(fe)), vals[4][0] -= 1;  // p - 1
  memcpy(vals[5], c_p, sizeof(fe)), vals[5][0] -= 2;
  memset(vals[6], 0xff, sizeof(fe)), vals[6][3] >>= 1;  // 2^255 - 1
  for (int i = 0; i < 8; i++) {
    fe a, inv, prod;
    FE(to_montgomery)(a, vals[i]);
    fe_inv(inv, a);
    mul(prod, a, inv);
    check(i == 7 ? fe_is_zero(inv) : fe_equal(prod, c_one), "a·a^-1 = 1, 0^-1 = 0", i);
  }
}

int main(void) {
  pthread_once(&init_once, init);
  test_inverse();
  test_unified();
  test_digits();
  if (failures) {
    fprintf(stderr, "glv_test: %d failures\n", failures);
    return 1;
  }
  printf("glv_test: PASS (8 inversions, 40 points × 6 addition cases, 20,000 scalar splits)\n");
  return 0;
}
