// RFC 7748 tests of cryptopt_x25519: §5.2 vectors, the iterated vector (ITERATIONS,
// 1000 by default; the manual target sets 1000000), §6.1 Diffie–Hellman, low-order points
// (all-zero result, -1) and non-canonical u-coordinates (taken mod p, top bit ignored).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/x25519/x25519.h"

#ifndef ITERATIONS
#define ITERATIONS 1000
#endif

static int failures;

static void unhex(uint8_t out[32], const char *hex) {
  for (int i = 0; i < 32; i++) {
    unsigned v;
    if (sscanf(hex + 2 * i, "%2x", &v) != 1) abort();
    out[i] = (uint8_t)v;
  }
}

static void expect(const char *what, const uint8_t got[32], const char *want_hex) {
  uint8_t want[32];
  unhex(want, want_hex);
  if (memcmp(got, want, 32) != 0) {
    printf("FAIL %s: got ", what);
    for (int i = 0; i < 32; i++) printf("%02x", got[i]);
    printf(", want %s\n", want_hex);
    failures++;
  }
}

static void expect_rc(const char *what, int got, int want) {
  if (got != want) {
    printf("FAIL %s: returned %d, want %d\n", what, got, want);
    failures++;
  }
}

static void vector(const char *k_hex, const char *u_hex, const char *want_hex) {
  uint8_t k[32], u[32], out[32];
  unhex(k, k_hex);
  unhex(u, u_hex);
  expect_rc(u_hex, cryptopt_x25519(out, k, u), 0);
  expect(u_hex, out, want_hex);
}

static void test_vectors(void) {
  vector("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
  // u has its top bit set: it must be ignored.
  vector("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
}

static void test_iterated(void) {
  uint8_t k[32] = {9}, u[32] = {9}, r[32];
  for (long i = 1; i <= ITERATIONS; i++) {
    if (cryptopt_x25519(r, k, u) != 0) {
      printf("FAIL iteration %ld returned an error\n", i);
      failures++;
      return;
    }
    memcpy(u, k, 32);
    memcpy(k, r, 32);
    if (i == 1) expect("iterated, 1", k, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
    if (i == 1000) expect("iterated, 1000", k, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    if (i == 1000000) expect("iterated, 1000000", k, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424");
  }
}

static void test_dh(void) {
  static const uint8_t nine[32] = {9};
  uint8_t a[32], b[32], pa[32], pb[32], sa[32], sb[32];
  unhex(a, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  unhex(b, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  expect_rc("alice public", cryptopt_x25519(pa, a, nine), 0);
  expect("alice public", pa, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  expect_rc("bob public", cryptopt_x25519(pb, b, nine), 0);
  expect("bob public", pb, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  expect_rc("alice shared", cryptopt_x25519(sa, a, pb), 0);
  expect("alice shared", sa, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  expect_rc("bob shared", cryptopt_x25519(sb, b, pa), 0);
  expect("bob shared", sb, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
}

// Points of order 1, 2, 4 and 8 and their non-canonical encodings (RFC 7748 §6.1: the
// all-zero output must be detectable): every scalar gives zero, and -1.
static void test_low_order(void) {
  static const char *pts[] = {
      "0000000000000000000000000000000000000000000000000000000000000000",  // 0
      "0100000000000000000000000000000000000000000000000000000000000000",  // 1
      "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",  // order 8
      "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",  // order 8
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p - 1 (order 2)
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p  = 0
      "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p + 1 = 1
  };
  uint8_t k[32], u[32], out[32];
  for (size_t i = 0; i < 2 * sizeof pts / sizeof pts[0]; i++) {
    unhex(u, pts[i / 2]);
    if (i % 2) u[31] |= 0x80;  // the same point with bit 255 set (ignored)
    for (int s = 0; s < 4; s++) {
      memset(k, 0x11 * (s + 1), 32);
      memset(out, 0xa5, 32);
      expect_rc(pts[i / 2], cryptopt_x25519(out, k, u), -1);
      expect(pts[i / 2], out, "0000000000000000000000000000000000000000000000000000000000000000");
    }
  }
}

// u and u + p (for u < 19, still below 2^255), and u with bit 255 set, are one point.
static void test_non_canonical(void) {
  uint8_t k[32], u[32], v[32], r1[32], r2[32];
  unhex(k, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
  for (int x = 2; x < 19; x++) {
    memset(u, 0, 32);
    u[0] = (uint8_t)x;
    // v = x + p = x + 2^255 - 19: bytes (x - 19) mod 256 then 0xff..., top byte 0x7f.
    memset(v, 0xff, 32);
    v[0] = (uint8_t)(x - 19);
    v[31] = 0x7f;
    int rc1 = cryptopt_x25519(r1, k, u), rc2 = cryptopt_x25519(r2, k, v);
    expect_rc("u + p", rc2, rc1);
    if (memcmp(r1, r2, 32) != 0) {
      printf("FAIL non-canonical u = %d + p differs from u = %d\n", x, x);
      failures++;
    }
    u[31] |= 0x80;
    expect_rc("bit 255", cryptopt_x25519(r2, k, u), rc1);
    if (memcmp(r1, r2, 32) != 0) {
      printf("FAIL u = %d with bit 255 set differs\n", x);
      failures++;
    }
  }
}

static void test_null(void) {
  uint8_t b[32] = {9};
  expect_rc("NULL out", cryptopt_x25519(NULL, b, b), -2);
  expect_rc("NULL scalar", cryptopt_x25519(b, NULL, b), -2);
  expect_rc("NULL point", cryptopt_x25519(b, b, NULL), -2);
}

int main(void) {
  test_vectors();
  test_dh();
  test_low_order();
  test_non_canonical();
  test_null();
  test_iterated();
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("PASS (iterated vector: %ld iterations)\n", (long)ITERATIONS);
  return 0;
}
