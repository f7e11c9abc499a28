// Package ctgrind runs field functions under valgrind memcheck with their secret inputs marked undefined, so a branch or memory address that depends on a secret is reported (the ctgrind / libsecp256k1 method).
package ctgrind
