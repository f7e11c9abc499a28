package objcheck

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// BenchmarkTextVsObject proves p434 mul and p521 mul from their text (checker.Check) and
// from the object gcc made of the same text (read, decode, round trip, CheckProgram),
// side by side: go test ./objcheck -run - -bench TextVsObject -benchtime 10x
func BenchmarkTextVsObject(b *testing.B) {
	for _, name := range []string{"p434", "p521"} {
		F, err := fields.Lookup(name)
		require.NoError(b, err)
		fn, err := F.Func("mul")
		require.NoError(b, err)
		plan, err := codegen.NewPlan(fn)
		require.NoError(b, err)
		g := search.Random(search.Problem{Deps: plan.Deps(), Options: plan.Options()}, rand.New(rand.NewSource(1)))
		prog, _, err := plan.Generate(g.Order, g.Decisions, codegen.Options{Symbol: "f"})
		require.NoError(b, err)
		text := x86.PrintGNU(prog)
		dir := b.TempDir()
		src := filepath.Join(dir, name+".S")
		require.NoError(b, os.WriteFile(src, text, 0o644))
		obj, err := Assemble(context.Background(), src, "gcc", dir)
		require.NoError(b, err)
		opts := checker.Options{Seed: 1}
		b.Run(name+"_mul/text", func(b *testing.B) {
			for b.Loop() {
				rep, err := checker.Check(fn, text, opts)
				require.NoError(b, err)
				require.True(b, rep.Proved)
			}
		})
		b.Run(name+"_mul/object", func(b *testing.B) {
			for b.Loop() {
				ld, err := LoadObject(obj, "f", "")
				require.NoError(b, err)
				rep, err := checker.CheckProgram(fn, ld.Program, opts)
				require.NoError(b, err)
				require.True(b, rep.Proved)
			}
		})
	}
}
