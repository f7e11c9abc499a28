package codegen_test

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
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
	{"curve25519", "mul", "a32e21504056fa76dc9d54d67bb03983cbad71c900f5b8097925fa76f9d03df5"},
	{"curve25519_solinas", "square", "73154197b0521151155fede63fd5ca0b5ed086d03b649c7827b4e5013bcfbdaf"},
	{"secp256k1_montgomery", "mul", "e0b113a6e6046817116e04021f669fcf1317b8f42a3fbe8447cf9d99a503774a"},
	{"p224", "add", "bb939b8ee0bed3220462e6bce344b80c246b18a222d2114df9dec5fc072bc9ca"},
	{"p434", "mul", "dc4a0fbe570dd2f1d39fbe75054f7816c15ad9a9dfc8b1db2ddb86fdf6b130cd"},
	{"p521", "square", "418a1598cbd8b73f34d4b1d047520bd37745e31fa27bf9383b4edd9cfb1bfce5"},
	{"p448_solinas", "mul", "d2401b0a1b5ef57e874975dec9eef094fbeb49b5069ed1000c1cafbb94631826"},
	{"poly1305", "square", "ee852c0aae1be7e6e07e6079ab9955749e4440cf72c49611bb3cc56c44184ec3"},
}

func TestGoldenPrograms(t *testing.T) {
	var want, got []string
	for _, tc := range goldenPrograms {
		F, err := fields.Lookup(tc.field)
		require.NoError(t, err)
		f, err := F.Func(tc.op)
		require.NoError(t, err)
		p, err := codegen.NewPlan(f)
		require.NoError(t, err, tc.field)
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
