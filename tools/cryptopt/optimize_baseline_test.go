package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
)

// TestBaselineSetConfigure: the search gets the pre-search pick, and every other build
// stays in the run for the final measurement, in --baseline order (nothing is compiled
// or timed: the builds are placeholders).
func TestBaselineSetConfigure(t *testing.T) {
	a, b, c := &measure.Native{}, &measure.Native{}, &measure.Native{}
	for _, tc := range []struct {
		name       string
		set        baselineSet
		wantBase   *measure.Native
		wantName   string
		wantOthers []optimizer.NamedBaseline
	}{
		{"none", baselineSet{}, nil, "", nil},
		{"one", baselineSet{natives: []*measure.Native{a}, names: []string{"gcc"}}, a, "gcc", nil},
		{"first of two picked", baselineSet{natives: []*measure.Native{a, b}, names: []string{"gcc", "clang"}},
			a, "gcc", []optimizer.NamedBaseline{{Native: b, Name: "clang"}}},
		{"second of three picked", baselineSet{natives: []*measure.Native{a, b, c}, names: []string{"gcc", "clang-19", "clang"}, pick: 1},
			b, "clang-19", []optimizer.NamedBaseline{{Native: a, Name: "gcc"}, {Native: c, Name: "clang"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cfg optimizer.Config
			tc.set.configure(&cfg)
			require.Same(t, tc.wantBase, cfg.Baseline)
			require.Equal(t, tc.wantName, cfg.BaselineName)
			require.Equal(t, tc.wantName, tc.set.name())
			require.Len(t, cfg.OtherBaselines, len(tc.wantOthers))
			for i, o := range tc.wantOthers {
				require.Same(t, o.Native, cfg.OtherBaselines[i].Native)
				require.Equal(t, o.Name, cfg.OtherBaselines[i].Name)
			}
		})
	}
}
