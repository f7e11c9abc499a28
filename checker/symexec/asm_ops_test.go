package symexec

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/stretchr/testify/require"
)

// signedOverflow against big-integer arithmetic on random and edge operands.
func TestSignedOverflow(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	edges := []uint64{0, 1, 0x7f, 0x80, 0xff, 1<<63 - 1, 1 << 63, ^uint64(0), ^uint64(0) - 1}
	pick := func() uint64 {
		if rng.IntN(2) == 0 {
			return edges[rng.IntN(len(edges))]
		}
		return rng.Uint64()
	}
	for range 5000 {
		a, b, c := pick(), pick(), uint64(rng.IntN(2))
		for _, w := range []int{8, 32, 64} {
			for _, sub := range []bool{false, true} {
				sa, sb := signed(a, w), signed(b, w)
				r := new(big.Int)
				if sub {
					r.Sub(sa, sb).Sub(r, big.NewInt(int64(c)))
				} else {
					r.Add(sa, sb).Add(r, big.NewInt(int64(c)))
				}
				lim := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
				want := r.Cmp(lim) >= 0 || r.Cmp(new(big.Int).Neg(lim)) < 0
				require.Equal(t, want, signedOverflow(a, b, c, w, sub), "a=%#x b=%#x c=%d w=%d sub=%v", a, b, c, w, sub)
			}
		}
	}
}

func signed(v uint64, w int) *big.Int { return big.NewInt(int64(v<<(64-w)) >> (64 - w)) }

// inRange (OF proved 0) against every concrete case of a byte add/sub of a bit, a constant
// and a carry bit.
func TestInRangeExhaustive(t *testing.T) {
	g := egraph.New()
	x := &asmExec{g: g}
	bit, cin := g.Sym("a", egraph.W(1)), g.Sym("c", egraph.W(1))
	for b := range uint64(256) {
		for _, sub := range []bool{false, true} {
			for _, swap := range []bool{false, true} {
				args := []egraph.Id{bit, g.Word(b), cin}
				if swap {
					args[0], args[1] = args[1], args[0]
				}
				if !x.inRange(sub, 8, args) {
					continue
				}
				for a := range uint64(2) {
					for c := range uint64(2) {
						u, v := a, b
						if swap {
							u, v = b, a
						}
						require.False(t, signedOverflow(u, v, c, 8, sub), "b=%#x sub=%v swap=%v a=%d c=%d", b, sub, swap, a, c)
					}
				}
			}
		}
	}
	require.True(t, x.inRange(false, 8, []egraph.Id{bit, g.Word(0xff), g.Word(0)}), "add r8b, 0xff clears OF")
	require.False(t, x.inRange(false, 8, []egraph.Id{bit, g.Word(0x7f), g.Word(0)}), "add r8b, 0x7f can overflow")
}
