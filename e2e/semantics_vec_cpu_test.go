package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// vecGP are the general-purpose registers the vector probes move into xmm registers
// (loaded from arg1[0..2]).
var vecGP = []x86.Reg{x86.RAX, x86.RCX, x86.R8}

// vecCPUProgram fills ymm0..ymm2 from arg2[0..12) (ymm3..ymm5 as scratch), the registers
// of vecGP from arg1, runs seq and stores the twelve lanes of ymm0..ymm2 to out1.
func vecCPUProgram(sym string, seq []x86.Inst) *x86.Program {
	p := &x86.Program{Symbol: sym}
	add := func(op x86.Opcode, args ...x86.Operand) { p.Insts = append(p.Insts, x86.Inst{Op: op, Args: args}) }
	x, y := func(r int) x86.Operand { return x86.R(x86.XMM0 + x86.Reg(r)) }, func(r int) x86.Operand { return x86.R(x86.YMM0 + x86.Reg(r)) }
	for i, r := range vecGP {
		add(x86.MOV, x86.R(r), x86.M(x86.RSI, int32(8*i)))
	}
	for r := range 3 {
		w := func(k int) x86.Operand { return x86.M(x86.RDX, int32(32*r+8*k)) }
		add(x86.VMOVQ, x(3), w(2))
		add(x86.VMOVQ, x(4), w(3))
		add(x86.VPUNPCKLQDQ, x(3), x(3), x(4))
		add(x86.VMOVQ, x(5), w(0))
		add(x86.VMOVQ, x(4), w(1))
		add(x86.VPUNPCKLQDQ, x(5), x(5), x(4))
		add(x86.VINSERTI128, y(r), y(5), x(3), x86.I(1))
	}
	p.Insts = append(p.Insts, seq...)
	for r := range 3 {
		add(x86.VMOVDQU, x86.M(x86.RDI, int32(32*r)), y(r))
	}
	add(x86.VZEROUPPER)
	add(x86.RET)
	return p
}

// ripConst is how PrintGNU writes a KindConst operand (the displacement before linking).
var ripConst = regexp.MustCompile(`\[rip \+ 0\] /\* = 0x([0-9a-f]+) \*/`)

// linkConsts makes the printed constants real: each becomes a local label of
// .rodata.cst8, as clang writes them, for the assembler to relocate.
func linkConsts(text []byte, sym string) []byte {
	var data strings.Builder
	n := 0
	out := ripConst.ReplaceAllFunc(text, func(m []byte) []byte {
		label := fmt.Sprintf(".L%s_%d", sym, n)
		n++
		fmt.Fprintf(&data, "%s:\n\t.quad 0x%s\n", label, ripConst.FindSubmatch(m)[1])
		return []byte("[rip + " + label + "]")
	})
	if n == 0 {
		return out
	}
	return append(out, "\t.section .rodata.cst8,\"aM\",@progbits,8\n\t.p2align 3\n"+data.String()+"\t.text\n"...)
}

// TestVectorsAgainstCPU: the checker's lane semantics of the AVX2 forms (and the legacy
// movq's), evaluated on concrete inputs, equal what the CPU computes for random sequences
// of them: every lane of ymm0..ymm2 after each sequence is compared.
func TestVectorsAgainstCPU(t *testing.T) {
	gcc := cpuVecTool(t)
	rng := rand.New(rand.NewSource(29))
	const perProbe, nOut, nProbes = 4, 12, 3000
	type probe struct {
		prog *x86.Program
		seq  []x86.Inst
		args [][2][]uint64
	}
	var probes []probe
	var asm, inputs bytes.Buffer
	var decls, table strings.Builder
	for k := range nProbes {
		var seq []x86.Inst
		for range 1 + rng.Intn(4) {
			seq = append(seq, x86.RandomVector(rng, vecGP, 3))
		}
		p := probe{prog: vecCPUProgram(fmt.Sprintf("vprobe%d", k), seq), seq: seq}
		for range perProbe {
			a := [2][]uint64{make([]uint64, 4), make([]uint64, 12)}
			for _, s := range a {
				for i := range s {
					s[i] = pickWord(rng)
				}
			}
			p.args = append(p.args, a)
			require.NoError(t, binary.Write(&inputs, binary.LittleEndian, a[0]))
			require.NoError(t, binary.Write(&inputs, binary.LittleEndian, a[1]))
		}
		probes = append(probes, p)
		asm.Write(linkConsts(x86.PrintGNU(p.prog), p.prog.Symbol))
		fmt.Fprintf(&decls, "void %s(uint64_t *, const uint64_t *, const uint64_t *);\n", p.prog.Symbol)
		fmt.Fprintf(&table, "%s,\n", p.prog.Symbol)
	}
	words := runProbeHarness(t, gcc, asm.Bytes(), decls.String(), table.String(), inputs.Bytes(), nProbes, perProbe, 12, nOut)
	compared := map[x86.Opcode]int{}
	for k, p := range probes {
		g := egraph.New()
		res := symexec.ExecAsm(g, p.prog, probeArrays(g, nOut, 12))
		require.Nil(t, res.Violation, "%v", p.seq)
		for j, a := range p.args {
			env := map[string]*big.Int{}
			for s, vs := range map[string][]uint64{"arg1": a[0], "arg2": a[1]} {
				for i, v := range vs {
					env[fmt.Sprintf("%s[%d]", s, i)] = new(big.Int).SetUint64(v)
				}
			}
			got := words[(k*perProbe+j)*nOut : (k*perProbe+j+1)*nOut]
			for i := range nOut {
				v, ok := res.Load(1, int64(8*i))
				require.True(t, ok && !v.Ptr)
				want, err := g.Eval(v.Id, env)
				require.NoError(t, err)
				require.True(t, want.IsUint64() && want.Uint64() == got[i], "%v: ymm%d lane %d: symexec %#x, CPU %#x (arg1 %#x, arg2 %#x)",
					p.seq, i/4, i%4, want, got[i], a[0], a[1])
			}
		}
		for _, in := range p.seq {
			compared[in.Op]++
		}
		compared[x86.VMOVDQU]++ // the stores, after every sequence
	}
	var ops []string
	for op := x86.FirstVector; op < x86.NumOpcodes; op++ { // the sequences' own, not the set-up's
		require.Positive(t, compared[op], "%s was never compared with the CPU", op)
		ops = append(ops, fmt.Sprintf("%s:%d", op, compared[op]))
	}
	t.Logf("%d vector probes × %d inputs compared with the CPU: %s (movq %d)", nProbes, perProbe, strings.Join(ops, " "), compared[x86.MOVQ])
}

// cpuVecTool is gcc, on a CPU with AVX2 (the probes' instructions fault elsewhere).
func cpuVecTool(t *testing.T) string {
	t.Helper()
	if b, err := os.ReadFile("/proc/cpuinfo"); err != nil || !bytes.Contains(b, []byte(" avx2")) {
		t.Skip("no AVX2 on this CPU")
	}
	return testenv.Tool(t, "gcc")
}
