// Command ctgen writes the C harness of cryptopt_ct_test: it calls one field function on in-bound inputs marked undefined for valgrind memcheck.
package main
