package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// cpuRegs are loaded from arg2 before the probed instruction and stored to out1 after
// it: every register but rsp, rdi (out1) and rsi (arg1, the memory operands' base).
var cpuRegs = []x86.Reg{x86.RAX, x86.RCX, x86.RBX, x86.RBP, x86.R8, x86.R9, x86.R10, x86.R11,
	x86.R12, x86.R13, x86.R14, x86.R15, x86.RDX}

var cpuConds = []x86.Cond{x86.CondC, x86.CondO, x86.CondZ, x86.CondS}

// cpuProbe draws an instruction for the CPU comparison; ok is false when it does not fit.
func cpuProbe(rng *rand.Rand) (x86.Inst, bool) {
	in := x86.RandomInst(rng)
	in.Comment = ""
	switch in.Op {
	case x86.RET, x86.PUSH, x86.POP:
		return in, false
	}
	for i, a := range in.Args {
		switch {
		case a.Kind == x86.KindReg && a.Reg.IsGP64():
			in.Args[i].Reg = cpuRegs[rng.Intn(len(cpuRegs))]
		case a.Kind == x86.KindReg && a.Reg.IsGP32():
			in.Args[i].Reg = cpuRegs[rng.Intn(len(cpuRegs))].Dword()
		case a.Kind == x86.KindReg && a.Reg.IsGP8():
			if f := a.Reg.Full(); f == x86.RDI || f == x86.RSP || f == x86.RSI {
				return in, false
			}
		case a.Kind == x86.KindMem && in.Op == x86.LEA:
			in.Args[i].Base, in.Args[i].Index = x86.RAX, x86.NoReg
		case a.Kind == x86.KindMem:
			m := x86.M(x86.RSI, int32(8*rng.Intn(4)))
			m.Size = a.Size
			if a.Size == 1 || in.MemSize() == 1 {
				m.Disp += int32(rng.Intn(8))
			}
			in.Args[i] = m
		case a.Kind == x86.KindReg && a.Reg.IsXMM():
			return in, false // not loaded from memory here
		}
	}
	return in, in.Validate() == nil
}

// cpuProgram saves the callee-saved registers, loads cpuRegs from arg2 (rdx last), sets
// the flags with prefix, loads a constant shift count, runs in, stores every register and
// (flag >= 0) cpuConds[flag] through setcc to out1, restores and returns.
func cpuProgram(sym string, in x86.Inst, prefix, count, flag int) *x86.Program {
	p := &x86.Program{Symbol: sym}
	add := func(op x86.Opcode, args ...x86.Operand) { p.Insts = append(p.Insts, x86.Inst{Op: op, Args: args}) }
	for _, r := range x86.CalleeSaved {
		add(x86.PUSH, x86.R(r))
	}
	for i, r := range cpuRegs {
		add(x86.MOV, x86.R(r), x86.M(x86.RDX, int32(8*i)))
	}
	add(map[bool]x86.Opcode{true: x86.CMP, false: x86.TEST}[prefix == 0], x86.R(x86.R12), x86.R(x86.R13))
	if prefix == 2 {
		add(x86.STC)
	}
	for i, a := range in.Args {
		last := i == len(in.Args)-1 && (in.Op == x86.SHLX || in.Op == x86.SHRX || in.Op == x86.SARX || in.Op == x86.BZHI)
		if a.Kind == x86.KindReg && (a.Reg == x86.CL || (last && a.Reg.IsGP64())) {
			add(x86.MOV, x86.R(a.Reg.Full()), x86.I(int64(count)))
		}
	}
	p.Insts = append(p.Insts, in)
	for i, r := range cpuRegs {
		add(x86.MOV, x86.M(x86.RDI, int32(8*i)), x86.R(r))
	}
	// One flag per program: a flag the executor leaves undefined refuses the whole program.
	if flag >= 0 {
		p.Insts = append(p.Insts, x86.Inst{Op: x86.SET, Cond: cpuConds[flag], Args: []x86.Operand{x86.R(x86.AL)}})
		add(x86.MOVZX, x86.R(x86.RAX), x86.R(x86.AL))
		add(x86.MOV, x86.M(x86.RDI, int32(8*len(cpuRegs))), x86.R(x86.RAX))
	}
	for k := len(x86.CalleeSaved) - 1; k >= 0; k-- {
		add(x86.POP, x86.R(x86.CalleeSaved[k]))
	}
	add(x86.RET)
	return p
}

