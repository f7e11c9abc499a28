// Known answers from the standards and edge cases, for P-256 and secp256k1:
// k·G for k = 1, 2, 3 (SEC 2 / well-known multiples, recomputed independently when the test
// was written), n-1 (= -G), the RFC 5903 §8.1 ECDH example (i·G, r·G and the shared
// secret i·(r·G)); refusal of k = 0, n, n+1, 2^256-1, of off-curve, out-of-range,
// wrongly prefixed and infinity encodings; compression round trips; NULL arguments.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/weierstrass/p256.h"
#include "examples/weierstrass/secp256k1.h"

typedef int (*base_fn)(uint8_t *, const uint8_t *);
typedef int (*mult_fn)(uint8_t *, const uint8_t *, const uint8_t *);
typedef int (*comp_fn)(uint8_t *, const uint8_t *);

struct curve {
  const char *name;
  base_fn base;
  mult_fn mult;
  comp_fn compress, decompress;
  const char *n, *p, *g2, *g3;  // hex: n, p, 2G and 3G uncompressed (x || y)
};

static const struct curve curves[] = {
    {"P-256", cryptopt_p256_scalar_base_mult, cryptopt_p256_scalar_mult, cryptopt_p256_compress,
     cryptopt_p256_decompress,
     "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
     "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
     "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978"
     "07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1",
     "5ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c"
     "8734640c4998ff7e374b06ce1a64a2ecd82ab036384fb83d9a79b127a27d5032"},
    {"secp256k1", cryptopt_secp256k1_scalar_base_mult, cryptopt_secp256k1_scalar_mult,
     cryptopt_secp256k1_compress, cryptopt_secp256k1_decompress,
     "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
     "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
     "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a",
     "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
     "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672"},
};

static int failures;
#define CHECK(cond, ...)                                 \
  do {                                                   \
    if (!(cond)) {                                       \
      failures++;                                        \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                      \
      fputc('\n', stderr);                               \
    }                                                    \
  } while (0)

static void hex(uint8_t *out, const char *h, size_t n) {
  for (size_t i = 0; i < n; i++) sscanf(h + 2 * i, "%2hhx", &out[i]);
}

static void point_hex(uint8_t out[65], const char *xy) {
  out[0] = 0x04;
  hex(out + 1, xy, 64);
}

// out = in + d as a 32-byte big-endian number (mod 2^256).
static void add_small(uint8_t out[32], const uint8_t in[32], int d) {
  int carry = d;
  for (int i = 31; i >= 0; i--) {
    int v = in[i] + carry;
    out[i] = (uint8_t)v;
    carry = v >> 8;
    if (v < 0) carry = -1, out[i] = (uint8_t)(v + 256);
  }
}

