// Command hdrgen writes the C header declaring a cryptopt_field function, from its Fiat JSON IR.
package main
