// Side-by-side timing of p448_solinas mul (or square) built from different IRs, which
// cryptopt bench cannot do (it times one .S against the compilers' builds of that .S's own
// IR, and refuses another IR's file): searched .S of two IRs, and gcc/clang builds of
// Fiat's C and of each IR's C, in one run. As package measure: fenced TSC around 200 calls
// on the same inputs (fresh random tight limbs per batch), the functions in a shuffled
// order per batch; TSC ticks per call, median of 31 batches, median (range) over 7
// repeats. The empty function's row is the call overhead (not subtracted). "check" as an
// argument prints every function's output on one input instead (p448side.sh compares
// them mod p). Built by p448side.sh, which writes decls.h and table.h.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

typedef void (*fn_t)(uint64_t *, const uint64_t *, const uint64_t *);
#define DECL(n) void n(uint64_t *, const uint64_t *, const uint64_t *);
#include "decls.h"
__attribute__((noinline)) static void empty(uint64_t *o, const uint64_t *a, const uint64_t *b) { __asm__ volatile("" ::: "memory"); }
static struct { const char *name; fn_t f; } fns[] = {
  {"(empty: call overhead)", empty},
#include "table.h"
};
#define NF (int)(sizeof fns / sizeof fns[0])
#define CALLS 200
#define BATCHES 31
#define REPEATS 7

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static int cmpd(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
  uint64_t a[8], b[8], out[8];
  for (int i = 0; i < 8; i++) { a[i] = next() & ((1ull << 56) - 1); b[i] = next() & ((1ull << 56) - 1); }
  if (argc > 1) { // print outputs for the correctness check
    for (int k = 0; k < NF; k++) { fns[k].f(out, a, b); printf("%s", fns[k].name); for (int i = 0; i < 8; i++) printf(" %llu", (unsigned long long)out[i]); printf("\n"); }
    printf("a"); for (int i = 0; i < 8; i++) printf(" %llu", (unsigned long long)a[i]); printf("\nb"); for (int i = 0; i < 8; i++) printf(" %llu", (unsigned long long)b[i]); printf("\n");
    return 0;
  }
  double rep[NF][REPEATS];
  for (int r = 0; r < REPEATS; r++) {
    double t[NF][BATCHES];
    for (int bt = 0; bt < BATCHES; bt++) {
      for (int i = 0; i < 8; i++) { a[i] = next() & ((1ull << 56) - 1); b[i] = next() & ((1ull << 56) - 1); }
      int ord[NF]; for (int k = 0; k < NF; k++) ord[k] = k;
      for (int k = NF - 1; k > 0; k--) { int j = next() % (k + 1); int x = ord[k]; ord[k] = ord[j]; ord[j] = x; }
      for (int o = 0; o < NF; o++) {
        int k = ord[o]; fn_t f = fns[k].f;
        /* as package measure: the same inputs, independent calls, fenced TSC */
        f(out, a, b);
        _mm_lfence(); uint64_t t0 = __rdtsc(); _mm_lfence();
        for (int c = 0; c < CALLS; c++) f(out, a, b);
        _mm_lfence(); uint64_t t1 = __rdtsc(); _mm_lfence();
        t[k][bt] = (double)(t1 - t0) / CALLS;
      }
    }
    for (int k = 0; k < NF; k++) { qsort(t[k], BATCHES, sizeof(double), cmpd); rep[k][r] = t[k][BATCHES / 2]; }
  }
  for (int k = 0; k < NF; k++) {
    double s[REPEATS]; memcpy(s, rep[k], sizeof s); qsort(s, REPEATS, sizeof(double), cmpd);
    printf("%-28s %7.1f (%5.1f-%5.1f)\n", fns[k].name, s[REPEATS / 2], s[0], s[REPEATS - 1]);
  }
  return 0;
}
