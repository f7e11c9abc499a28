package objcheck

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
)

// TestSparseFoldSmall is p448_saturated's proof problem at two limbs: the saturated
// Solinas fold of 2^128 - 2^58 - 1 (2^128 = 2^58 + 1 mod p), built by gcc -O3 from
// emit-c's C (147 instructions for mul). gcc takes bits 70..75 of the product's high half
// as shl/shr of a word and the bits above into the next word, and reads the last carry
// with setne; the rules of rules_reassoc.go meet the IR's forms (neither proves without
// them).
func TestSparseFoldSmall(t *testing.T) {
	requireTools(t, "gcc")
	p, _ := new(big.Int).SetString("fffffffffffffffffbffffffffffffff", 16)
	F, err := fields.Custom(p, fields.SaturatedSolinas, 2)
	require.NoError(t, err)
	for _, op := range []string{"mul", "square"} {
		fn, err := F.Func(op)
		require.NoError(t, err)
		nf := namedFunc{"sparse2_" + op, fn}
		c, err := cemit.Emit(fn, "f_"+nf.name)
		require.NoError(t, err)
		src := filepath.Join(t.TempDir(), nf.name+".c")
		require.NoError(t, os.WriteFile(src, c, 0o644))
		proved, refusal := proveCompilerObject(t, nf, src, "gcc")
		require.Empty(t, refusal)
		require.True(t, proved, "gcc %s", nf.name)
	}
}

// TestSparseFoldThreeLimbs: at three limbs (2^192 - 2^64 - 1) gcc's mul needs add-carry-mod
// probes nested two deep (maxProbeDepth); at four limbs (2^256 - 2^76 - 1, logged) the
// IR keeps truncations of carry words whose interval bounds saturate, the nearest
// reproduction of what still stops p448_saturated mul (docs/checker.md). Not proved must
// come without a counterexample (proveCompilerObject checks it).
func TestSparseFoldThreeLimbs(t *testing.T) {
	requireTools(t, "gcc")
	for _, tc := range []struct {
		prime string
		limbs int
		must  bool
	}{
		{"fffffffffffffffffffffffffffffffeffffffffffffffff", 3, true},
		{"ffffffffffffffffffffffffffffffffffffffffffffefffffffffffffffffff", 4, false},
	} {
		p, _ := new(big.Int).SetString(tc.prime, 16)
		F, err := fields.Custom(p, fields.SaturatedSolinas, tc.limbs)
		require.NoError(t, err)
		for _, op := range []string{"mul", "square"} {
			fn, err := F.Func(op)
			require.NoError(t, err)
			nf := namedFunc{fmt.Sprintf("sparse%d_%s", tc.limbs, op), fn}
			c, err := cemit.Emit(fn, "f_"+nf.name)
			require.NoError(t, err)
			src := filepath.Join(t.TempDir(), nf.name+".c")
			require.NoError(t, os.WriteFile(src, c, 0o644))
			proved, refusal := proveCompilerObject(t, nf, src, "gcc")
			require.Empty(t, refusal)
			if tc.must || op == "square" {
				require.True(t, proved, "gcc %s", nf.name)
			}
		}
	}
}
