package gopkg

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
)

// TestVetAllFields: the package of every catalogue field with all its ops (greedy
// genomes) is proved, and `go vet` (asmdecl: frame and argument sizes and names against
// the Go declarations, framepointer, ...) is clean on all of them and builds them with
// and without the purego tag. A vet finding fails the test with vet's output.
func TestVetAllFields(t *testing.T) {
	if os.Getenv("GOCACHE") == "" && os.Getenv("HOME") == "" && os.Getenv("XDG_CACHE_HOME") == "" {
		t.Skip("no Go build cache (GOCACHE and HOME unset, as in Bazel's test sandbox): go test ./... runs this")
	}
	if testing.Short() {
		t.Skip("-short: proves and vets all 13 fields' packages (about a minute)")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/all\n\ngo 1.26\n"), 0o644))
	all := fields.All()
	require.Len(t, all, 13)
	for _, F := range all {
		c := config(t, F.Name, Ops(F)...) // curve25519_solinas: with the ladder step
		files, _, err := Generate(context.Background(), c)
		require.NoError(t, err, F.Name)
		pkg := filepath.Join(dir, F.Name)
		require.NoError(t, os.Mkdir(pkg, 0o755))
		for name, data := range files {
			require.NoError(t, os.WriteFile(filepath.Join(pkg, name), data, 0o644))
		}
	}
	goCmd := goCmd(t)
	for _, args := range [][]string{{"vet", "./..."}, {"vet", "-tags", "purego", "./..."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %v: %s", args, out)
		require.Empty(t, string(out), "go %v", args)
	}
	// And vet does look: an argument loaded from the wrong slot is reported.
	s := filepath.Join(dir, "p256", "p256_amd64.s")
	text, err := os.ReadFile(s)
	require.NoError(t, err)
	bad := strings.Replace(string(text), "arg1+8(FP)", "arg1+16(FP)", 1)
	require.NotEqual(t, string(text), bad)
	require.NoError(t, os.WriteFile(s, []byte(bad), 0o644))
	cmd := exec.Command(goCmd, "vet", "./p256")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "invalid offset arg1+16(FP)")
}
