// Whole-operation P-256 / secp256k1 benchmark: k·G and k·P per second and cycles per
// operation for ours (cryptopt asm field code), the same curve code on emit-c's C field
// code (one translation unit, so the compiler may inline it), OpenSSL (EC_POINT_mul) and
// libsecp256k1 (secp256k1_ec_pubkey_create, secp256k1_ec_pubkey_tweak_mul).
//
// Every implementation does the same whole job as ours: decode and validate the 65-byte
// input point (k·P), multiply, encode the 65-byte uncompressed result. OpenSSL's group and
// libsecp256k1's context are made beforehand (not timed).
//
// Method (as examples/x25519/bench): R rounds; each round runs every implementation in a
// shuffled order on the same B inputs, timing each operation alone with lfence;rdtsc;lfence;
// median over the R·B samples, 10th percentile beside it. Outputs are first compared with
// OpenSSL's: a disagreement aborts.
#define _GNU_SOURCE
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <secp256k1.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/bench.h"
#include "examples/weierstrass/p256.h"
#include "examples/weierstrass/secp256k1.h"

int cryptopt_p256c_scalar_base_mult(uint8_t out[65], const uint8_t k[32]);
int cryptopt_p256c_scalar_mult(uint8_t out[65], const uint8_t k[32], const uint8_t p[65]);
int cryptopt_k256c_scalar_base_mult(uint8_t out[65], const uint8_t k[32]);
int cryptopt_k256c_scalar_mult(uint8_t out[65], const uint8_t k[32], const uint8_t p[65]);

#define B 8  // operations per timed batch (distinct inputs)

static uint8_t keys[2][B][32], points[2][B][65], outs[B][65];
static EC_GROUP *groups[2];
static BN_CTX *bnctx;
static secp256k1_context *sctx;

static int ossl(int c, uint8_t *o, const uint8_t *k, const uint8_t *pt) {
  const EC_GROUP *g = groups[c];
  BIGNUM *bk = BN_bin2bn(k, 32, NULL);
  EC_POINT *r = EC_POINT_new(g), *P = pt ? EC_POINT_new(g) : NULL;
  int ok = pt ? EC_POINT_oct2point(g, P, pt, 65, bnctx) && EC_POINT_mul(g, r, NULL, P, bk, bnctx)
              : EC_POINT_mul(g, r, bk, NULL, NULL, bnctx);
  ok = ok && EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, o, 65, bnctx) == 65;
  EC_POINT_free(r), EC_POINT_free(P), BN_free(bk);
  return ok ? 0 : -1;
}
static int ossl_p256_base(uint8_t *o, const uint8_t *k, const uint8_t *p) { (void)p; return ossl(0, o, k, NULL); }
static int ossl_p256_mult(uint8_t *o, const uint8_t *k, const uint8_t *p) { return ossl(0, o, k, p); }
static int ossl_k256_base(uint8_t *o, const uint8_t *k, const uint8_t *p) { (void)p; return ossl(1, o, k, NULL); }
static int ossl_k256_mult(uint8_t *o, const uint8_t *k, const uint8_t *p) { return ossl(1, o, k, p); }

static int lib_base(uint8_t *o, const uint8_t *k, const uint8_t *p) {
  (void)p;
  secp256k1_pubkey pub;
  size_t n = 65;
  if (!secp256k1_ec_pubkey_create(sctx, &pub, k)) return -1;
  return secp256k1_ec_pubkey_serialize(sctx, o, &n, &pub, SECP256K1_EC_UNCOMPRESSED) ? 0 : -1;
}
static int lib_mult(uint8_t *o, const uint8_t *k, const uint8_t *p) {
  secp256k1_pubkey pub;
  size_t n = 65;
  if (!secp256k1_ec_pubkey_parse(sctx, &pub, p, 65) || !secp256k1_ec_pubkey_tweak_mul(sctx, &pub, k)) return -1;
  return secp256k1_ec_pubkey_serialize(sctx, o, &n, &pub, SECP256K1_EC_UNCOMPRESSED) ? 0 : -1;
}

#define WRAP_BASE(f) \
  static int f##_w(uint8_t *o, const uint8_t *k, const uint8_t *p) { (void)p; return f(o, k); }
WRAP_BASE(cryptopt_p256_scalar_base_mult)
WRAP_BASE(cryptopt_p256c_scalar_base_mult)
WRAP_BASE(cryptopt_secp256k1_scalar_base_mult)
WRAP_BASE(cryptopt_k256c_scalar_base_mult)

