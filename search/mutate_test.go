package search

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMutationsKeepDependencies is the property test: over random problems and genomes,
// every mutation yields a valid genome that differs from its parent by one move, one
// decision or one class of decisions, and decide and class only touch used decisions.
func TestMutationsKeepDependencies(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := range 200 {
		p := randomProblem(rng, 1+rng.Intn(80), rng.Intn(12))
		if trial%2 == 1 { // decisions in up to three classes, -1 included
			p.Classes = make([]int, len(p.Options))
			for d := range p.Classes {
				p.Classes[d] = rng.Intn(4) - 1
			}
		}
		m := newMutator(p)
		s := newState(Random(p, rng))
		require.NoError(t, s.g.Validate(p), "trial %d: Random", trial)
		used := rng.Perm(len(p.Options))[:rng.Intn(len(p.Options)+1)]
		s.setUsed(used, p.Options)
		parent := newState(s.g)
		for step := range 100 {
			parent.copyFrom(s)
			kind := m.mutate(s, rng)
			require.NoError(t, s.g.Validate(p), "trial %d step %d (%v)", trial, step, kind)
			for op, k := range s.pos {
				require.Equal(t, op, s.g.Order[k], "pos is the inverse of order")
			}
			switch kind {
			case Permute:
				require.Equal(t, parent.g.Decisions, s.g.Decisions)
				requireOneMove(t, parent.g.Order, s.g.Order)
			case Decide:
				require.Equal(t, parent.g.Order, s.g.Order)
				changed := diffIndices(parent.g.Decisions, s.g.Decisions)
				require.Len(t, changed, 1)
				require.Contains(t, used, changed[0], "decide changed an unused decision")
			case Chain:
				require.Equal(t, parent.g.Decisions, s.g.Decisions)
				require.NotEqual(t, parent.g.Order, s.g.Order, "chain reports only a move")
			case Class:
				require.Equal(t, parent.g.Order, s.g.Order)
				changed := diffIndices(parent.g.Decisions, s.g.Decisions)
				require.NotEmpty(t, changed, "class reports only a change")
				for _, d := range changed {
					require.Contains(t, used, d, "class changed an unused decision")
					require.Equal(t, p.Classes[changed[0]], p.Classes[d], "class changed two classes")
					require.GreaterOrEqual(t, p.Classes[d], 0, "class changed a decision of class -1")
				}
			default:
				t.Fatalf("unexpected mutation %v", kind)
			}
		}
	}
}

// requireOneMove checks that b is a with at most one element moved.
func requireOneMove(t *testing.T, a, b []int) {
	t.Helper()
	d := diffIndices(a, b)
	if len(d) == 0 {
		return // nothing could move
	}
	lo, hi := d[0], d[len(d)-1]
	moved := slices.Clone(a)
	if a[lo] == b[hi] { // moved right
		moved = slices.Insert(slices.Delete(moved, lo, lo+1), hi, a[lo])
	} else {
		moved = slices.Insert(slices.Delete(moved, hi, hi+1), lo, a[hi])
	}
	require.Equal(t, b, moved, "more than one operation moved")
}

func diffIndices(a, b []int) []int {
	var d []int
	for i := range a {
		if a[i] != b[i] {
			d = append(d, i)
		}
	}
	return d
}

func TestMutateCoin(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	// Independent operations (every order valid) and three decisions.
	p := Problem{Deps: make([][]int, 10), Options: []int{2, 3, 1}}
	m := newMutator(p)
	tests := []struct {
		name       string
		used       []int
		minDecide  int
		maxDecide  int
		wantDecide []int // the only decisions decide may touch
	}{
		{"fair coin", []int{0, 1, 2}, 4000, 6000, []int{0, 1}},
		{"no used decision falls back to permute", nil, 0, 0, nil},
		{"single-option decisions fall back to permute", []int{2}, 0, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(Random(p, rng))
			s.setUsed(tc.used, p.Options)
			decides := 0
			for range 10000 {
				before := slices.Clone(s.g.Decisions)
				if m.mutate(s, rng) == Decide {
					decides++
					require.Subset(t, tc.wantDecide, diffIndices(before, s.g.Decisions))
				}
			}
			require.GreaterOrEqual(t, decides, tc.minDecide)
			require.LessOrEqual(t, decides, tc.maxDecide)
		})
	}
}

// TestPermuteFavoursWindowEnds checks the arcsine bias: the two ends of a wide window are
// each drawn several times as often as a middle slot.
func TestPermuteFavoursWindowEnds(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	const lo, hi, k = 0, 20, 10
	var count [hi + 1]int
	for range 100000 {
		j := pickBiased(lo, hi, k, rng)
		require.NotEqual(t, k, j)
		require.True(t, j >= lo && j <= hi)
		count[j]++
	}
	middle := max(count[k-1], count[k+1])
	require.Greater(t, count[lo], 3*middle, "counts %v", count)
	require.Greater(t, count[hi], 3*middle, "counts %v", count)
}

func TestPermuteChainCannotMove(t *testing.T) {
	// 0 ← 1 ← 2: a single valid order; permute must leave it alone.
	p := Problem{Deps: [][]int{nil, {0}, {1}}}
	s := newState(Genome{Order: []int{0, 1, 2}, Decisions: []int{}})
	newMutator(p).permute(s, rand.New(rand.NewSource(4)))
	require.Equal(t, []int{0, 1, 2}, s.g.Order)
}

// TestChainMovesTheBlock: on two independent chains a = 0→1→2 and b = 3→4→5, placed a
// then b, hoisting b from 5 or sinking a from 0 puts all of b ahead of a in one mutation
// (a single permute moves one operation); every result is a valid order.
func TestChainMovesTheBlock(t *testing.T) {
	p := Problem{Deps: [][]int{nil, {0}, {1}, nil, {3}, {4}}}
	m := newMutator(p)
	swapped := 0
	for seed := range int64(300) {
		s := newState(Genome{Order: []int{0, 1, 2, 3, 4, 5}, Decisions: []int{}})
		moved := m.chain(s, rand.New(rand.NewSource(seed)))
		require.NoError(t, s.g.Validate(p))
		require.Equal(t, moved, !slices.Equal(s.g.Order, []int{0, 1, 2, 3, 4, 5}))
		if slices.Equal(s.g.Order, []int{3, 4, 5, 0, 1, 2}) {
			swapped++
		}
	}
	require.Greater(t, swapped, 10, "whole chains move")
}