// TestSymexecAgainstCPU: for every supported instruction on random and boundary operands,
// the symbolic executor's value of every register and of CF, OF, ZF and SF, evaluated on
// the concrete inputs, equals what the CPU computes (flags the executor leaves undefined
// or uninterpreted are not compared).
func TestSymexecAgainstCPU(t *testing.T) {
	gcc := testenv.Tool(t, "gcc")
	rng := rand.New(rand.NewSource(23))
	const perProbe = 8
	nOut := len(cpuRegs) + 1
	type probe struct {
		prog *x86.Program
		in   x86.Inst
		args [][2][]uint64
	}
	var probes []probe
	for len(probes) < 10000 {
		in, ok := cpuProbe(rng)
		if !ok {
			continue
		}
		count := []int{0, 1, 63, 64, 65, 127, rng.Intn(256)}[rng.Intn(7)]
		flag := len(probes)%(len(cpuConds)+1) - 1 // -1: registers only
		p := probe{prog: cpuProgram(fmt.Sprintf("probe%d", len(probes)), in, rng.Intn(3), count, flag), in: in}
		for range perProbe {
			var a [2][]uint64
			a[0], a[1] = make([]uint64, 4), make([]uint64, len(cpuRegs))
			for _, s := range a {
				for i := range s {
					s[i] = pickWord(rng)
				}
			}
			p.args = append(p.args, a)
		}
		probes = append(probes, p)
	}
	// Native run: one harness calls every probe on its inputs and writes out1.
	var asm, inputs bytes.Buffer
	var decls, table strings.Builder
	for _, p := range probes {
		asm.Write(x86.PrintGNU(p.prog))
		fmt.Fprintf(&decls, "void %s(uint64_t *, const uint64_t *, const uint64_t *);\n", p.prog.Symbol)
		fmt.Fprintf(&table, "%s,\n", p.prog.Symbol)
		for _, a := range p.args {
			require.NoError(t, binary.Write(&inputs, binary.LittleEndian, a[0]))
			require.NoError(t, binary.Write(&inputs, binary.LittleEndian, a[1]))
		}
	}
	words := runProbeHarness(t, gcc, asm.Bytes(), decls.String(), table.String(), inputs.Bytes(), len(probes), perProbe, len(cpuRegs), nOut)

	compared, dword := map[x86.Opcode]int{}, map[x86.Opcode]int{}
	for k, p := range probes {
		g := egraph.New()
		res := symexec.ExecAsm(g, p.prog, probeArrays(g, nOut, len(cpuRegs)))
		if res.Violation != nil {
			continue // a write to arg1, a flag left undefined, ...
		}
		for j, a := range p.args {
			env := map[string]*big.Int{}
			for i, v := range a[0] {
				env[fmt.Sprintf("arg1[%d]", i)] = new(big.Int).SetUint64(v)
			}
			for i, v := range a[1] {
				env[fmt.Sprintf("arg2[%d]", i)] = new(big.Int).SetUint64(v)
			}
			got := words[(k*perProbe+j)*nOut : (k*perProbe+j+1)*nOut]
			for i := range nOut {
				v, ok := res.Load(1, int64(8*i))
				if !ok || v.Ptr {
					continue
				}
				want, err := g.Eval(v.Id, env)
				if err != nil {
					require.Contains(t, err.Error(), "uninterpreted of_")
					continue
				}
				what := "the flag"
				if i < len(cpuRegs) {
					what = cpuRegs[i].String()
				}
				require.True(t, want.IsUint64() && want.Uint64() == got[i], "%s: %s: symexec %#x, CPU %#x (arg2 %#x)",
					p.in, what, want, got[i], a[1])
			}
		}
		compared[p.in.Op]++
		if p.in.Dword() {
			dword[p.in.Op]++
		}
	}
	var ops []string
	total := 0
	for op := x86.Opcode(1); op < x86.NumOpcodes; op++ {
		switch op {
		case x86.RET, x86.PUSH, x86.POP:
			continue
		case x86.MOVQ: // xmm spills: their registers are not loaded here (TestVectorsAgainstCPU has them)
			continue
		}
		if op.IsVector() {
			continue // TestVectorsAgainstCPU
		}
		require.Positive(t, compared[op], "%s was never compared with the CPU", op)
		ops = append(ops, fmt.Sprintf("%s:%d", op, compared[op]))
		total += compared[op]
	}
	t.Logf("%d probes × %d inputs compared with the CPU: %s", total, perProbe, strings.Join(ops, " "))
	requireDwordForms(t, dword)
}

