// Package abi checks statically that an x86 program is safe to call as a field function under the System V AMD64 ABI, for codegen's verify pass and for measure before anything runs.
package abi
