package e2e

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/stretchr/testify/require"
)

// corpusEnv names a directory of third-party assembly laid out like CryptOpt's published
// results (generated/fiat-amd64/<fiat function>/*.asm). The files are not ours and are
// never committed; the test skips when the variable is unset.
const corpusEnv = "CRYPTOPT_CORPUS"

// corpusFields maps CryptOpt's folder prefix to the Fiat JSON file and our function name
// prefix (CryptOpt says "curve25519_carry_mul" where the JSON says "fiat_25519_carry_mul").
var corpusFields = []struct{ folder, json, fn string }{
	{"fiat_curve25519_solinas_", "curve25519_solinas_64.json", "fiat_curve25519_solinas_"},
	{"fiat_curve25519_", "curve25519_64.json", "fiat_25519_"},
	{"fiat_p448_solinas_", "p448_solinas_64.json", "fiat_p448_"},
	{"fiat_secp256k1_dettman_", "secp256k1_dettman_64.json", "fiat_secp256k1_dettman_"},
	{"fiat_secp256k1_montgomery_", "secp256k1_montgomery_64.json", "fiat_secp256k1_montgomery_"},
	{"fiat_p224_", "p224_64.json", "fiat_p224_"},
	{"fiat_p256_", "p256_64.json", "fiat_p256_"},
	{"fiat_p384_", "p384_64.json", "fiat_p384_"},
	{"fiat_p434_", "p434_64.json", "fiat_p434_"},
	{"fiat_p521_", "p521_64.json", "fiat_p521_"},
	{"fiat_poly1305_", "poly1305_64.json", "fiat_poly1305_"},
	{"fiat_sm2_", "sm2_64.json", "fiat_sm2_"},
}

// corpusFunc resolves a CryptOpt folder name to its Fiat function.
func corpusFunc(t *testing.T, folder string) (*ir.Func, bool) {
	for _, c := range corpusFields {
		if rest, ok := strings.CutPrefix(folder, c.folder); ok {
			data, err := os.ReadFile(filepath.Join(fiatJSONDir(t), c.json))
			require.NoError(t, err)
			fn, err := ir.ReadFiatFunc(data, c.fn+rest)
			require.NoError(t, err, folder)
			return fn, true
		}
	}
	return nil, false
}

// TestCheckerCorpus: every third-party file in $CRYPTOPT_CORPUS is proved, and single-
// instruction mutants of it that random testing shows wrong are all rejected.
func TestCheckerCorpus(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" {
		t.Skipf("%s not set: no third-party assembly corpus to check (see docs/checker.md)", corpusEnv)
	}
	files, err := filepath.Glob(filepath.Join(root, "*", "*.asm"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no <function>/*.asm under %s", root)
	sort.Strings(files)
	rng := rand.New(rand.NewSource(3))
	proved := map[string]int{}
	var wrong, refused int
	for _, file := range files {
		folder := filepath.Base(filepath.Dir(file))
		fn, ok := corpusFunc(t, folder)
		if !ok {
			t.Logf("skipping %s: no Fiat function for folder %s", file, folder)
			continue
		}
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		rep, err := checker.Check(fn, src, checker.Options{RandomTrials: 64})
		require.NoError(t, err, file)
		require.True(t, rep.Proved, "%s: %+v", file, rep)
		proved[folder]++
		w, r := checkCorpusMutants(t, fn, src, rng)
		wrong, refused = wrong+w, refused+r
	}
	t.Logf("proved %d files over %d functions (%v); %d wrong mutants, all rejected; %d refused as not the function's shape",
		len(files), len(proved), proved, wrong, refused)
}

// checkCorpusMutants checks a few mutants of src; it returns how many were shown wrong
// and how many were refused as bad input (an address outside the arrays, say).
func checkCorpusMutants(t *testing.T, fn *ir.Func, src []byte, rng *rand.Rand) (wrong, refused int) {
	p, err := x86.Parse(src)
	require.NoError(t, err)
	for n := 0; n < 4; {
		m, desc, ok := mutate(p, rng)
		if !ok {
			continue
		}
		n++
		rep, err := checker.Check(fn, x86.PrintNASM(m), checker.Options{RandomTrials: 32, Seed: uint64(n)})
		if errors.Is(err, checker.ErrShape) {
			refused++
			continue
		}
		require.NoError(t, err, desc)
		if rep.Counterexample != nil {
			wrong++
			require.False(t, rep.Proved, "%s: %s — a wrong mutant was proved", fn.Name, desc)
			require.False(t, rep.CheckerBug, "%s: %s", fn.Name, desc)
		}
	}
	return wrong, refused
}
