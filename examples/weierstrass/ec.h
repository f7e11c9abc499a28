// Return codes shared by the P-256 and secp256k1 APIs (p256.h, secp256k1.h).
#ifndef CRYPTOPT_EC_H
#define CRYPTOPT_EC_H

#define CRYPTOPT_EC_OK 0
#define CRYPTOPT_EC_BAD_SCALAR (-1)  // k is 0 or >= n (nothing written)
#define CRYPTOPT_EC_BAD_POINT (-2)   // not a valid encoding of a curve point (nothing written)
#define CRYPTOPT_EC_NULL (-3)        // a NULL argument (nothing written)
#define CRYPTOPT_EC_INFINITY (-4)    // the result is infinity (out zeroed; not reachable for
                                     // valid inputs on these prime-order curves)

#endif  // CRYPTOPT_EC_H
