// 10,000 seeded random scalars and points per curve against OpenSSL (EC_POINT_mul,
// P-256 and secp256k1) and libsecp256k1 (secp256k1_ec_pubkey_create / _tweak_mul):
// k·G, k·P, compressed encodings both ways; off-curve and out-of-range points must be
// refused by ours exactly when OpenSSL's EC_POINT_oct2point refuses them. Then structured
// scalars (test_edges): small, n - small, 2^j and its neighbours, repeated bit patterns
// (long runs of equal signed digits) and ±j·λ (secp256k1's GLV split gives r1 = 0).
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <secp256k1.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/weierstrass/p256.h"
#include "examples/weierstrass/secp256k1.h"

#ifndef COUNT
#define COUNT 10000
#endif

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t next64(void) {  // splitmix64: seeded, reproducible
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static void rand32(uint8_t k[32]) {
  for (int i = 0; i < 4; i++) {
    uint64_t v = next64();
    memcpy(k + 8 * i, &v, 8);
  }
}

static int failures;
static void fail(const char *what, const char *curve, int i) {
  if (failures++ < 20) fprintf(stderr, "FAIL %s %s at %d\n", curve, what, i);
}

typedef struct {
  const char *name;
  int nid;
  int (*base)(uint8_t *, const uint8_t *);
  int (*mult)(uint8_t *, const uint8_t *, const uint8_t *);
  int (*compress)(uint8_t *, const uint8_t *);
  int (*decompress)(uint8_t *, const uint8_t *);
} curve;

// OpenSSL's k·G (P == NULL) or k·P as an uncompressed encoding; 0 if it refuses.
static int ossl_mul(const EC_GROUP *g, uint8_t out[65], const uint8_t k[32], const EC_POINT *P, BN_CTX *ctx) {
  BIGNUM *bk = BN_bin2bn(k, 32, NULL);
  EC_POINT *r = EC_POINT_new(g);
  int ok = P ? EC_POINT_mul(g, r, NULL, P, bk, ctx) : EC_POINT_mul(g, r, bk, NULL, NULL, ctx);
  ok = ok && EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, out, 65, ctx) == 65;
  EC_POINT_free(r);
  BN_free(bk);
  return ok;
}

static void test_openssl(const curve *c) {
  BN_CTX *ctx = BN_CTX_new();
  EC_GROUP *g = EC_GROUP_new_by_curve_name(c->nid);
  EC_POINT *P = EC_POINT_new(g);
  uint8_t k[32], r[32], pt[65], want[65], got[65], comp[33], wantc[33], bad[65];
  int invalid_k = 0, refused = 0;
  for (int i = 0; i < COUNT; i++) {
    rand32(k), rand32(r);
    if (i % 1000 == 0) memset(k, 0xff, 8 + i / 1000);  // some scalars >= n
    int rc = c->base(got, k);
    if (!ossl_mul(g, want, k, NULL, ctx)) fail("OpenSSL k·G", c->name, i);
    BIGNUM *bk = BN_bin2bn(k, 32, NULL);
    int in_range = BN_cmp(bk, EC_GROUP_get0_order(g)) < 0 && !BN_is_zero(bk);
    BN_free(bk);
    if (!in_range) {
      invalid_k++;
      if (rc != CRYPTOPT_EC_BAD_SCALAR) fail("scalar >= n accepted", c->name, i);
      continue;
    }
    if (rc != 0 || memcmp(got, want, 65)) fail("k·G", c->name, i);
    if (!ossl_mul(g, pt, r, NULL, ctx)) continue;  // r >= n: OpenSSL reduces; skip
    EC_POINT_oct2point(g, P, pt, 65, ctx);
    if (!ossl_mul(g, want, k, P, ctx) || c->mult(got, k, pt) != 0 || memcmp(got, want, 65)) fail("k·P", c->name, i);
    if (EC_POINT_point2oct(g, P, POINT_CONVERSION_COMPRESSED, wantc, 33, ctx) != 33 ||
        c->compress(comp, pt) != 0 || memcmp(comp, wantc, 33) || c->decompress(got, wantc) != 0 ||
        memcmp(got, pt, 65))
      fail("compression", c->name, i);
    // A corrupted point: ours refuses exactly when OpenSSL does.
    memcpy(bad, pt, 65);
    if (i % 2) bad[1 + (int)(next64() % 64)] ^= (uint8_t)(1 + next64() % 255);
    else memset(bad + 1, 0xff, 4);  // x >= p (P-256: almost surely) or off-curve
    int ossl_ok = EC_POINT_oct2point(g, P, bad, 65, ctx) == 1;
    int ours = c->mult(got, k, bad);
    if (ossl_ok != (ours == 0)) fail("corrupted point verdict differs from OpenSSL", c->name, i);
    refused += !ossl_ok;
  }
  printf("%s vs OpenSSL: %d scalars, %d out of range refused, %d corrupted points refused by both\n",
         c->name, COUNT, invalid_k, refused);
  EC_POINT_free(P);
  EC_GROUP_free(g);
  BN_CTX_free(ctx);
}

// ok = ours agrees with OpenSSL on k·G and k·P (k as a BIGNUM, any value) for the point pt.
static void edge_check(const curve *c, const EC_GROUP *g, const BIGNUM *bk, const uint8_t pt[65],
                       const EC_POINT *P, BN_CTX *ctx, int i) {
  uint8_t k[32], want[65], got[65];
  if (BN_bn2binpad(bk, k, 32) != 32) return;
  if (BN_is_zero(bk) || BN_cmp(bk, EC_GROUP_get0_order(g)) >= 0) {
    if (c->base(got, k) != CRYPTOPT_EC_BAD_SCALAR) fail("edge: scalar out of range accepted", c->name, i);
    return;
  }
  if (!ossl_mul(g, want, k, NULL, ctx) || c->base(got, k) != 0 || memcmp(got, want, 65)) fail("edge k·G", c->name, i);
  if (!ossl_mul(g, want, k, P, ctx) || c->mult(got, k, pt) != 0 || memcmp(got, want, 65)) fail("edge k·P", c->name, i);
}

