package measure

import (
	"errors"
	"fmt"
	"math/rand"
	"os/exec"
	"slices"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/stretchr/testify/require"
)

const add4C = `#include <stdint.h>
void add4(uint64_t out1[4], const uint64_t arg1[4], const uint64_t arg2[4]) {
	unsigned __int128 c = 0;
	for (int i = 0; i < 4; i++) {
		c += (unsigned __int128)arg1[i] + arg2[i];
		out1[i] = (uint64_t)c;
		c >>= 64;
	}
}
`

// add4DroppedCarryC is add4 without the carry between limbs 1 and 2.
const add4DroppedCarryC = `#include <stdint.h>
void add4(uint64_t *o, const uint64_t *a, const uint64_t *b) {
	unsigned __int128 c = (unsigned __int128)a[0] + b[0]; o[0] = (uint64_t)c; c >>= 64;
	c += (unsigned __int128)a[1] + b[1]; o[1] = (uint64_t)c;
	c = (unsigned __int128)a[2] + b[2]; o[2] = (uint64_t)c; c >>= 64;
	c += (unsigned __int128)a[3] + b[3]; o[3] = (uint64_t)c;
}
`

func compilers(t *testing.T) []string {
	var cs []string
	for _, c := range []string{DefaultCompiler(), "gcc"} {
		if _, err := exec.LookPath(c); err == nil && (len(cs) == 0 || cs[0] != c) {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		testenv.Missing(t, "no C compiler (clang or gcc) on PATH")
	}
	return cs
}

func TestCompileC(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 9})
	f := add4Func()
	jit := load(t, r, add4, f, false)
	for _, cc := range compilers(t) {
		t.Run(cc, func(t *testing.T) {
			n, err := CompileC([]byte(add4C), "add4", cc, nil)
			require.NoError(t, err)
			defer func() { require.NoError(t, n.Close()) }()
			require.Contains(t, n.Fn().Name, cc)
			callMatchesInterp(t, r, n.Fn(), f, rand.New(rand.NewSource(6)))
			st, err := tm.Compare([]Fn{jit, n.Fn()}, f, rand.New(rand.NewSource(7)))
			require.NoError(t, err)
			require.Len(t, st, 2)
		})
	}
}

func TestCompileCErrors(t *testing.T) {
	cc := compilers(t)[0]
	_, err := CompileC([]byte("int f( {"), "f", cc, nil)
	require.ErrorContains(t, err, "failed")
	require.NotContains(t, err.Error(), "\n")
	_, err = CompileC([]byte(add4C), "nosuch", cc, nil)
	require.ErrorContains(t, err, "nosuch")
	_, err = CompileC([]byte(add4C), "add4", "no-such-compiler-xyz", nil)
	require.Error(t, err)
}

func TestNativeWrongOutputCaught(t *testing.T) {
	cc := compilers(t)[0]
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 9})
	n, err := CompileC([]byte(add4DroppedCarryC), "add4", cc, []string{"-O2"})
	require.NoError(t, err)
	defer func() { require.NoError(t, n.Close()) }()
	_, err = tm.Compare([]Fn{n.Fn()}, add4Func(), rand.New(rand.NewSource(8)))
	require.ErrorIs(t, err, ErrWrongOutput)
}

// TestCheckedOutput: a Checked function is judged by its OutputCheck, not by limb
// equality: the carry-dropping add4 passes a check of the low two limbs and fails one of
// all four, and a check that refuses a correct function's output is an error naming why.
func TestCheckedOutput(t *testing.T) {
	cc := compilers(t)[0]
	r := newRunner(t, DefaultRunnerOptions())
	tm := newTimer(t, r, TimerOptions{Batches: 9})
	good, err := CompileC([]byte(add4C), "add4", cc, nil)
	require.NoError(t, err)
	defer func() { require.NoError(t, good.Close()) }()
	bad, err := CompileC([]byte(add4DroppedCarryC), "add4", cc, []string{"-O2"})
	require.NoError(t, err)
	defer func() { require.NoError(t, bad.Close()) }()
	firstLimbs := func(n int) OutputCheck {
		return func(_ [][]uint64, got, want []uint64) error {
			if !slices.Equal(got[:n], want[:n]) {
				return fmt.Errorf("limbs 0..%d differ", n-1)
			}
			return nil
		}
	}
	refuse := func([][]uint64, []uint64, []uint64) error { return errors.New("planted refusal") }
	tests := []struct {
		name string
		fn   Fn
		want string // "" accepted
	}{
		{"low limbs of the dropped carry", bad.Fn().Checked(firstLimbs(2)), ""},
		{"all limbs of the dropped carry", bad.Fn().Checked(firstLimbs(4)), "limbs 0..3 differ"},
		{"unchecked dropped carry", bad.Fn(), "want"},
		{"refused correct output", good.Fn().Checked(refuse), "planted refusal (the reference gives"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tm.Compare([]Fn{good.Fn(), tc.fn}, add4Func(), rand.New(rand.NewSource(8)))
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrWrongOutput)
			require.ErrorContains(t, err, tc.want)
			var we *WrongOutputError
			require.ErrorAs(t, err, &we)
			require.Equal(t, 1, we.Index)
		})
	}
}
