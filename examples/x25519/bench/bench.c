// Whole-operation X25519 benchmark: shared secrets per second and cycles per operation
// for ours (5×51, 4×64), the same ladder on emit-c's C field code (5×51, 4×64, built in
// one translation unit by the C compiler), libsodium crypto_scalarmult and OpenSSL's
// X25519 (EVP_PKEY_derive on contexts made beforehand: key loading is not timed).
//
// Method: R rounds; each round runs every implementation, in a shuffled order, on the same
// B inputs, timing each operation alone with lfence;rdtsc;lfence (reference cycles of the
// TSC) and CLOCK_MONOTONIC; each figure is the median over the R·B samples (an operation
// preempted on a loaded machine is an outlier the median ignores), with the 10th
// percentile beside it.
// Every implementation's outputs are compared with libsodium's first: a wrong one aborts.
#define _GNU_SOURCE
#include <openssl/evp.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "examples/bench.h"
#include "examples/x25519/x25519.h"

int cryptopt_x25519_51c(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
int cryptopt_x25519_64c(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

#define B 16  // operations per timed batch (distinct inputs)

static uint8_t keys[B][32], points[B][32], outs[B][32];
static EVP_PKEY_CTX *ctxs[B];

static int sodium(uint8_t *o, const uint8_t *k, const uint8_t *u) { return crypto_scalarmult(o, k, u); }

static int openssl_slot;  // which prepared context the next call uses
static int openssl(uint8_t *o, const uint8_t *k, const uint8_t *u) {
  (void)k, (void)u;
  size_t n = 32;
  return EVP_PKEY_derive(ctxs[openssl_slot++ % B], o, &n) == 1 ? 0 : -1;
}

static const struct {
  const char *name;
  bench_fn fn;
} impls[] = {
    {"ours 5x51 (cryptopt asm)", cryptopt_x25519_51},
    {"ours 4x64 (cryptopt asm)", cryptopt_x25519_64},
    {"same ladder, emit-c C 5x51", cryptopt_x25519_51c},
    {"same ladder, emit-c C 4x64", cryptopt_x25519_64c},
    {"libsodium crypto_scalarmult", sodium},
    {"OpenSSL X25519 (EVP derive)", openssl},
};
#define NIMPL (sizeof impls / sizeof impls[0])

static void prepare(void) {
  randombytes_buf(keys, sizeof keys);
  randombytes_buf(points, sizeof points);
  for (int i = 0; i < B; i++) {
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, keys[i], 32);
    EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, points[i], 32);
    ctxs[i] = EVP_PKEY_CTX_new(priv, NULL);
    if (!ctxs[i] || EVP_PKEY_derive_init(ctxs[i]) != 1 || EVP_PKEY_derive_set_peer(ctxs[i], pub) != 1) {
      fprintf(stderr, "bench: OpenSSL setup failed\n");
      exit(2);
    }
    EVP_PKEY_free(priv);
    EVP_PKEY_free(pub);
  }
  uint8_t want[B][32];
  for (int i = 0; i < B; i++) {
    if (crypto_scalarmult(want[i], keys[i], points[i]) != 0) {
      fprintf(stderr, "bench: a random point gave the zero result; run again\n");
      exit(2);
    }
  }
  for (size_t j = 0; j < NIMPL; j++) {
    openssl_slot = 0;
    for (int i = 0; i < B; i++) impls[j].fn(outs[i], keys[i], points[i]);
    if (memcmp(outs, want, sizeof want) != 0) {
      fprintf(stderr, "bench: %s disagrees with libsodium\n", impls[j].name);
      exit(1);
    }
  }
}

static size_t uniform(size_t m) { return randombytes_uniform((uint32_t)m); }

// batch times implementation j on the B prepared inputs.
static void batch(size_t j, double *cyc, double *sec) {
  openssl_slot = 0;
  for (int i = 0; i < B; i++) bench_time(impls[j].fn, outs[i], keys[i], points[i], &cyc[i], &sec[i]);
}

int main(int argc, char **argv) {
  int rounds = bench_rounds(argc, argv, 101);
  if (rounds < 1) return 2;
  if (sodium_init() < 0) {
    fprintf(stderr, "bench: sodium_init failed\n");
    return 2;
  }
  prepare();
  size_t n = (size_t)rounds * B;
  double *cyc = calloc(NIMPL * n, sizeof *cyc), *sec = calloc(NIMPL * n, sizeof *sec);
  bench_interleave(cyc, sec, NIMPL, rounds, B, uniform, batch);
  printf("| implementation | cycles/op (median) | cycles/op (p10) | ops/s (median) | speed vs libsodium |\n|---|---|---|---|---|\n");
  bench_sort(cyc, sec, NIMPL, n);
  double base = cyc[4 * n + n / 2];
  for (size_t j = 0; j < NIMPL; j++) {
    double c = cyc[j * n + n / 2], p10 = cyc[j * n + n / 10], s = sec[j * n + n / 2];
    printf("| %s | %.0f | %.0f | %.0f | %.2fx |\n", impls[j].name, c, p10, 1 / s, base / c);
  }
  printf("(%d interleaved rounds × %d operations, each timed alone; TSC reference cycles)\n", rounds, B);
  return 0;
}