static const struct {
  const char *name;
  int curve, ref;  // curve index; ref: the group's reference for the speed ratio
  bench_fn fn;
} impls[] = {
    {"P-256 k·G ours (cryptopt asm)", 0, 0, cryptopt_p256_scalar_base_mult_w},
    {"P-256 k·G same code, emit-c C", 0, 0, cryptopt_p256c_scalar_base_mult_w},
    {"P-256 k·G OpenSSL EC_POINT_mul", 0, 1, ossl_p256_base},
    {"P-256 k·P ours (cryptopt asm)", 0, 0, cryptopt_p256_scalar_mult},
    {"P-256 k·P same code, emit-c C", 0, 0, cryptopt_p256c_scalar_mult},
    {"P-256 k·P OpenSSL EC_POINT_mul", 0, 1, ossl_p256_mult},
    {"secp256k1 k·G ours (cryptopt asm)", 1, 0, cryptopt_secp256k1_scalar_base_mult_w},
    {"secp256k1 k·G same code, emit-c C", 1, 0, cryptopt_k256c_scalar_base_mult_w},
    {"secp256k1 k·G OpenSSL EC_POINT_mul", 1, 0, ossl_k256_base},
    {"secp256k1 k·G libsecp256k1 pubkey_create", 1, 1, lib_base},
    {"secp256k1 k·P ours (cryptopt asm)", 1, 0, cryptopt_secp256k1_scalar_mult},
    {"secp256k1 k·P same code, emit-c C", 1, 0, cryptopt_k256c_scalar_mult},
    {"secp256k1 k·P OpenSSL EC_POINT_mul", 1, 0, ossl_k256_mult},
    {"secp256k1 k·P libsecp256k1 tweak_mul", 1, 1, lib_mult},
};
#define NIMPL (sizeof impls / sizeof impls[0])

static void prepare(void) {
  groups[0] = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
  groups[1] = EC_GROUP_new_by_curve_name(NID_secp256k1);
  bnctx = BN_CTX_new();
  sctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
  for (int c = 0; c < 2; c++) {
    for (int i = 0; i < B; i++) {
      uint8_t r[32];
      do {
        RAND_bytes(keys[c][i], 32);
        RAND_bytes(r, 32);
      } while (ossl(c, points[c][i], r, NULL) != 0 || ossl(c, outs[i], keys[c][i], NULL) != 0);
    }
  }
  for (size_t j = 0; j < NIMPL; j++) {
    int c = impls[j].curve, base = strstr(impls[j].name, "k·G") != NULL;
    for (int i = 0; i < B; i++) {
      uint8_t want[65];
      ossl(c, want, keys[c][i], base ? NULL : points[c][i]);
      if (impls[j].fn(outs[i], keys[c][i], points[c][i]) != 0 || memcmp(outs[i], want, 65) != 0) {
        fprintf(stderr, "bench: %s disagrees with OpenSSL\n", impls[j].name);
        exit(1);
      }
    }
  }
}

static size_t uniform(size_t m) { return (size_t)rand() % m; }

// batch times implementation j on the B prepared inputs of its curve.
static void batch(size_t j, double *cyc, double *sec) {
  int c = impls[j].curve;
  for (int i = 0; i < B; i++) bench_time(impls[j].fn, outs[i], keys[c][i], points[c][i], &cyc[i], &sec[i]);
}

int main(int argc, char **argv) {
  int rounds = bench_rounds(argc, argv, 51);
  if (rounds < 1) return 2;
  prepare();
  size_t n = (size_t)rounds * B;
  double *cyc = calloc(NIMPL * n, sizeof *cyc), *sec = calloc(NIMPL * n, sizeof *sec);
  bench_interleave(cyc, sec, NIMPL, rounds, B, uniform, batch);
  bench_sort(cyc, sec, NIMPL, n);
  printf("| implementation | cycles/op (median) | cycles/op (p10) | ops/s (median) | speed vs reference |\n|---|---|---|---|---|\n");
  for (size_t j = 0; j < NIMPL; j++) {
    size_t ref = j;  // the reference of j's group: same curve and operation, ref = 1
    while (!impls[ref].ref || impls[ref].curve != impls[j].curve ||
           (strstr(impls[ref].name, "k·G") != NULL) != (strstr(impls[j].name, "k·G") != NULL))
      ref = (ref + 1) % NIMPL;
    double c = cyc[j * n + n / 2], p10 = cyc[j * n + n / 10], s = sec[j * n + n / 2];
    printf("| %s | %.0f | %.0f | %.0f | %.2fx |\n", impls[j].name, c, p10, 1 / s, cyc[ref * n + n / 2] / c);
  }
  printf("(%d interleaved rounds × %d operations, each timed alone; TSC reference cycles; reference: "
         "OpenSSL for P-256, libsecp256k1 for secp256k1)\n", rounds, B);
  return 0;
}
