package checker

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Inputs from issue 9 that crashed, exhausted memory or hung the checker, or were called
// "not proved" although they are bad input.
func TestRobustness(t *testing.T) {
	src := string(readTestdata(t, "mix.asm"))
	const at = "mov rcx, rdx ; arg2"
	imul := strings.Repeat("imul rax, rax\n", 40)
	for _, tc := range []struct {
		name, edit string
		proved     bool
		refusal    string // in the first failure, when not proved
	}{
		// Panicked with a slice bound out of range: a wrapping address in the emulator.
		{"load-from-minus-4", "mov rcx, -4\nmov rcx, [ rcx ]\n" + at, false, "does not hold a pointer"},
		// Exhausted memory flattening x^(2^40): now an uninterpreted product; dead here.
		{"dead-imul-chain", "mov rax, [ rsi ]\n" + imul + at, true, ""},
		// The same chain reaching out1[3]: refused, not an out-of-memory crash.
		{"live-imul-chain", at, false, "out1[3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(src, at, tc.edit, 1)
			if tc.name == "live-imul-chain" {
				text = strings.Replace(src, "mov [ rdi + 0x18 ], rax", imul+"mov [ rdi + 0x18 ], rax", 1)
			}
			start := time.Now()
			rep, err := Check(mixFunc(), []byte(text), Options{RandomTrials: 64})
			require.NoError(t, err)
			require.Less(t, time.Since(start), 20*time.Second)
			require.Equal(t, tc.proved, rep.Proved, "%+v", rep.Failures)
			if !tc.proved {
				require.Contains(t, rep.Failures[0].What+" "+rep.Failures[0].AsmExpr, tc.refusal)
				require.NotNil(t, rep.Counterexample, "every refusal of a wrong program has a counterexample")
			}
		})
	}
}

func TestBadInputIsAnError(t *testing.T) {
	src := readTestdata(t, "mix.asm")
	_, err := Check(mixFunc(), src, Options{RandomTrials: MaxTrials + 1})
	require.ErrorContains(t, err, "random trials")

	// A truncated file: cut mid-line it does not parse; cut at a line end it has no ret.
	_, err = Check(mixFunc(), src[:len(src)/2], Options{})
	require.Error(t, err)
	_, err = Check(mixFunc(), src[:strings.LastIndexByte(string(src[:len(src)/2]), '\n')+1], Options{})
	require.True(t, errors.Is(err, ErrShape), "%v", err)
	require.ErrorContains(t, err, "does not end with ret")

	// The wrong function: more output limbs than the program writes.
	_, err = Check(shaped(7, 2), src, Options{})
	require.True(t, errors.Is(err, ErrShape), "%v", err)
	require.ErrorContains(t, err, "never writes out1[6]")

	// The wrong function: the program reads arg1[1] of a one-limb argument.
	_, err = Check(shaped(6, 1), src, Options{})
	require.True(t, errors.Is(err, ErrShape), "%v", err)
	require.ErrorContains(t, err, "outside arg1[0..1)")

	// Too long.
	long := strings.Repeat("mov rax, rax\n", MaxInstructions+1) + "ret\n"
	_, err = Check(mixFunc(), []byte("SECTION .text\nGLOBAL mix\nmix:\n"+long), Options{})
	require.ErrorContains(t, err, "instructions")
}

// shaped is a function of nOut output limbs over two arguments of nIn limbs (out[i] =
// arg1[i mod nIn]): only its shape matters here.
func shaped(nOut, nIn int) *ir.Func {
	b := ir.NewBuilder("mix")
	lo, hi := make([]uint64, nIn), make([]uint64, nIn)
	for i := range hi {
		hi[i] = ^uint64(0)
	}
	a := b.Param("arg1", ir.U64, lo, hi)
	b.Param("arg2", ir.U64, lo, hi)
	limbs := make([]ir.Arg, nOut)
	olo, ohi := make([]uint64, nOut), make([]uint64, nOut)
	for i := range limbs {
		limbs[i], ohi[i] = ir.V(a[i%nIn]), ^uint64(0)
	}
	b.Return("out1", ir.U64, limbs, olo, ohi)
	return b.Func()
}
