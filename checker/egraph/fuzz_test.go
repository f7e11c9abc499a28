package egraph

import (
	"math/rand/v2"
	"testing"
)

// FuzzParse feeds arbitrary text to the s-expression parser; whatever builds must
// normalise to a node that evaluates like the text itself (rule soundness).
func FuzzParse(f *testing.F) {
	for _, tc := range append(append([]rewriteCase(nil), rewriteTable...), doubleRewrites...) {
		f.Add(tc.lhs, uint64(1))
		f.Add(tc.rhs, uint64(2))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		g := New()
		id, err := Build(g, e, testBounds)
		if err != nil {
			return
		}
		_ = g.Format(id, 50)
		r := rand.New(rand.NewPCG(seed, 7))
		for range 4 {
			env := randomEnv(r)
			want, err := EvalExpr(e, env)
			if err != nil {
				return
			}
			got, err := g.Eval(id, env)
			if err != nil {
				return
			}
			if want.Cmp(got) != 0 {
				t.Fatalf("%s: text gives %v, normalised %s gives %v", s, want, g.Format(id, 20), got)
			}
		}
	})
}
