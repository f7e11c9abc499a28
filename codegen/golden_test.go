package codegen_test

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// goldenPrograms pins codegen's output: per field and op, the SHA-256 of the GNU text of
// the greedy order plus random genomes in every option mode. A change to codegen that is
// meant to keep the output byte for byte (a refactoring) must leave these unchanged.
var goldenPrograms = []struct {
	field, op, hash string
}{
	{"p256", "mul", "188f8d58895368b268a7dfdac85cc5d167d51bf13bb2923da4bef21717489ea3"},
	{"p256", "square", "4e9758f87e58575336c15d08b6486a2d4191243f2e0cf2f1d7fd2fdd7554f518"},
	{"curve25519", "mul", "ae83ecdf28ed1502a40ae9dde438347f39595a0c9ca33df6438556cb1d1a0fa2"},
	{"curve25519_solinas", "square", "73154197b0521151155fede63fd5ca0b5ed086d03b649c7827b4e5013bcfbdaf"},
	{"secp256k1_montgomery", "mul", "e0b113a6e6046817116e04021f669fcf1317b8f42a3fbe8447cf9d99a503774a"},
	{"p224", "add", "bb939b8ee0bed3220462e6bce344b80c246b18a222d2114df9dec5fc072bc9ca"},
	{"p434", "mul", "dc4a0fbe570dd2f1d39fbe75054f7816c15ad9a9dfc8b1db2ddb86fdf6b130cd"},
	{"p521", "square", "a116d24817a15d3307a5bdf217c7cda78f820770656b8a46d94590c41af25afb"},
	{"p448_solinas", "mul", "bb3623c194657249486154a78c5da8e7f584d16940e38bd44fc3333bb9fa8753"},
	{"poly1305", "square", "52b67051107eb82ea3a1e7bd91d4b9d25ae0e72b844e4c5e2e6fc6d2482d4bda"},
}

func TestGoldenPrograms(t *testing.T) {
	var want, got []string
	for _, tc := range goldenPrograms {
		p := cataloguePlan(t, tc.field, tc.op)
		h := sha256.New()
		genomes := [][2][]int{{p.GreedyOrder(), make([]int, len(p.Options()))}}
		rng := rand.New(rand.NewSource(13))
		for range 3 * len(allModes) {
			genomes = append(genomes, [2][]int{randomOrder(p.Deps(), rng), randomDecisions(p.Options(), rng)})
		}
		for i, g := range genomes {
			opts := allModes[i%len(allModes)]
			opts.WipeSpills = i%4 == 3
			prog, used, err := p.Generate(g[0], g[1], opts)
			require.NoError(t, err, "%s %s genome %d", tc.field, tc.op, i)
			h.Write(x86.PrintGNU(prog))
			for _, c := range used {
				h.Write([]byte{byte(c)})
			}
		}
		sum := hex.EncodeToString(h.Sum(nil))
		t.Logf("{%q, %q, %q},", tc.field, tc.op, sum)
		want, got = append(want, tc.field+" "+tc.op+" "+tc.hash), append(got, tc.field+" "+tc.op+" "+sum)
	}
	require.Equal(t, want, got)
}
