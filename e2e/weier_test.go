package e2e

import (
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/stretchr/testify/require"
)

// weierFuncs are the Weierstrass ops (from_montgomery, to_montgomery, from_bytes,
// to_bytes, selectznz, nonzero, jacdbl, jacadd, jacmadd; jacaddu, zaddu) of every field that has them.
func weierFuncs(t testing.TB) []*ir.Func {
	var fns []*ir.Func
	for _, F := range fields.All() {
		for _, op := range F.WeierOps {
			f, err := F.Func(op)
			require.NoError(t, err, "%s %s", F.Name, op)
			fns = append(fns, f)
		}
	}
	require.Len(t, fns, 20)
	return fns
}

// TestWeierOpsMatchInterpreter: random genomes of every Weierstrass op, assembled and
// linked in every frame-pointer × aliasing mode, agree with the interpreter.
func TestWeierOpsMatchInterpreter(t *testing.T) { opsMatchInterpreter(t, weierFuncs(t), 54) }

// TestWeierOpsProvedAndMutantsRejected: the checker proves random genomes of every
// Weierstrass op and rejects the mutants that random testing shows wrong.
func TestWeierOpsProvedAndMutantsRejected(t *testing.T) {
	opsProvedAndMutantsRejected(t, weierFuncs(t), 55)
}

// TestWeierOpsEmitC: emit-c's C of every Weierstrass op agrees with the interpreter.
func TestWeierOpsEmitC(t *testing.T) { opsEmitC(t, weierFuncs(t), 56) }
