package encode

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

func TestEncodeRejectsInvalid(t *testing.T) {
	_, err := Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{{Op: x86.ADD, Args: []x86.Operand{x86.R(x86.RAX), x86.I(1 << 40)}}}})
	require.ErrorContains(t, err, "instruction 0: add: invalid operands")
	_, err = NewEncoder().Encode(&x86.Program{Symbol: "f", Insts: []x86.Inst{{Op: x86.MOVQ, Args: []x86.Operand{x86.R(x86.RAX), x86.R(x86.RAX)}}}})
	require.ErrorContains(t, err, "instruction 0: movq: invalid operands")
}

// FuzzEncodeParsed: whatever the GNU parser accepts, the encoder encodes.
func FuzzEncodeParsed(f *testing.F) {
	rng := rand.New(rand.NewSource(11))
	for range 8 {
		f.Add(x86.PrintGNU(x86.RandomProgram(rng, 12)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := x86.ParseGNU(data)
		if err != nil {
			return
		}
		_, err = Encode(p)
		require.NoError(t, err, "encode of a parsed program")
	})
}
