package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
)

// TestSlowerVerdict: a winner slower than the baseline is never emitted silently; the
// final measurement is injected, so nothing is timed.
func TestSlowerVerdict(t *testing.T) {
	slower := optimizer.Result{Final: optimizer.Final{Ratio: 1.25, Slower: true}, Rounds: 3, BaselineName: "gcc"}
	faster := optimizer.Result{Final: optimizer.Final{Ratio: 0.8}, Rounds: 1, BaselineName: "gcc"}
	// The final measurement re-chose clang (baseline 1): the verdict names it.
	rechosen := optimizer.Result{Final: optimizer.Final{Ratio: 1.1, Slower: true, Baseline: 1,
		BaselineRel: []float64{1.9, 1}}, Rounds: 1, BaselineName: "clang-19"}
	for _, tc := range []struct {
		name, policy string
		res          optimizer.Result
		wantErr      bool
		wantWarn     string
	}{
		{"faster, warn", "warn", faster, false, ""},
		{"faster, fail", "fail", faster, false, ""},
		{"slower, warn", "warn", slower, false, "warning: the winner is slower than the baseline gcc: ratio 1.250"},
		{"slower, fail", "fail", slower, true, ""},
		{"slower than the re-chosen baseline", "warn", rechosen, false, "slower than the baseline clang-19: ratio 1.100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			err := slowerVerdict(tc.policy, tc.res, &w)
			if tc.wantErr {
				var ee *exitError
				require.True(t, errors.As(err, &ee))
				require.Equal(t, 1, ee.code, "a negative answer, not bad input")
				require.Contains(t, err.Error(), "after 3 search round(s); nothing written")
				require.Empty(t, w.String())
				return
			}
			require.NoError(t, err)
			if tc.wantWarn == "" {
				require.Empty(t, w.String())
			} else {
				require.Contains(t, w.String(), tc.wantWarn)
				require.Equal(t, 1, strings.Count(w.String(), "\n"))
			}
		})
	}
}

// TestHeaderRatio: the header quotes the final measurement's ratio (a median of
// per-comparison ratios, not cycles/baseline) and says when it is slower.
func TestHeaderRatio(t *testing.T) {
	base := asmHeader{Command: "optimize", Func: "f", Uarch: "znver5", Evals: 10, Cycles: 100, Baseline: "gcc", BaseCyc: 80}
	for _, tc := range []struct {
		name       string
		ratio      float64
		want       string
		wantSlower bool
	}{
		{"old genome file: cycles/baseline", 0, "ratio: 1.250", true},
		{"final measurement's ratio", 0.9, "ratio: 0.900", false},
		{"exactly even is not slower", 1, "ratio: 1.000", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := base
			h.Ratio = tc.ratio
			text := strings.Join(h.lines(), "\n")
			require.Contains(t, text, tc.want)
			require.Equal(t, tc.wantSlower, strings.Contains(text, "\nslower-than-baseline: yes"))
		})
	}
}
