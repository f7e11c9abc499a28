// Constant-time evidence for k·G and k·P (the ctgrind method, as cryptopt_ct_test): the
// scalar is marked undefined (secret) with VALGRIND_MAKE_MEM_UNDEFINED and the program
// re-runs itself under valgrind memcheck, which reports any conditional branch, memory
// address or system-call argument computed from it. The libraries under test are built
// with -DCRYPTOPT_CT_CHECK, which declassifies only the two bits the API reveals anyway
// (k in range; result infinity). The test FAILS when valgrind cannot be run.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <valgrind/memcheck.h>

#include "examples/weierstrass/p256.h"
#include "examples/weierstrass/secp256k1.h"

int main(int argc, char **argv) {
  (void)argc;
  if (!RUNNING_ON_VALGRIND) {
    execlp("valgrind", "valgrind", "-q", "--error-exitcode=1", "--exit-on-first-error=no", argv[0], (char *)NULL);
    perror("ct_test: cannot run valgrind: constant time NOT checked");
    return 1;
  }
  uint8_t k[32], out[65], g[65], one[32] = {0};
  one[31] = 1;
  if (cryptopt_p256_scalar_base_mult(g, one) != 0) return 1;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 32; j++) k[j] = (uint8_t)(0x3c * i + 7 * j + 1);
    k[0] &= 0x7f;  // below n for both curves
    VALGRIND_MAKE_MEM_UNDEFINED(k, sizeof k);
    int rc = cryptopt_p256_scalar_base_mult(out, k) | cryptopt_p256_scalar_mult(out, k, g);
    if (rc != 0) return 1;
  }
  if (cryptopt_secp256k1_scalar_base_mult(g, one) != 0) return 1;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 32; j++) k[j] = (uint8_t)(0x3c * i + 7 * j + 1);
    k[0] &= 0x7f;
    VALGRIND_MAKE_MEM_UNDEFINED(k, sizeof k);
    int rc = cryptopt_secp256k1_scalar_base_mult(out, k) | cryptopt_secp256k1_scalar_mult(out, k, g);
    if (rc != 0) return 1;
  }
  printf("ct_test: 16 scalar multiplications with secret scalars, no secret-dependent branch or index\n");
  return 0;
}
