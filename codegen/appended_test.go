package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestAppendedCast: the final carry's cast (u1)(x >> k) of the unsaturated functions has
// an appended decision. A genome that omits it (kept before it existed) makes the program
// it always made, with the mask; choice 1 drops exactly that `and r, 1` and still
// computes the function; codegen's default decisions take it.
func TestAppendedCast(t *testing.T) {
	for _, fn := range []struct {
		field, op string
		casts     int
	}{
		{"poly1305", "square", 1}, {"poly1305", "mul", 1}, {"curve25519", "mul", 1}, {"p521", "square", 1},
		{"p448_solinas", "mul", 2}, {"p256", "mul", 0},
	} {
		t.Run(fn.field+"_"+fn.op, func(t *testing.T) {
			p := cataloguePlan(t, fn.field, fn.op)
			n, k := len(p.Options()), p.Appended()
			require.Equal(t, fn.casts, k)
			for d := n - k; d < n; d++ {
				require.Equal(t, 2, p.Options()[d])
				require.Contains(t, p.DescribeDecision(d), "(u1)")
			}
			rng := rand.New(rand.NewSource(3))
			order := p.GreedyOrder()
			zeros := make([]int, n)
			short, _, err := p.Generate(order, zeros[:n-k], codegen.Options{})
			require.NoError(t, err)
			full, used, err := p.Generate(order, zeros, codegen.Options{})
			require.NoError(t, err)
			require.Equal(t, full.Insts, short.Insts, "omitted appended decisions read as 0")
			require.Len(t, used, n)
			def := p.DefaultDecisions()
			require.Equal(t, k, sum(def), "the default takes every appended choice 1, nothing else")
			dropped, _, err := p.Generate(order, def, codegen.Options{})
			require.NoError(t, err)
			require.Equal(t, len(full.Insts)-k, len(dropped.Insts))
			require.Equal(t, andOne(full)-k, andOne(dropped), "each choice 1 drops one and r, 1")
			require.NoError(t, checkOnEmu(t, p.Func(), dropped, testInputs(p.Func(), rng, 16, false), false))
			if k > 0 {
				_, _, err = p.Generate(order, zeros[:n-k-1], codegen.Options{})
				require.ErrorContains(t, err, "which a genome may omit")
			}
		})
	}
}

func sum(s []int) int {
	t := 0
	for _, x := range s {
		t += x
	}
	return t
}

// andOne counts the and r, 1 of a program.
func andOne(p *x86.Program) int {
	n := 0
	for _, in := range p.Insts {
		if in.Op == x86.AND && len(in.Args) == 2 && in.Args[1].Kind == x86.KindImm && in.Args[1].Imm == 1 {
			n++
		}
	}
	return n
}
