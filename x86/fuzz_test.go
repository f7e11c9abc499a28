package x86

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// fuzzParse checks that parse never panics and that parse∘print is a fixpoint on what parses.
func fuzzParse(t *testing.T, data []byte, parse func([]byte) (*Program, error), print func(*Program) []byte) {
	p, err := parse(data)
	if err != nil {
		return
	}
	require.NoError(t, p.Validate(), "parsed program must validate")
	text := print(p)
	q, err := parse(text)
	require.NoError(t, err, "reparse of\n%s", text)
	require.Equal(t, p, q, "parse∘print fixpoint on\n%s", text)
}

func addSeeds(f *testing.F, print func(*Program) []byte) {
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 8; i++ {
		f.Add(print(RandomProgram(rng, 12)))
	}
	f.Add([]byte(cryptoptStyle))
	f.Add([]byte("\t.intel_syntax noprefix\n\t.globl f\nf:\n\tmov rax, QWORD PTR 8[rsi] # c\n\tclc; stc\n\tret\n"))
}

func FuzzParseGNU(f *testing.F) {
	addSeeds(f, PrintGNU)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, ParseGNU, PrintGNU) })
}

func FuzzParseNASM(f *testing.F) {
	addSeeds(f, PrintNASM)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, ParseNASM, PrintNASM) })
}
