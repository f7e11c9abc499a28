// Harness of p521kara.sh: prints test vectors (check) or times Fiat's schoolbook and the
// Karatsuba C, interleaved, each call's output fed back as its next input.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

typedef void fn(uint64_t *, const uint64_t *, const uint64_t *);
fn sb_gcc, sb_clang, kara_gcc, kara_clang;
static struct {
  const char *name;
  fn *f;
} fns[] = {{"Fiat C (schoolbook), gcc", sb_gcc},
           {"Fiat C (schoolbook), clang-19", sb_clang},
           {"Karatsuba C, gcc", kara_gcc},
           {"Karatsuba C, clang-19", kara_clang}};
enum { NF = sizeof fns / sizeof fns[0], REPS = 301, CALLS = 1000 };

static uint64_t rng = 88172645463325252u;
static uint64_t next(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}
// loose is a random input within Fiat's bounds (3·2^58, the top limb 1.5·2^58); kind 0
// is all zero, 1 all at the bounds.
static void loose(uint64_t *x, int kind) {
  for (int i = 0; i < 9; i++) {
    uint64_t ub = i < 8 ? UINT64_C(3) << 58 : UINT64_C(3) << 57;
    x[i] = kind == 0 ? 0 : kind == 1 ? ub : next() % (ub + 1);
  }
}
static void print(const char *tag, const uint64_t *x) {
  printf("%s", tag);
  for (int i = 0; i < 9; i++) printf(" %llu", (unsigned long long)x[i]);
  printf("\n");
}
static int cmp(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "check")) {
    for (int t = 0; t < 1000; t++) {
      uint64_t a[9], b[9], o[9];
      loose(a, t < 2 ? t : 2), loose(b, t < 2 ? t : 2);
      print("in", a), print("in", b);
      for (int k = 0; k < NF; k++) fns[k].f(o, a, b), print(fns[k].name, o);
    }
    return 0;
  }
  static double ticks[NF][REPS];
  uint64_t a[NF][9], b[9];
  loose(b, 2);
  for (int k = 0; k < NF; k++) loose(a[k], 2);
  for (int r = 0; r < REPS; r++)
    for (int k = 0; k < NF; k++) {
      _mm_lfence();
      uint64_t t0 = __rdtsc();
      _mm_lfence();
      for (int c = 0; c < CALLS; c++) fns[k].f(a[k], a[k], b);
      _mm_lfence();
      ticks[k][r] = (double)(__rdtsc() - t0) / CALLS;
    }
  for (int k = 0; k < NF; k++) {
    qsort(ticks[k], REPS, sizeof(double), cmp);
    printf("%-32s median %6.1f  min %6.1f ticks/call\n", fns[k].name, ticks[k][REPS / 2], ticks[k][0]);
  }
  return 0;
}
