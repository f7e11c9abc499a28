// p521 carry_mul by Karatsuba in halves of 5 and 4 limbs (docs/why-slow.md): the
// formulation this page estimated, written in C so that gcc and clang can be timed on it
// beside Fiat's schoolbook. Limbs are 58 bits (the top one 57), as in Fiat's p521.
#include <stdint.h>

typedef unsigned __int128 u128;
#define M58 ((UINT64_C(1) << 58) - 1)
#define M57 ((UINT64_C(1) << 57) - 1)

// a = a0 + 2^290·a1 with a0 = limbs 0..4 and a1 = limbs 5..8. P = a0·b0, Q = a1·b1 and
// S = (a0+a1)·(b0+b1) by columns; the cross term a0·b1 + a1·b0 = S − P − Q sits at limb 5.
// Limb position 9 is 2^522 ≡ 2 (mod 2^521 − 1): columns past 8 fold onto column − 9
// doubled, so output column c is
//   c < 5:  P[c] + 2·Q[c−1] + 2·(S[c+4] − P[c+4] − Q[c+4])
//   c ≥ 5:  P[c] + 2·Q[c−1] + (S[c−5] − P[c−5] − Q[c−5])
void kara_mul(uint64_t *out, const uint64_t *a, const uint64_t *b) {
  u128 P[9] = {0}, Q[9] = {0}, S[9] = {0};
  uint64_t sa[5], sb[5];
#pragma GCC unroll 16
  for (int i = 0; i < 4; i++) {
    sa[i] = a[i] + a[5 + i];
    sb[i] = b[i] + b[5 + i];
  }
  sa[4] = a[4];
  sb[4] = b[4];
#pragma GCC unroll 16
  for (int i = 0; i < 5; i++)
#pragma GCC unroll 16
    for (int j = 0; j < 5; j++) {
      P[i + j] += (u128)a[i] * b[j];
      S[i + j] += (u128)sa[i] * sb[j];
    }
#pragma GCC unroll 16
  for (int i = 0; i < 4; i++)
#pragma GCC unroll 16
    for (int j = 0; j < 4; j++) Q[i + j] += (u128)a[5 + i] * b[5 + j];
  u128 col[9];
#pragma GCC unroll 16
  for (int c = 0; c < 9; c++) {
    u128 x = P[c];
    if (c >= 1) x += 2 * Q[c - 1];
    if (c < 5)
      x += 2 * (S[c + 4] - P[c + 4] - Q[c + 4]);
    else
      x += S[c - 5] - P[c - 5] - Q[c - 5];
    col[c] = x;
  }
  // Fiat's carry chain, with one more step at the end: the columns are up to 2^125
  // (Fiat's 2^124), so the folded top carry can push limb 1 past its bound.
  uint64_t r[9];
  u128 c = col[0];
  r[0] = (uint64_t)c & M58;
  c >>= 58;
#pragma GCC unroll 16
  for (int i = 1; i < 8; i++) {
    c += col[i];
    r[i] = (uint64_t)c & M58;
    c >>= 58;
  }
  c += col[8];
  r[8] = (uint64_t)c & M57;
  c >>= 57;
  u128 x = r[0] + c;
  out[0] = (uint64_t)x & M58;
  uint64_t y = r[1] + (uint64_t)(x >> 58);
  out[1] = y & M58;
  out[2] = r[2] + (y >> 58);
  for (int i = 3; i < 9; i++) out[i] = r[i];
}
