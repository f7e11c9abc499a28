package testenv

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// fakeTB records what Missing does instead of stopping the real test.
type fakeTB struct {
	testing.TB
	skipped, failed bool
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Skip(...any)           { f.skipped = true }
func (f *fakeTB) Fatalf(string, ...any) { f.failed = true }

func TestMissing(t *testing.T) {
	for _, tc := range []struct {
		env          string
		skip, failed bool
	}{{"", true, false}, {"0", true, false}, {"1", false, true}} {
		t.Setenv(RequireAllEnv, tc.env)
		f := &fakeTB{}
		Missing(f, "nasm not on PATH")
		require.Equal(t, tc.skip, f.skipped, tc.env)
		require.Equal(t, tc.failed, f.failed, tc.env)
		f = &fakeTB{}
		require.Empty(t, Tool(f, "no-such-tool-xyz"))
		require.Equal(t, tc.failed, f.failed, tc.env)
	}
	t.Setenv(RequireAllEnv, "1")
	require.NotEmpty(t, Tool(t, "no-such-tool-xyz", "sh"))
}
