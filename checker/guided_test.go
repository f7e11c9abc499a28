package checker

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// staleOF is a wrong program whose error needs an overflow flag set (about 2 inputs in
// 100,000), as a comparison that failed to prove it.
func staleOF(t *testing.T) *comparison {
	data, err := os.ReadFile(filepath.Join(fiatDir(t), "curve25519_solinas_64.json"))
	require.NoError(t, err)
	fn, err := ir.ReadFiatFunc(data, "fiat_curve25519_solinas_mul")
	require.NoError(t, err)
	prog, err := x86.Parse(readTestdata(t, "stale_of_curve25519_solinas_mul.S"))
	require.NoError(t, err)
	g := egraph.New()
	irRes, err := symexec.ExecIR(g, fn)
	require.NoError(t, err)
	arrs, err := symexec.Layout(fn, symexec.InputSyms(g, fn), false)
	require.NoError(t, err)
	c := &comparison{g: g, fn: fn, prog: prog, ir: irRes, asm: symexec.ExecAsm(g, prog, arrs), arrs: arrs}
	require.NotEmpty(t, c.compare(), "the rules must not prove the stale-OF mutant")
	return c
}

// TestFlagSearch: the flag-guided stage alone finds a counterexample for every seed, in
// few trials, and the counterexample is real (the IR interpreter and the emulator
// disagree on it). The carry-biased stage with the same budget usually does not.
func TestFlagSearch(t *testing.T) {
	c := staleOF(t)
	require.NotEmpty(t, c.overflowFlags())
	for seed := range int64(8) {
		var rep Report
		require.True(t, c.flagSearch(&rep, Options{}, rand.New(rand.NewSource(seed))), "seed %d", seed)
		ce := rep.Counterexample
		require.NotNil(t, ce)
		want, err := interp.Run(c.fn, ce.Inputs)
		require.NoError(t, err)
		require.Equal(t, want, ce.IR)
		got, err := runAsm(c.prog, nil, c.fn, ce.Inputs, false, rand.New(rand.NewSource(seed)))
		require.NoError(t, err)
		require.Equal(t, ce.Asm, got)
		require.NotEqual(t, want, got)
		t.Logf("seed %d: counterexample after %d trials", seed, rep.Trials)
		require.LessOrEqual(t, rep.Trials, FlagRestarts)
	}
	found := 0
	for seed := range int64(8) {
		var rep Report
		rng := rand.New(rand.NewSource(seed))
		for range FlagRestarts {
			if c.trial(&rep, edgyInputs(c.fn, rng), Options{}, rng) {
				found++
				break
			}
		}
	}
	t.Logf("carry-biased inputs, %d trials: counterexample for %d of 8 seeds", FlagRestarts, found)
}

// A program with no overflow flag in its outputs gives the stage nothing to steer.
func TestFlagSearchNoFlag(t *testing.T) {
	c := staleOF(t)
	c.asm = symexec.ExecAsm(c.g, &x86.Program{}, c.arrs)
	require.Empty(t, c.overflowFlags())
	var rep Report
	require.False(t, c.flagSearch(&rep, Options{}, rand.New(rand.NewSource(1))))
	require.Zero(t, rep.Trials)
}
