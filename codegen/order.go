package codegen

import (
	"cmp"
	"math"
	"math/rand"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// greedySteps is how many single-operation moves GreedyOrder tries (each one Generate).
const greedySteps = 1000

// GreedyOrder is a good starting order for the search (with every decision 0): the
// cheaper, by static cost, of the function's own order and a register-pressure list
// schedule, then improved by moving single operations while the static cost does not
// grow. Static cost is instructions plus memory accesses (spills, reloads, loads, pushes
// and pops), which ranks orders like measured time does in most cases, without running
// anything. It is deterministic and takes about greedySteps × one Generate.
func (p *Plan) GreedyOrder() []int {
	n := len(p.deps)
	ident := make([]int, n)
	for i := range ident {
		ident[i] = i
	}
	zeros := make([]int, len(p.options))
	best, bestCost := ident, p.staticCost(ident, zeros)
	ls := p.listSchedule()
	if c := p.staticCost(ls, zeros); c < bestCost {
		best, bestCost = ls, c
	}
	users := p.users()
	rng := rand.New(rand.NewSource(1))
	cand, pos := make([]int, n), make([]int, n)
	for range greedySteps {
		copy(cand, best)
		moveOne(cand, pos, p.deps, users, rng)
		if c := p.staticCost(cand, zeros); c <= bestCost {
			best, bestCost, cand = cand, c, best
		}
	}
	return best
}

// staticCost is the instruction count plus the memory operands of the generated code,
// push and pop counting three. The program is only counted: the verify pass is skipped.
func (p *Plan) staticCost(order, decisions []int) int {
	prog, _, err := p.Generate(order, decisions, Options{DeferVerify: true})
	if err != nil {
		return math.MaxInt
	}
	c := len(prog.Insts)
	for _, in := range prog.Insts {
		if in.Op == x86.PUSH || in.Op == x86.POP {
			c += 2 // a stack access each, and on the path of every call
		}
		for _, a := range in.Args {
			if a.Kind == x86.KindMem {
				c++
			}
		}
	}
	return c
}

// users lists, per operation, the operations that read its results.
func (p *Plan) users() [][]int {
	users := make([][]int, len(p.deps))
	for op, deps := range p.deps {
		for _, d := range deps {
			users[d] = append(users[d], op)
		}
	}
	return users
}

// moveOne moves one random operation to a random place between its last dependency and
// its first user (the order stays topological).
func moveOne(order, pos []int, deps, users [][]int, rng *rand.Rand) {
	if len(order) == 0 {
		return // nothing to move (a function of moves only, e.g. from_bytes on saturated limbs)
	}
	for i, op := range order {
		pos[op] = i
	}
	i := rng.Intn(len(order))
	op := order[i]
	lo, hi := 0, len(order)-1
	for _, d := range deps[op] {
		lo = max(lo, pos[d]+1)
	}
	for _, u := range users[op] {
		hi = min(hi, pos[u]-1)
	}
	j := lo + rng.Intn(hi-lo+1)
	if j < i {
		copy(order[j+1:i+1], order[j:i])
	} else {
		copy(order[i:j], order[i+1:j+1])
	}
	order[j] = op
}

// listSchedule is a list schedule that keeps live ranges short: it takes the ready
// operation greedyScore ranks first.
func (p *Plan) listSchedule() []int {
	f := p.f
	remaining := make([]int32, len(f.Values)) // unscheduled readers of each value
	for j := range f.Body {
		for _, a := range distinctVals(&f.Body[j]) {
			remaining[a]++
		}
	}
	for _, a := range p.stores {
		if !a.IsConst {
			remaining[a.Val]++ // stored right after it is computed: not a long-lived value
		}
	}
	users, waiting, ready := p.users(), make([]int, len(f.Body)), []int(nil)
	for j, deps := range p.deps {
		if waiting[j] = len(deps); waiting[j] == 0 {
			ready = append(ready, j)
		}
	}
	defAt := make([]int, len(f.Values)) // 1 + position of each value's definition, 0 parameters
	order := make([]int, 0, len(f.Body))
	carry := ir.Value(-1) // the carry a flag holds, while it still has readers
	for len(ready) > 0 {
		bk, bs := 0, p.greedyScore(ready[0], remaining, defAt, carry)
		for k, j := range ready[1:] {
			if s := p.greedyScore(j, remaining, defAt, carry); s.better(bs) {
				bk, bs = k+1, s
			}
		}
		best, in := ready[bk], &f.Body[ready[bk]]
		ready[bk] = ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		for _, a := range distinctVals(in) {
			remaining[a]--
		}
		for _, r := range in.Results {
			defAt[r] = 1 + len(order)
		}
		switch {
		case in.Op == ir.OpAddCarryx || in.Op == ir.OpSubBorrowx:
			carry = in.Results[1]
		case carry >= 0 && remaining[carry] == 0:
			carry = -1
		}
		order = append(order, best)
		for _, u := range users[best] {
			if waiting[u]--; waiting[u] == 0 {
				ready = append(ready, u)
			}
		}
	}
	return order
}

// greedyScore ranks a ready operation for the list schedule: first one that continues the
// carry held in a flag (or else one that leaves it alone), then the one that frees the most
// registers (operands it reads for the last time minus results still needed), then the
// one whose operands were computed most recently (so a product is accumulated right away),
// then the earliest in the function.
type greedyScore struct {
	flags  int // 2: continues the carry in a flag, 1: leaves it alone, 0: would overwrite it
	freed  int // operands read for the last time minus results that are read later
	recent int // 1 + latest definition position among the operands (0: parameters only)
	index  int // position in the function
}

func (s greedyScore) better(t greedyScore) bool {
	return cmp.Or(cmp.Compare(s.flags, t.flags), cmp.Compare(s.freed, t.freed),
		cmp.Compare(s.recent, t.recent), cmp.Compare(t.index, s.index)) > 0
}

func (p *Plan) greedyScore(j int, remaining []int32, defAt []int, carry ir.Value) greedyScore {
	in, s := &p.f.Body[j], greedyScore{flags: 1, index: j}
	switch {
	case carry < 0 || remaining[carry] == 0:
	case slices.Contains(distinctVals(in), carry):
		s.flags = 2
	case writesFlags(in):
		s.flags = 0
	}
	for _, a := range distinctVals(in) {
		if p.param[a].ptr >= 0 {
			continue // parameter limbs live in memory
		}
		if remaining[a] == 1 {
			s.freed++
		}
		s.recent = max(s.recent, defAt[a])
	}
	for _, r := range in.Results {
		if remaining[r] > 0 {
			s.freed--
		}
	}
	return s
}

// distinctVals lists the values (not constants) an instruction reads, each once.
func distinctVals(in *ir.Instr) []ir.Value {
	var out []ir.Value
	for _, a := range in.Args {
		if !a.IsConst && !slices.Contains(out, a.Val) {
			out = append(out, a.Val)
		}
	}
	return out
}

// writesFlags reports whether an operation overwrites the flags whatever the genome
// decides (shifts and additions have flag-free forms, chosen when a carry is live).
func writesFlags(in *ir.Instr) bool {
	switch in.Op {
	case ir.OpAddCarryx, ir.OpSubBorrowx, ir.OpAnd, ir.OpOr, ir.OpLNot, ir.OpCmovznz:
		return true
	case ir.OpMul:
		k, ok := constArg(in)
		return !ok || leaRecipe(k).n == 0
	}
	return false
}
