package codegen_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// TestShrdChoices: a shrd decision's third choice puts (hi:lo) >> k into hi's register
// with shld where hi dies and lo lives on, saving shrd's copy of lo; elsewhere it falls
// back to shrd and the applied decision says so. Every form computes the function.
func TestShrdChoices(t *testing.T) {
	for _, fn := range []struct{ field, op string }{
		{"poly1305", "square"}, {"poly1305", "mul"}, {"curve25519", "mul"}, {"p448_solinas", "square"}, {"p521", "mul"},
	} {
		t.Run(fn.field+"_"+fn.op, func(t *testing.T) {
			p := cataloguePlan(t, fn.field, fn.op)
			var shrd []int
			for d := range p.Options() {
				if p.Classes()[d] == int(ir.OpShrd) {
					require.Equal(t, 3, p.Options()[d])
					shrd = append(shrd, d)
				}
			}
			require.NotEmpty(t, shrd)
			rng := rand.New(rand.NewSource(5))
			order := p.GreedyOrder()
			count := map[int]map[x86.Opcode]int{}
			for _, choice := range []int{0, 2} {
				dec := make([]int, len(p.Options()))
				for _, d := range shrd {
					dec[d] = choice
				}
				prog, used, err := p.Generate(order, dec, codegen.Options{})
				require.NoError(t, err)
				require.NoError(t, checkOnEmu(t, p.Func(), prog, testInputs(p.Func(), rng, 8, false), false))
				count[choice] = map[x86.Opcode]int{}
				for _, in := range prog.Insts {
					count[choice][in.Op]++
				}
				applied := 0
				for _, d := range shrd {
					require.Contains(t, []int{0, 1, choice}, used[d])
					if used[d] == 2 {
						applied++
					}
				}
				require.Equal(t, applied, count[choice][x86.SHLD], "each applied choice 2 is one shld")
			}
			require.Zero(t, count[0][x86.SHLD])
			require.Positive(t, count[2][x86.SHLD], "the greedy order has a shrd whose high word dies first")
			require.Equal(t, count[0][x86.SHRD]+count[0][x86.SHRX], count[2][x86.SHRD]+count[2][x86.SHLD]+count[2][x86.SHRX])
			require.LessOrEqual(t, count[2][x86.MOV], count[0][x86.MOV]-count[2][x86.SHLD], "each shld saves shrd's copy")
		})
	}
}
