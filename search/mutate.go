package search

import (
	"math"
	"math/rand"
)

// Mutation names the change that made a candidate.
type Mutation uint8

const (
	// Initial is the first evaluation of a run: a random genome compared with itself.
	Initial Mutation = iota
	// Permute moved one operation inside the window its dependencies allow.
	Permute
	// Decide changed one decision the last code generation used.
	Decide
	// Chain moved a dependency chain as a block, as early or as late as it can go.
	Chain
	// Anchor compared the run's latest record with the current genome (Options.Anchor);
	// accepted: the walk went back to the record.
	Anchor
	// Class set every used decision of one class (Problem.Classes) to one value.
	Class
	// Race compared a bet's current genome with the best-scored bet's, to choose which
	// continues (RaceBets); accepted, on a challenger's last comparison: it continues.
	Race
	// Confirm compared a candidate that won its first comparison with the current genome
	// again (Options.Confirm); accepted: it became the current genome.
	Confirm
)

// maxChain is the most operations a chain mutation moves.
const maxChain = 8

func (m Mutation) String() string {
	switch m {
	case Initial:
		return "init"
	case Permute:
		return "permute"
	case Decide:
		return "decide"
	case Chain:
		return "chain"
	case Anchor:
		return "anchor"
	case Class:
		return "class"
	case Race:
		return "race"
	case Confirm:
		return "confirm"
	}
	return "unknown"
}

// mutator holds what mutations need of a problem, precomputed once, so that mutating a
// genome allocates nothing.
type mutator struct {
	deps    [][]int
	users   [][]int // users[i] lists the operations reading i (the dependants)
	options []int
	classes []int // Problem.Classes, nil when the problem has none
	links   []int // scratch of chain, so that it allocates nothing
}

func newMutator(p Problem) *mutator {
	users := make([][]int, len(p.Deps))
	for op, deps := range p.Deps {
		for _, d := range deps {
			users[d] = append(users[d], op)
		}
	}
	classes := p.Classes
	if len(classes) != len(p.Options) {
		classes = nil
	}
	return &mutator{deps: p.Deps, users: users, options: p.Options, classes: classes, links: make([]int, 0, maxChain)}
}

// state is a genome plus the inverse of its order and the decisions its last code
// generation used that have an alternative.
type state struct {
	g      Genome
	pos    []int // pos[op] is the index of op in g.Order
	usable []int // decisions used by the last code generation with ≥ 2 options
}

func newState(g Genome) *state {
	s := &state{g: g.Clone(), pos: make([]int, len(g.Order))}
	for k, op := range s.g.Order {
		s.pos[op] = k
	}
	return s
}

// copyFrom makes s equal to o, reusing s's memory.
func (s *state) copyFrom(o *state) {
	s.g.Order = append(s.g.Order[:0], o.g.Order...)
	s.g.Decisions = append(s.g.Decisions[:0], o.g.Decisions...)
	s.pos = append(s.pos[:0], o.pos...)
	s.usable = append(s.usable[:0], o.usable...)
}

// setUsed records the decisions a code generation used, keeping those that can change.
func (s *state) setUsed(used []int, options []int) {
	s.usable = s.usable[:0]
	for _, d := range used {
		if d >= 0 && d < len(options) && options[d] > 1 {
			s.usable = append(s.usable, d)
		}
	}
}

// mutate applies one mutation to s: half the time decide (when a used decision has an
// alternative; with Problem.Classes, a quarter of those set a whole class), an eighth of
// the time chain, else permute (also when chain cannot move).
func (m *mutator) mutate(s *state, rng *rand.Rand) Mutation {
	switch k := rng.Intn(8); {
	case k == 3 && m.classes != nil && len(s.usable) > 0 && m.class(s, rng):
		return Class
	case k < 4 && len(s.usable) > 0:
		m.decide(s, rng)
		return Decide
	case k == 4 && m.chain(s, rng):
		return Chain
	}
	m.permute(s, rng)
	return Permute
}

