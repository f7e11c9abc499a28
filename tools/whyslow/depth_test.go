package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// src defines three functions: f, g, straight-line code written to exercise every rule
// of the dependency model, and u, with an instruction outside the x86 model.
const src = `.intel_syntax noprefix
.text
.globl f
.type f,@function
f:
	ret
.size f, .-f
.globl g
.type g,@function
g:
	push rbx
	mov rax, qword ptr [rsi]
	mulx r8, r9, qword ptr [rdx+8]
	add r9, rax
	adc r8, 0
	mov qword ptr [rsp-8], r8
	xor eax, eax
	mov rcx, qword ptr [rsp-8]
	shrd rcx, r9, 3
	mov qword ptr [rdi], rcx
	pop rbx
	ret
.size g, .-g
.globl u
.type u,@function
u:
	mov rax, rdi
	vpor ymm0, ymm0, ymm1
	ret
.size u, .-u
`

// object assembles src with cc -c and returns the object's path.
func object(t *testing.T) string {
	t.Helper()
	cc := testenv.Tool(t, "cc", "gcc")
	dir := t.TempDir()
	s, o := filepath.Join(dir, "g.S"), filepath.Join(dir, "g.o")
	require.NoError(t, os.WriteFile(s, []byte(src), 0o644))
	out, err := exec.Command(cc, "-c", "-o", o, s).CombinedOutput()
	require.NoError(t, err, string(out))
	return o
}

func TestLoad(t *testing.T) {
	o := object(t)
	for _, tc := range []struct {
		sym     string
		wantN   int
		wantErr string
	}{
		{"f", 1, ""}, {"g", 12, ""},
		{"", 0, "3 global functions (f, g, u)"},
		{"h", 0, `no symbol "h"`},
		{"u", 0, "g.o: u does not decode into the instruction model: offset 0x3: vpor ymm0, ymm0, ymm1"},
	} {
		ins, err := load(o, tc.sym)
		if tc.wantErr != "" {
			require.ErrorContains(t, err, tc.wantErr)
			continue
		}
		require.NoError(t, err)
		require.Len(t, ins, tc.wantN, tc.sym)
	}
	ins, err := load(o, "g")
	require.NoError(t, err)
	require.Equal(t, "mulx r8, r9, qword ptr [rdx + 0x8]", ins[2].String())
}

func TestAnalyze(t *testing.T) {
	ins, err := load(object(t), "g")
	require.NoError(t, err)
	s := Analyze(ins)
	require.Equal(t, map[Class]int{Stack: 2, Move: 4, Mul: 1, Add: 2, Logic: 1, Shift: 1, Other: 1}, s.ByClass)
	require.Equal(t, 3, s.Loads, "rsi, rdx+8, the spill slot")
	require.Equal(t, 1, s.SpillLoads)
	require.Equal(t, 2, s.Stores)
	require.Equal(t, 1, s.SpillStores)
	// mulx (load) -> add -> adc (through CF) -> store -> reload -> shrd -> store.
	require.Equal(t, 7, s.Depth)
	// latencies: load 4 + mulx 4, add 1, adc 1, store 1, reload 4, shrd 2, store 1.
	require.Equal(t, 18, s.Path)
}

// Shorthands for the instruction lists below.
var (
	r    = x86.R
	imm  = x86.I
	slot = func(d int32) x86.Operand { return x86.M(x86.RSP, d) }
)

func inst(op x86.Opcode, args ...x86.Operand) x86.Inst { return x86.Inst{Op: op, Args: args} }