// requireDwordForms: every opcode with a 32-bit register form was compared in that form
// (compiler code's adc esi, 0 and shl esi, 6, with the upper half zeroed).
func requireDwordForms(t *testing.T, dword map[x86.Opcode]int) {
	t.Helper()
	var ops []string
	for _, op := range []x86.Opcode{x86.MOV, x86.MOVZX, x86.ADD, x86.ADC, x86.SUB, x86.SBB, x86.AND, x86.OR,
		x86.XOR, x86.CMP, x86.LEA, x86.SHL, x86.SHR, x86.SAR} {
		require.Positive(t, dword[op], "the 32-bit form of %s was never compared", op)
		ops = append(ops, fmt.Sprintf("%s:%d", op, dword[op]))
	}
	t.Logf("32-bit forms compared: %s", strings.Join(ops, " "))
}

func pickWord(rng *rand.Rand) uint64 {
	edges := []uint64{0, 1, 2, 63, 64, 0x7f, 0x80, 0xff, 0x100, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<63 + 1,
		^uint64(0), ^uint64(0) - 1}
	if rng.Intn(2) == 0 {
		return edges[rng.Intn(len(edges))]
	}
	return rng.Uint64() >> uint(rng.Intn(64))
}

// probeArrays are a probe's arrays: out1 of nOut words, arg1 of 4 and arg2 of n2, the
// inputs symbols arg1[i] and arg2[i].
func probeArrays(g *egraph.EGraph, nOut, n2 int) []symexec.Array {
	syms := func(name string, n int) []egraph.Id {
		ids := make([]egraph.Id, n)
		for i := range ids {
			ids[i] = g.Sym(fmt.Sprintf("%s[%d]", name, i), egraph.Mask(64))
		}
		return ids
	}
	return []symexec.Array{{Name: "out1", Limbs: nOut, Base: 1, Output: true},
		{Name: "arg1", Limbs: 4, Base: 2, Input: syms("arg1", 4)},
		{Name: "arg2", Limbs: n2, Base: 3, Input: syms("arg2", n2)}}
}

// runProbeHarness builds the probes (asm, declared in decls, listed in table) with a C
// harness that calls each of the n on its per inputs (arg1 of 4 words, arg2 of n2) and
// returns the nOut words of out1 of every call.
func runProbeHarness(t *testing.T, gcc string, asm []byte, decls, table string, inputs []byte, n, per, n2, nOut int) []uint64 {
	t.Helper()
	c := fmt.Sprintf(`#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef void (*fn_t)(uint64_t *, const uint64_t *, const uint64_t *);
%sfn_t probes[] = {
%s};
int main(void) {
	uint64_t a1[4], a2[%d], out[%d];
	for (int k = 0; k < %d; k++) for (int j = 0; j < %d; j++) {
		if (fread(a1, 8, 4, stdin) != 4 || fread(a2, 8, %d, stdin) != %d) return 3;
		memset(out, 0, sizeof out);
		probes[k](out, a1, a2);
		fwrite(out, 8, %d, stdout);
	}
	return 0;
}
`, decls, table, n2, nOut, n, per, n2, n2, nOut)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "h.c"), []byte(c), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.S"), append([]byte(".intel_syntax noprefix\n"), asm...), 0o644))
	bin := filepath.Join(dir, "h")
	out, err := exec.Command(gcc, "-O1", "-o", bin, filepath.Join(dir, "h.c"), filepath.Join(dir, "p.S")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(inputs)
	raw, err := cmd.Output()
	require.NoError(t, err)
	require.Len(t, raw, 8*nOut*per*n)
	words := make([]uint64, len(raw)/8)
	require.NoError(t, binary.Read(bytes.NewReader(raw), binary.LittleEndian, words))
	return words
}
