package search

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFileRoundTrip(t *testing.T) {
	p := randomProblem(rand.New(rand.NewSource(12)), 30, 5)
	f := File{Func: "p256_mul", IRHash: "abc", Genome: Random(p, rand.New(rand.NewSource(1)))}
	data, err := f.Marshal()
	require.NoError(t, err)
	g, err := ParseFile(data)
	require.NoError(t, err)
	f.Format = FileFormat
	require.Equal(t, f, g)
	require.NoError(t, g.Validate(p))

	_, err = ParseFile([]byte(`{"format":"other/1"}`))
	require.ErrorContains(t, err, "format")
	_, err = ParseFile([]byte(`{`))
	require.Error(t, err)
}

func FuzzParseFile(f *testing.F) {
	f.Add([]byte(`{"format":"cryptopt-genome/1","func":"f","ir_hash":"h","order":[1,0],"decisions":[0]}`))
	f.Add([]byte(`{}`))
	p := Problem{Deps: [][]int{nil, nil}, Options: []int{2}}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseFile(data)
		if err != nil {
			return
		}
		_ = g.Validate(p) // must not panic on any parsed genome
		out, err := g.Marshal()
		require.NoError(t, err)
		_, err = ParseFile(out)
		require.NoError(t, err)
	})
}

func TestGenomeHash(t *testing.T) {
	a := Genome{Order: []int{1, 0, 2}, Decisions: []int{0, 1}}
	require.Len(t, a.Hash(), 64)
	require.Equal(t, a.Hash(), a.Clone().Hash())
	require.NotEqual(t, a.Hash(), Genome{Order: []int{0, 1, 2}, Decisions: []int{0, 1}}.Hash())
	require.NotEqual(t, a.Hash(), Genome{Order: []int{1, 0, 2}, Decisions: []int{1, 1}}.Hash())
	require.Equal(t, Genome{}.Hash(), Genome{Order: []int{}, Decisions: []int{}}.Hash())
}

func TestGenomeHashIsCanonicalJSON(t *testing.T) {
	g := Genome{Order: []int{2, 0, 1}, Decisions: []int{3}}
	b, err := json.Marshal(g)
	require.NoError(t, err)
	sum := sha256.Sum256(b)
	require.Equal(t, hex.EncodeToString(sum[:]), g.Hash())
}

// TestValidate: orders that are not topological permutations and out-of-range decisions
// are refused, as is a genome file made for another IR.
func TestValidate(t *testing.T) {
	p := Problem{Deps: [][]int{nil, {0}, {0, 1}, nil}, Options: []int{3, 2}}
	for _, tc := range []struct {
		name, err string
		g         Genome
	}{
		{"valid", "", Genome{Order: []int{3, 0, 1, 2}, Decisions: []int{2, 1}}},
		{"short order", "orders 3 operations", Genome{Order: []int{0, 1, 2}, Decisions: []int{0, 0}}},
		{"not topological", "before its dependency", Genome{Order: []int{1, 0, 2, 3}, Decisions: []int{0, 0}}},
		{"not a permutation", "not a permutation", Genome{Order: []int{0, 0, 1, 2}, Decisions: []int{0, 0}}},
		{"out of range", "not a permutation", Genome{Order: []int{0, 1, 2, 4}, Decisions: []int{0, 0}}},
		{"decision range", "decision 1 is 2", Genome{Order: []int{0, 1, 2, 3}, Decisions: []int{0, 2}}},
		{"negative decision", "decision 0 is -1", Genome{Order: []int{0, 1, 2, 3}, Decisions: []int{-1, 0}}},
		{"few decisions", "1 decisions", Genome{Order: []int{0, 1, 2, 3}, Decisions: []int{0}}},
	} {
		err := tc.g.Validate(p)
		if tc.err == "" {
			require.NoError(t, err, tc.name)
			require.NoError(t, File{IRHash: "ab", Genome: tc.g}.Fits("ab", p))
			require.ErrorContains(t, File{IRHash: "ab", Genome: tc.g}.Fits("cd", p), "genome is for IR ab")
			continue
		}
		require.ErrorContains(t, err, tc.err, tc.name)
		require.ErrorContains(t, File{IRHash: "ab", Genome: tc.g}.Fits("ab", p), tc.err, tc.name)
	}
}

// TestValidateAppended: a genome may omit up to Problem.Appended trailing decisions (kept
// before codegen added them); Complete reads them as 0 and leaves g alone.
func TestValidateAppended(t *testing.T) {
	p := Problem{Deps: [][]int{nil, {0}}, Options: []int{3, 2, 2, 2}, Appended: 2}
	order := []int{0, 1}
	for _, tc := range []struct {
		name, err string
		dec       []int
		complete  []int
	}{
		{"all", "", []int{2, 1, 1, 1}, []int{2, 1, 1, 1}},
		{"one omitted", "", []int{2, 1, 1}, []int{2, 1, 1, 0}},
		{"both omitted", "", []int{2, 1}, []int{2, 1, 0, 0}},
		{"one too few", "genome has 1 decisions, the function has 4 (2 of them added since genomes were first kept: 2 to 4)", []int{2}, nil},
		{"one too many", "genome has 5 decisions", []int{2, 1, 1, 1, 0}, nil},
	} {
		g := Genome{Order: order, Decisions: tc.dec}
		err := g.Validate(p)
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err, tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		before := append([]int(nil), tc.dec...)
		require.Equal(t, tc.complete, g.Complete(p).Decisions, tc.name)
		require.Equal(t, before, g.Decisions, "%s: Complete must not modify g", tc.name)
		require.NoError(t, g.Complete(p).Validate(Problem{Deps: p.Deps, Options: p.Options}), tc.name)
	}
}

// TestRunShortStart: a start genome kept before the appended decisions starts a search;
// every candidate has them all.
func TestRunShortStart(t *testing.T) {
	p := Problem{Deps: [][]int{nil, {0}, nil}, Options: []int{2, 2, 2, 2}, Appended: 2}
	cost := &fakeCost{used: allDecisions(4), record: true}
	start := Genome{Order: []int{2, 0, 1}, Decisions: []int{1, 1}}
	out, err := Run(context.Background(), p, cost, Options{Evals: 60, Bets: 2, Seed: 3, Start: []Genome{start}})
	require.NoError(t, err)
	require.NotEmpty(t, cost.cands)
	for _, c := range append(cost.cands, out.Best) {
		require.Len(t, c.Decisions, 4)
	}
	require.Equal(t, []int{1, 1}, start.Decisions, "the caller's start genome is not modified")
}
