package search

import (
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
