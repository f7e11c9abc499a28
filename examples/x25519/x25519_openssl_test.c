// cryptopt_x25519 against OpenSSL's X25519 (EVP_PKEY) on PAIRS random (scalar, point)
// pairs: random bytes (bit 255 of u set half the time), every 8th u non-canonical
// (p <= u < 2^255). OpenSSL refuses an all-zero secret; ours must then return -1.
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/x25519/x25519.h"

#ifndef PAIRS
#define PAIRS 10000
#endif

// splitmix64: a seeded generator, so a failure is reproducible from the printed seed.
static uint64_t next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void fill(uint8_t *b, uint64_t *s) {
  for (int i = 0; i < 32; i += 8) {
    uint64_t x = next(s);
    memcpy(b + i, &x, 8);
  }
}

// openssl_x25519 returns 0 and the secret, or -1 when OpenSSL refuses (all-zero result).
static int openssl_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]) {
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
  EVP_PKEY_CTX *ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
  size_t n = 32;
  int ok = ctx && pub && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, pub) == 1 &&
           EVP_PKEY_derive(ctx, out, &n) == 1 && n == 32;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(pub);
  EVP_PKEY_free(priv);
  if (!priv || !pub) {
    fprintf(stderr, "OpenSSL could not load a raw X25519 key\n");
    exit(2);
  }
  return ok ? 0 : -1;
}

int main(void) {
  uint64_t seed = 0x7748;
  const char *env = getenv("X25519_SEED");
  if (env) seed = strtoull(env, NULL, 0);
  uint64_t s = seed;
  int failures = 0, zeros = 0;
  for (long i = 0; i < PAIRS; i++) {
    uint8_t k[32], u[32], ours[32], theirs[32];
    fill(k, &s);
    fill(u, &s);
    if (i % 8 == 7) {  // u = p + small, non-canonical
      memset(u + 1, 0xff, 30);
      u[0] = (uint8_t)(0xed + (next(&s) % 19));
      u[31] = (uint8_t)(0x7f | (next(&s) & 0x80));
    }
    int rc = cryptopt_x25519(ours, k, u);
    int want = openssl_x25519(theirs, k, u);
    zeros += want != 0;
    if (rc != want || (rc == 0 && memcmp(ours, theirs, 32) != 0)) {
      if (failures++ < 5) printf("FAIL pair %ld (seed %#llx): rc %d, OpenSSL %d\n", i, (unsigned long long)seed, rc, want);
    }
  }
  if (failures) {
    printf("%d of %d pairs differ from OpenSSL\n", failures, PAIRS);
    return 1;
  }
  printf("PASS: %d pairs agree with OpenSSL (%d all-zero results), seed %#llx\n", PAIRS, zeros, (unsigned long long)seed);
  return 0;
}
