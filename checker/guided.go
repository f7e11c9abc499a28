package checker

import (
	"math/big"
	"math/rand"
	"strconv"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
)

// FlagRestarts bounds the flag-guided search: restarts from a carry-biased input, each a
// few binary searches of one limb.
const FlagRestarts = 300

// flagSearch looks for an input that sets an uninterpreted overflow flag the failed proof
// depends on (of_addW(a, b, cin) that the IR does not have). A stale or wrong OF usually
// changes the result only when it is 1, which for "adc r, 0" needs r = 2^(w-1)-1 and a
// carry in: about 2 inputs in 100,000, beyond uniform and carry-biased sampling. So the
// search steers the flag's operands instead: a + b is a non-decreasing function of each
// input limb (products and sums of limbs), so a binary search on one limb brings a + b to
// the signed boundary 2^(w-1)-1 or 2^(w-1) (mod 2^w); every candidate is then run on both
// sides, so whatever it finds is a real counterexample.
func (c *comparison) flagSearch(rep *Report, opts Options, rng *rand.Rand) bool {
	flags := c.overflowFlags()
	if len(flags) == 0 {
		return false
	}
	for range FlagRestarts {
		in := edgyInputs(c.fn, rng)
		f := c.g.Node(flags[rng.Intn(len(flags))])
		w, err := strconv.Atoi(strings.TrimPrefix(f.Name, "of_add"))
		if err != nil || w <= 0 || w > 64 || len(f.Args) != 3 {
			continue
		}
		sum := c.g.Plus(f.Args[0], f.Args[1])
		limbs := c.support(sum)
		if len(limbs) == 0 {
			continue
		}
		l := limbs[rng.Intn(len(limbs))]
		target := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
		target.Sub(target, big.NewInt(int64(rng.Intn(2))))
		if !c.steer(in, l, sum, w, target) {
			continue
		}
		if c.trial(rep, in, opts, rng) {
			return true
		}
	}
	return false
}

// overflowFlags are the of_add flags the failing outputs read and the IR does not.
func (c *comparison) overflowFlags() []egraph.Id {
	var roots, got []egraph.Id
	for _, out := range c.ir.Outputs {
		roots = append(roots, out...)
	}
	irTerms := reach(c.g, roots...)
	for r, ret := range c.fn.Rets {
		for i := range ret.Limbs {
			if v, ok := c.asm.Load(c.arrs[r].Base, int64(8*i)); ok && !v.Ptr {
				got = append(got, v.Id)
			}
		}
	}
	var out []egraph.Id
	for id := range reach(c.g, got...) {
		n := c.g.Node(id)
		if n.Op == egraph.OpOpaque && strings.HasPrefix(n.Name, "of_add") && !irTerms[id] {
			out = append(out, id)
		}
	}
	return out
}

// limbRef names one input limb.
type limbRef struct{ p, j int }

// support lists the input limbs term depends on.
func (c *comparison) support(term egraph.Id) []limbRef {
	names := map[string]limbRef{}
	for p, prm := range c.fn.Params {
		for j := range prm.Limbs {
			names[symexec.LimbName(prm.Name, j)] = limbRef{p, j}
		}
	}
	var out []limbRef
	for id := range reach(c.g, term) {
		if n := c.g.Node(id); n.Op == egraph.OpSym {
			if l, ok := names[n.Name]; ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// steer binary-searches limb l of in for the smallest value at which term, read as an
// unbounded integer, reaches the next value congruent to target mod 2^w; it reports
// whether it got term mod 2^w equal to target.
func (c *comparison) steer(in [][]uint64, l limbRef, term egraph.Id, w int, target *big.Int) bool {
	lo, hi := bounds(&c.fn.Params[l.p], l.j)
	eval := func(x uint64) *big.Int {
		in[l.p][l.j] = x
		v, err := c.g.Eval(term, envOf(c, in))
		if err != nil {
			return nil
		}
		return v
	}
	base := eval(lo)
	if base == nil {
		return false
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	// goal: the least value >= term(lo) congruent to target.
	goal := new(big.Int).Sub(target, base)
	goal.Mod(goal, mod)
	goal.Add(goal, base)
	for lo < hi {
		mid := lo + (hi-lo)/2
		v := eval(mid)
		if v == nil {
			return false
		}
		if v.Cmp(goal) < 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	v := eval(lo)
	return v != nil && new(big.Int).Mod(v, mod).Cmp(target) == 0
}

// envOf maps the input symbols to in's limbs.
func envOf(c *comparison, in [][]uint64) map[string]*big.Int {
	env := map[string]*big.Int{}
	for p, prm := range c.fn.Params {
		for j := range prm.Limbs {
			env[symexec.LimbName(prm.Name, j)] = new(big.Int).SetUint64(in[p][j])
		}
	}
	return env
}
