// Timing helpers shared by the whole-operation benchmarks (examples/x25519/bench,
// examples/weierstrass/bench): each operation is timed alone with lfence;rdtsc;lfence
// (reference cycles of the TSC) and CLOCK_MONOTONIC; the samples are sorted for medians.
#ifndef CRYPTOPT_EXAMPLES_BENCH_H
#define CRYPTOPT_EXAMPLES_BENCH_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

// bench_fn is an operation out = f(scalar, point) returning 0 on success.
typedef int (*bench_fn)(uint8_t *, const uint8_t *, const uint8_t *);

static inline uint64_t bench_cycles(void) {
  _mm_lfence();
  uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// bench_time runs fn once and stores its cycles and seconds.
static inline void bench_time(bench_fn fn, uint8_t *o, const uint8_t *k, const uint8_t *p, double *cyc,
                              double *sec) {
  double t0 = bench_now();
  uint64_t c0 = bench_cycles();
  fn(o, k, p);
  uint64_t c1 = bench_cycles();
  double t1 = bench_now();
  *cyc = (double)(c1 - c0);
  *sec = t1 - t0;
}

// bench_shuffle sets order to a random permutation of 0..n-1 (Fisher-Yates; uniform(m) is
// uniform in [0, m)): run in a new order each round, no implementation is always first.
static inline void bench_shuffle(size_t *order, size_t n, size_t (*uniform)(size_t)) {
  for (size_t j = 0; j < n; j++) order[j] = j;
  for (size_t j = n - 1; j > 0; j--) {
    size_t k = uniform(j + 1), t = order[j];
    order[j] = order[k], order[k] = t;
  }
}

// bench_rounds is the number of rounds, argv[1] (dflt without it), or 0 after the usage
// message when that is not a positive number.
static inline int bench_rounds(int argc, char **argv, int dflt) {
  int rounds = argc > 1 ? atoi(argv[1]) : dflt;
  if (rounds >= 1) return rounds;
  fprintf(stderr, "usage: bench [rounds >= 1]\n");
  return 0;
}

// bench_interleave runs rounds rounds over nimpl implementations, in a new random order each
// round (uniform as for bench_shuffle), so that no implementation is always first or last:
// batch(j, cyc, sec) times b operations of implementation j into cyc[0..b) and sec[0..b).
// cyc and sec hold nimpl runs of rounds·b samples.
static inline void bench_interleave(double *cyc, double *sec, size_t nimpl, int rounds, size_t b,
                                    size_t (*uniform)(size_t), void (*batch)(size_t, double *, double *)) {
  size_t n = (size_t)rounds * b, *order = calloc(nimpl, sizeof *order);
  for (int r = 0; r < rounds; r++) {
    bench_shuffle(order, nimpl, uniform);
    for (size_t o = 0; o < nimpl; o++) {
      size_t j = order[o], at = j * n + (size_t)r * b;
      batch(j, cyc + at, sec + at);
    }
  }
  free(order);
}

static int bench_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// bench_sort sorts each implementation's n samples (cyc and sec hold nimpl runs of n).
static inline void bench_sort(double *cyc, double *sec, size_t nimpl, size_t n) {
  for (size_t j = 0; j < nimpl; j++) {
    qsort(cyc + j * n, n, sizeof *cyc, bench_cmp);
    qsort(sec + j * n, n, sizeof *sec, bench_cmp);
  }
}
#endif  // CRYPTOPT_EXAMPLES_BENCH_H