static void test_edges(const curve *c) {
  static const char *patterns[] = {"55", "aa", "84210842108421", "7bdef7bdef7bde", "c6318c6318c631",
                                   "f0", "0f", "8000000000000001", "ffffffff00000000"};
  // secp256k1's λ (a cube root of 1 mod n).
  static const char *lambda = "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72";
  BN_CTX *ctx = BN_CTX_new();
  EC_GROUP *g = EC_GROUP_new_by_curve_name(c->nid);
  EC_POINT *P = EC_POINT_new(g);
  const BIGNUM *n = EC_GROUP_get0_order(g);
  BIGNUM *bk = BN_new(), *lam = NULL;
  uint8_t r[32], pt[65];
  int count = 0;
  do rand32(r);
  while (!ossl_mul(g, pt, r, NULL, ctx));
  EC_POINT_oct2point(g, P, pt, 65, ctx);
  BN_hex2bn(&lam, lambda);
  for (int i = 1; i <= 300; i++, count += 2) {  // i and n - i
    BN_set_word(bk, i), edge_check(c, g, bk, pt, P, ctx, count);
    BN_sub(bk, n, bk), edge_check(c, g, bk, pt, P, ctx, count + 1);
  }
  for (int j = 1; j < 256; j++) {  // 2^j - 1, 2^j, 2^j + 1
    for (int d = -1; d <= 1; d++, count++) {
      BN_zero(bk), BN_set_bit(bk, j);
      if (d < 0) BN_sub_word(bk, 1);
      if (d > 0) BN_add_word(bk, 1);
      edge_check(c, g, bk, pt, P, ctx, count);
    }
  }
  for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {  // repeated patterns
    char hex[65];
    for (int i = 0; i < 64; i++) hex[i] = patterns[p][i % strlen(patterns[p])];
    hex[64] = 0;
    for (int shift = 0; shift < 8; shift++, count++) {
      BN_hex2bn(&bk, hex);
      BN_rshift(bk, bk, shift);
      edge_check(c, g, bk, pt, P, ctx, count);
    }
  }
  for (int j = 1; j <= 64; j++, count += 2) {  // ±j·λ mod n
    BN_set_word(bk, j);
    BN_mod_mul(bk, bk, lam, n, ctx);
    edge_check(c, g, bk, pt, P, ctx, count);
    BN_sub(bk, n, bk), edge_check(c, g, bk, pt, P, ctx, count + 1);
  }
  printf("%s structured scalars vs OpenSSL: %d\n", c->name, count);
  BN_free(bk), BN_free(lam);
  EC_POINT_free(P);
  EC_GROUP_free(g);
  BN_CTX_free(ctx);
}

static void test_libsecp256k1(void) {
  secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
  uint8_t k[32], r[32], pt[65], want[65], got[65];
  size_t len;
  secp256k1_pubkey pub;
  for (int i = 0; i < COUNT; i++) {
    rand32(k), rand32(r);
    if (i % 1000 == 0) memset(k, 0xff, 32);
    int lib_ok = secp256k1_ec_pubkey_create(ctx, &pub, k);
    int rc = cryptopt_secp256k1_scalar_base_mult(got, k);
    if (lib_ok != (rc == 0)) {
      fail("scalar validity differs from libsecp256k1", "secp256k1", i);
      continue;
    }
    if (!lib_ok) continue;
    len = 65;
    secp256k1_ec_pubkey_serialize(ctx, want, &len, &pub, SECP256K1_EC_UNCOMPRESSED);
    if (memcmp(got, want, 65)) fail("k·G vs pubkey_create", "secp256k1", i);
    if (!secp256k1_ec_pubkey_create(ctx, &pub, r)) continue;
    len = 65;
    secp256k1_ec_pubkey_serialize(ctx, pt, &len, &pub, SECP256K1_EC_UNCOMPRESSED);
    if (!secp256k1_ec_pubkey_tweak_mul(ctx, &pub, k)) fail("tweak_mul refused", "secp256k1", i);
    len = 65;
    secp256k1_ec_pubkey_serialize(ctx, want, &len, &pub, SECP256K1_EC_UNCOMPRESSED);
    if (cryptopt_secp256k1_scalar_mult(got, k, pt) != 0 || memcmp(got, want, 65)) fail("k·P vs tweak_mul", "secp256k1", i);
    pt[64] ^= 1;  // off the curve
    if (secp256k1_ec_pubkey_parse(ctx, &pub, pt, 65) || cryptopt_secp256k1_scalar_mult(got, k, pt) != CRYPTOPT_EC_BAD_POINT)
      fail("off-curve point accepted", "secp256k1", i);
  }
  printf("secp256k1 vs libsecp256k1: %d scalars\n", COUNT);
  secp256k1_context_destroy(ctx);
}

int main(void) {
  const curve curves[] = {
      {"P-256", NID_X9_62_prime256v1, cryptopt_p256_scalar_base_mult, cryptopt_p256_scalar_mult,
       cryptopt_p256_compress, cryptopt_p256_decompress},
      {"secp256k1", NID_secp256k1, cryptopt_secp256k1_scalar_base_mult, cryptopt_secp256k1_scalar_mult,
       cryptopt_secp256k1_compress, cryptopt_secp256k1_decompress},
  };
  for (int i = 0; i < 2; i++) test_openssl(&curves[i]), test_edges(&curves[i]);
  test_libsecp256k1();
  if (failures) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
