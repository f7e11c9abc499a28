package checker

import (
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// vecProbe is 1 to 4 random vector instructions over ymm0..ymm2 followed by the stores of
// all twelve lanes of ymm0..ymm2 to out1 (vmovdqu, itself probed): every lane a write
// zeroes or keeps is compared.
func vecProbe(rng *rand.Rand) (*x86.Program, []x86.Inst) {
	p := &x86.Program{Symbol: "probe"}
	for range 1 + rng.Intn(4) {
		p.Insts = append(p.Insts, x86.RandomVector(rng, probeRegs, 3))
	}
	seq := append([]x86.Inst(nil), p.Insts...)
	for r := range 3 {
		p.Insts = append(p.Insts, x86.Inst{Op: x86.VMOVDQU, Args: []x86.Operand{x86.M(x86.RDI, int32(32*r)), x86.R(x86.YMM0 + x86.Reg(r))}})
	}
	p.Insts = append(p.Insts, x86.Inst{Op: x86.RET})
	return p, append(seq, p.Insts[len(seq)])
}

// compareVectors runs n vector probes through compareProbe and counts the opcodes compared.
func compareVectors(t *testing.T, rng *rand.Rand, n int, compared map[x86.Opcode]int) {
	for range n {
		p, seq := vecProbe(rng)
		if compareProbe(t, p, seq[0], rng) {
			for _, in := range seq {
				compared[in.Op]++
			}
		}
	}
}