// TestDepthFromModel: each case depends on one fact of the x86 model or of whyslow's
// stack tracking; the wrong fact gives another depth or path.
func TestDepthFromModel(t *testing.T) {
	mulx := inst(x86.MULX, r(x86.R8), r(x86.R9), r(x86.RCX))
	for _, tc := range []struct {
		name                string
		ins                 []x86.Inst
		wantDepth, wantPath int
	}{
		{"cmovo waits for OF", []x86.Inst{inst(x86.ADOX, r(x86.R8), r(x86.R9)), {Op: x86.CMOV, Cond: x86.CondO,
			Args: []x86.Operand{r(x86.RCX), r(x86.RDX)}}}, 2, 2},
		{"setc waits for CF", []x86.Inst{inst(x86.ADD, r(x86.RAX), r(x86.RBX)), {Op: x86.SET, Cond: x86.CondC,
			Args: []x86.Operand{r(x86.CL)}}}, 2, 2},
		{"clc leaves the OF chain", []x86.Inst{inst(x86.ADOX, r(x86.R8), r(x86.R9)), inst(x86.ADOX, r(x86.R10), r(x86.R9)),
			inst(x86.CLC), inst(x86.ADOX, r(x86.R11), r(x86.R9))}, 3, 3},
		{"mul reads rax", []x86.Inst{inst(x86.MOV, r(x86.RAX), x86.M(x86.RDI, 0)), inst(x86.MUL, r(x86.RBX)),
			inst(x86.ADD, r(x86.RDX), imm(1))}, 3, 9},
		{"xor r, r does not wait for r", []x86.Inst{mulx, inst(x86.XOR, r(x86.R8), r(x86.R8)),
			inst(x86.ADD, r(x86.R8), imm(1))}, 2, 4},
		{"lea's address is an input, no load", []x86.Inst{mulx, inst(x86.LEA, r(x86.RAX), x86.MI(x86.R8, x86.R9, 2, 0))}, 2, 5},
		{"a store waits for its address", []x86.Inst{mulx, inst(x86.MOV, x86.M(x86.R8, 0), r(x86.RAX))}, 2, 5},
		// The same [rsp+8] names different slots before and after a push: the reload after
		// the push reads the slot the push did not touch (the store of the mulx result).
		{"slots follow rsp", []x86.Inst{mulx, inst(x86.MOV, slot(8), r(x86.R8)), inst(x86.PUSH, r(x86.RBX)),
			inst(x86.MOV, r(x86.RAX), slot(16)), inst(x86.ADD, r(x86.RAX), r(x86.RAX))}, 4, 10},
		{"push writes [rsp] after the push", []x86.Inst{mulx, inst(x86.MOV, slot(8), r(x86.R8)), inst(x86.PUSH, r(x86.RBX)),
			inst(x86.MOV, r(x86.RAX), slot(0)), inst(x86.ADD, r(x86.RAX), r(x86.RAX))}, 3, 6},
		{"sub rsp moves the slots", []x86.Inst{mulx, inst(x86.MOV, slot(8), r(x86.R8)), inst(x86.SUB, r(x86.RSP), imm(16)),
			inst(x86.MOV, r(x86.RAX), slot(24)), inst(x86.ADD, r(x86.RAX), r(x86.RAX))}, 4, 10},
		{"a slot nobody wrote starts a chain", []x86.Inst{mulx, inst(x86.MOV, slot(8), r(x86.R8)), inst(x86.PUSH, r(x86.RBX)),
			inst(x86.MOV, r(x86.RAX), slot(8)), inst(x86.ADD, r(x86.RAX), r(x86.RAX))}, 2, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Analyze(tc.ins)
			require.Equal(t, tc.wantDepth, s.Depth, "depth")
			require.Equal(t, tc.wantPath, s.Path, "path")
		})
	}
}

func TestRun(t *testing.T) {
	file := object(t)
	text := filepath.Join(t.TempDir(), "x.o")
	require.NoError(t, os.WriteFile(text, []byte("not an object\n"), 0o644))
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{"row", []string{"dis", "--sym", "g", file}, 0, "| g.o | 12 | 1 | 2 | 1 | 1 | 4 | 2 | 3 (1) | 2 (1) | 1 | 7 | 18 |"},
		{"with costs", []string{"dis", "--symbol", "g", "--cost", "mul=4,imul=3,add=1,shift=16,shrd=0.5,logic=0.25,lea=8", file}, 0,
			"| 18 | 6.8 |"}, // mulx 4 + add, adc 2·1 + shrd 0.5 + xor 0.25
		{"bad cost", []string{"dis", "--cost", "mul=1", file}, 2, "want all of mul, imul, add, shift, shrd, logic, lea"},
		{"no file", nil, 2, "usage: whyslow"},
		{"missing file", []string{"dis", filepath.Join(t.TempDir(), "nope")}, 2, "no such file"},
		{"not an object", []string{"dis", text}, 2, "not an ELF object"},
		{"a bad object after a good one", []string{"dis", "--sym", "g", file, text}, 2, "not an ELF object"},
		{"missing symbol", []string{"dis", "--sym", "h", file}, 2, `no symbol "h"`},
		{"outside the model", []string{"dis", "--sym", "u", file}, 2, "offset 0x3: vpor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			require.Equal(t, tc.wantCode, run(tc.args, &out, &errs))
			require.Contains(t, out.String()+errs.String(), tc.want)
			if tc.wantCode != 0 {
				require.Equal(t, 1, strings.Count(errs.String(), "\n"), "one line: %q", errs.String())
				require.Empty(t, out.String(), "no partial table")
			}
		})
	}
}
func TestParseCosts(t *testing.T) {
	all := "mul=0.57,imul=0.68,add=0.225,shift=0.34,shrd=1.14,logic=0.23,lea=0.23"
	for _, tc := range []struct{ in, wantErr string }{
		{all, ""},
		{"mul=1", "want all of"},
		{strings.Replace(all, "mul=0.57", "mul=x", 1), `cost "mul=x": want key=cycles`},
		{strings.Replace(all, "mul=0.57", "mul=-1", 1), "want key=cycles"},
		{strings.Replace(all, "mul=0.57", "div=1", 1), "the keys are"},
		{all + ",add=1", `cost "add" given twice`},
	} {
		c, err := ParseCosts(tc.in)
		if tc.wantErr != "" {
			require.ErrorContains(t, err, tc.wantErr, tc.in)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, 0.57, c["mul"])
	}
}
