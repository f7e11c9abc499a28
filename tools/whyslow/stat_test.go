package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// dump is objdump output of two functions; g is straight-line code written to exercise
// every rule of the dependency model.
const dump = `
f.o:     file format elf64-x86-64

Disassembly of section .text:

0000000000000000 <f>:
   0:	ret

0000000000000010 <g>:
  10:	push   rbx
  11:	mov    rax,QWORD PTR [rsi]
  14:	mulx   r8,r9,QWORD PTR [rdx+0x8]
  1a:	add    r9,rax
  1d:	adc    r8d,0x0
  21:	mov    QWORD PTR [rsp-0x8],r8
  26:	xor    eax,eax
  28:	mov    rcx,QWORD PTR [rsp-0x8]
  2d:	shrd   rcx,r9,0x3
  32:	mov    QWORD PTR [rdi],rcx
  35:	pop    rbx
  36:	ret    
`

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		sym     string
		wantN   int
		wantErr string
	}{{"", 1, ""}, {"f", 1, ""}, {"g", 12, ""}, {"h", 0, `symbol "h" not found`}} {
		ins, err := Parse(strings.NewReader(dump), tc.sym)
		if tc.wantErr != "" {
			require.ErrorContains(t, err, tc.wantErr)
			continue
		}
		require.NoError(t, err)
		require.Len(t, ins, tc.wantN, tc.sym)
	}
	ins, err := Parse(strings.NewReader(dump), "g")
	require.NoError(t, err)
	require.Equal(t, Inst{Op: "mulx", Args: []string{"r8", "r9", "QWORD PTR [rdx+0x8]"}}, ins[2])
	require.Equal(t, Inst{Op: "ret"}, ins[11])
}

func TestAnalyze(t *testing.T) {
	ins, err := Parse(strings.NewReader(dump), "g")
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

func TestStackSlotsFollowRSP(t *testing.T) {
	// The same [rsp+0x8] names different slots before and after a push: the reload after
	// the push reads the slot the push wrote (rbx), not the earlier store (of the mulx).
	ins := []Inst{
		{Op: "mulx", Args: []string{"r8", "r9", "rcx"}},
		{Op: "mov", Args: []string{"QWORD PTR [rsp+0x8]", "r8"}},
		{Op: "push", Args: []string{"rbx"}},
		{Op: "mov", Args: []string{"rax", "QWORD PTR [rsp+0x10]"}},
		{Op: "add", Args: []string{"rax", "rax"}},
	}
	s := Analyze(ins)
	require.Equal(t, 4, s.Depth, "mulx -> store -> reload (the old slot, now at rsp+0x10) -> add")
	ins[3].Args[1] = "QWORD PTR [rsp]"
	s = Analyze(ins)
	require.Equal(t, 3, s.Depth, "push -> reload of the pushed slot -> add")
	ins[3].Args[1] = "QWORD PTR [rsp+0x8]"
	s = Analyze(ins)
	require.Equal(t, 2, s.Depth, "a slot nobody wrote: the reload starts a chain (the push's rsp change is no dependency)")
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.dis")
	require.NoError(t, os.WriteFile(file, []byte(dump), 0o644))
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{"row", []string{"dis", "--sym", "g", file}, 0, "| g.dis | 12 | 1 | 2 | 1 | 1 | 4 | 2 | 3 (1) | 2 (1) | 1 | 7 | 18 |"},
		{"with costs", []string{"dis", "--sym", "g", "--cost", "mul=4,imul=3,add=1,shift=16,shrd=0.5,logic=0.25,lea=8", file}, 0,
			"| 18 | 6.8 |"}, // mulx 4 + add, adc 2·1 + shrd 0.5 + xor 0.25
		{"bad cost", []string{"dis", "--cost", "mul=1", file}, 2, "want all of mul, imul, add, shift, shrd, logic, lea"},
		{"no file", nil, 2, "usage: whyslow"},
		{"missing file", []string{"dis", filepath.Join(dir, "nope")}, 2, "no such file"},
		{"missing symbol", []string{"dis", "--sym", "h", file}, 2, `symbol "h" not found`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			require.Equal(t, tc.wantCode, run(tc.args, &out, &errs))
			require.Contains(t, out.String()+errs.String(), tc.want)
			if tc.wantCode != 0 {
				require.Equal(t, 1, strings.Count(errs.String(), "\n"), "one line: %q", errs.String())
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