static void test_curve(const struct curve *c) {
  uint8_t k[32] = {0}, g[65], g2[65], g3[65], out[65], out2[65], n[32], p[32], bad[65];
  hex(n, c->n, 32);
  hex(p, c->p, 32);
  point_hex(g2, c->g2);
  point_hex(g3, c->g3);
  k[31] = 1;
  CHECK(c->base(g, k) == CRYPTOPT_EC_OK, "%s 1·G", c->name);
  k[31] = 2;
  CHECK(c->base(out, k) == 0 && !memcmp(out, g2, 65), "%s 2·G", c->name);
  CHECK(c->mult(out, k, g) == 0 && !memcmp(out, g2, 65), "%s 2·P, P = G", c->name);
  k[31] = 3;
  CHECK(c->base(out, k) == 0 && !memcmp(out, g3, 65), "%s 3·G", c->name);
  k[31] = 1;
  CHECK(c->mult(out, k, g3) == 0 && !memcmp(out, g3, 65), "%s 1·(3G)", c->name);
  // (n-1)·G = -G: same x, y' = p - y.
  add_small(k, n, -1);
  CHECK(c->base(out, k) == 0 && !memcmp(out, g, 33), "%s (n-1)·G x", c->name);
  CHECK(c->mult(out2, k, g) == 0 && !memcmp(out, out2, 65), "%s (n-1)·G both ways", c->name);
  // k·G + ... : (n-2)·(2G) = (2n-4)G = -4G; compare with 2·(2G) negated via x only.
  add_small(k, n, -2);
  CHECK(c->mult(out, k, g2) == 0, "%s (n-2)·2G", c->name);
  memset(k, 0, 32), k[31] = 4;
  CHECK(c->base(out2, k) == 0 && !memcmp(out, out2, 33) && memcmp(out, out2, 65),
        "%s (n-2)·2G = -(4G)", c->name);
  // Scalars refused: 0, n, n+1, 2^256-1.
  uint8_t zero[32] = {0}, n1[32], ones[32];
  add_small(n1, n, 1);
  memset(ones, 0xff, 32);
  const uint8_t *badk[] = {zero, n, n1, ones};
  for (int i = 0; i < 4; i++) {
    memset(out, 0xaa, 65);
    CHECK(c->base(out, badk[i]) == CRYPTOPT_EC_BAD_SCALAR, "%s bad scalar %d base", c->name, i);
    CHECK(c->mult(out, badk[i], g) == CRYPTOPT_EC_BAD_SCALAR, "%s bad scalar %d", c->name, i);
    CHECK(out[0] == 0xaa && out[64] == 0xaa, "%s bad scalar %d wrote output", c->name, i);
  }
  // Points refused: off curve, x or y >= p (y + p when it fits), wrong prefixes, infinity.
  k[31] = 5;
  memcpy(bad, g, 65), bad[64] ^= 1;
  CHECK(c->mult(out, k, bad) == CRYPTOPT_EC_BAD_POINT, "%s off-curve", c->name);
  memcpy(bad, g, 65), memcpy(bad + 1, p, 32);
  CHECK(c->mult(out, k, bad) == CRYPTOPT_EC_BAD_POINT, "%s x = p", c->name);
  memcpy(bad, g, 65), memset(bad + 33, 0xff, 32);
  CHECK(c->mult(out, k, bad) == CRYPTOPT_EC_BAD_POINT, "%s y = 2^256-1", c->name);
  memset(bad, 0, 65), bad[0] = 0x04;
  CHECK(c->mult(out, k, bad) == CRYPTOPT_EC_BAD_POINT, "%s (0, 0)", c->name);
  memset(bad, 0, 65);
  CHECK(c->mult(out, k, bad) == CRYPTOPT_EC_BAD_POINT, "%s infinity (0x00)", c->name);
  for (int pre = 0; pre < 256; pre++) {
    if (pre == 4) continue;
    memcpy(bad, g, 65), bad[0] = (uint8_t)pre;
    if (c->mult(out, k, bad) != CRYPTOPT_EC_BAD_POINT) {
      CHECK(0, "%s prefix %#x accepted", c->name, pre);
      break;
    }
  }
  // Compression round trips on both parities (G and -G), and refusal of bad x.
  uint8_t comp[33], back[65], negg[65];
  add_small(k, n, -1);
  c->base(negg, k);
  const uint8_t *pts[] = {g, negg, g2, g3};
  for (int i = 0; i < 4; i++) {
    CHECK(c->compress(comp, pts[i]) == 0 && c->decompress(back, comp) == 0 && !memcmp(back, pts[i], 65),
          "%s compression round trip %d", c->name, i);
  }
  comp[0] = 0x04;
  CHECK(c->decompress(back, comp) == CRYPTOPT_EC_BAD_POINT, "%s compressed prefix 0x04", c->name);
  comp[0] = 0x02, memcpy(comp + 1, p, 32);
  CHECK(c->decompress(back, comp) == CRYPTOPT_EC_BAD_POINT, "%s compressed x = p", c->name);
  int nonsq = 0;  // about half of all x have no y: some small x must be refused
  for (int x = 0; x < 16; x++) {
    memset(comp, 0, 33), comp[0] = 0x02, comp[32] = (uint8_t)x;
    if (c->decompress(back, comp) == CRYPTOPT_EC_BAD_POINT) nonsq++;
    else CHECK(c->compress(comp, back) == 0, "%s decompressed x=%d is not a valid point", c->name, x);
  }
  CHECK(nonsq > 0 && nonsq < 16, "%s %d of 16 small x refused", c->name, nonsq);
  CHECK(c->compress(comp, bad) == CRYPTOPT_EC_BAD_POINT, "%s compress invalid", c->name);
  // NULL arguments.
  CHECK(c->base(NULL, k) == CRYPTOPT_EC_NULL && c->base(out, NULL) == CRYPTOPT_EC_NULL, "%s NULL", c->name);
  CHECK(c->mult(out, k, NULL) == CRYPTOPT_EC_NULL, "%s NULL point", c->name);
}

// RFC 5903 §8.1 (256-bit random ECP group): i, g^i, r, g^r and the shared x.
static void test_rfc5903(void) {
  uint8_t i[32], r[32], gi[65], gr[65], out[65], z[32];
  hex(i, "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433", 32);
  point_hex(gi, "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
                "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3");
  hex(r, "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53", 32);
  point_hex(gr, "d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"
                "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab");
  hex(z, "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de", 32);
  CHECK(cryptopt_p256_scalar_base_mult(out, i) == 0 && !memcmp(out, gi, 65), "RFC 5903 g^i");
  CHECK(cryptopt_p256_scalar_base_mult(out, r) == 0 && !memcmp(out, gr, 65), "RFC 5903 g^r");
  CHECK(cryptopt_p256_scalar_mult(out, i, gr) == 0 && !memcmp(out + 1, z, 32), "RFC 5903 g^ir");
  CHECK(cryptopt_p256_scalar_mult(out, r, gi) == 0 && !memcmp(out + 1, z, 32), "RFC 5903 g^ri");
}

int main(void) {
  for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) test_curve(&curves[i]);
  test_rfc5903();
  if (failures) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