// chain moves a dependency chain as a block: from a random operation, with a fair coin,
// it hoists the operation and up to maxChain-1 of its ancestors (each the dependency
// placed last, the one that ends the previous window) as early as they can go, deepest
// first, or sinks it with its first dependants as late as they can go. One permute moves
// one operation, so a computation (a column's products, a carry chain) reaches a slot
// ahead of another only through many accepted steps; chain does it in one. It reports
// whether anything moved.
func (m *mutator) chain(s *state, rng *rand.Rand) bool {
	n := len(s.g.Order)
	if n < 2 {
		return false
	}
	op, early, length := rng.Intn(n), rng.Intn(2) == 0, 2+rng.Intn(maxChain-1)
	m.links = m.links[:0]
	for op >= 0 && len(m.links) < length {
		m.links = append(m.links, op)
		next, adj := -1, m.users[op]
		if early {
			adj = m.deps[op]
		}
		for _, a := range adj {
			if next < 0 || early && s.pos[a] > s.pos[next] || !early && s.pos[a] < s.pos[next] {
				next = a
			}
		}
		op = next
	}
	moved := false
	for i := len(m.links) - 1; i >= 0; i-- {
		k := s.pos[m.links[i]]
		j, hi := m.window(s, m.links[i])
		if !early {
			j = hi
		}
		if j != k {
			s.move(k, j)
			moved = true
		}
	}
	return moved
}

// decide gives one usable decision a different value, uniformly among the others.
func (m *mutator) decide(s *state, rng *rand.Rand) {
	d := s.usable[rng.Intn(len(s.usable))]
	v := rng.Intn(m.options[d] - 1)
	if v >= s.g.Decisions[d] {
		v++
	}
	s.g.Decisions[d] = v
}

// class sets every usable decision of a random usable decision's class to one value,
// drawn among those that change at least one of them. A single decision (one shrd split,
// one shift made flag-free) often changes the time by less than the noise of a
// comparison, so the walk cannot see it; the whole class at once it can (docs/why-slow.md:
// every shrd of secp256k1_dettman mul split, +5 %). It reports whether anything changed.
func (m *mutator) class(s *state, rng *rand.Rand) bool {
	d := s.usable[rng.Intn(len(s.usable))]
	c, n := m.classes[d], m.options[d]
	if c < 0 {
		return false
	}
	start := rng.Intn(n)
	for t := range n {
		v := (start + t) % n
		if m.setClass(s, c, v, false) {
			return m.setClass(s, c, v, true)
		}
	}
	return false
}

// setClass reports whether setting class c's usable decisions to v changes one; with
// apply it also sets them.
func (m *mutator) setClass(s *state, c, v int, apply bool) bool {
	changed := false
	for _, d := range s.usable {
		if m.classes[d] == c && v < m.options[d] && s.g.Decisions[d] != v {
			changed = true
			if apply {
				s.g.Decisions[d] = v
			}
		}
	}
	return changed
}

// permute moves one operation to another position of its window: after the last of its
// dependencies, before the first of its dependants. Operations whose window is a single
// slot are skipped; when no operation can move, s is unchanged.
func (m *mutator) permute(s *state, rng *rand.Rand) {
	n := len(s.g.Order)
	if n < 2 {
		return
	}
	start := rng.Intn(n)
	for t := range n {
		k := (start + t) % n
		lo, hi := m.window(s, s.g.Order[k])
		if hi > lo {
			s.move(k, pickBiased(lo, hi, k, rng))
			return
		}
	}
}

// window returns the positions op may occupy in s without breaking a dependency.
func (m *mutator) window(s *state, op int) (lo, hi int) {
	lo, hi = 0, len(s.g.Order)-1
	for _, d := range m.deps[op] {
		lo = max(lo, s.pos[d]+1)
	}
	for _, u := range m.users[op] {
		hi = min(hi, s.pos[u]-1)
	}
	return lo, hi
}

// pickBiased draws a position in [lo, hi] other than k, from an arcsine (U-shaped)
// distribution: moves to the ends of the window are the likeliest, since they change the
// schedule most (an operation as early or as late as its dependencies allow).
func pickBiased(lo, hi, k int, rng *rand.Rand) int {
	m := hi - lo // number of positions other than k
	x := math.Sin(math.Pi / 2 * rng.Float64())
	j := lo + min(int(x*x*float64(m)), m-1)
	if j >= k {
		j++
	}
	return j
}

// move takes the operation at index k of the order to index j, shifting those between.
func (s *state) move(k, j int) {
	o := s.g.Order
	op := o[k]
	if j < k {
		copy(o[j+1:k+1], o[j:k])
	} else {
		copy(o[k:j], o[k+1:j+1])
	}
	o[j] = op
	for i := min(j, k); i <= max(j, k); i++ {
		s.pos[o[i]] = i
	}
}
