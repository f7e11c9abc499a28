package main

import (
	"fmt"
	"regexp"
	"strings"
)

// Stats summarise one function's straight-line code.
type Stats struct {
	Insts       int
	ByClass     map[Class]int
	Loads       int // instructions reading memory (lea aside), push/pop aside
	Stores      int // instructions writing memory, push/pop aside
	SpillLoads  int // of Loads, from the stack (rsp-based)
	SpillStores int // of Stores, to the stack
	Depth       int // longest dependency chain, in instructions
	Path        int // longest dependency chain weighted by the assumed latencies (latency)
}

// Assumed latencies in cycles, for Path only: a 64×64→128 product (mul, mulx) 4, imul 3,
// an L1 load (or a store forwarded to a load) 4, shrd and shld 2, everything else 1. They are round
// figures of recent Intel and AMD cores, not a model of one: Depth needs no assumption.
const (
	latMul  = 4
	latImul = 3
	latLoad = 4
	latShrd = 2
)

// latency is ins's own latency after its inputs (and its load, if any) are ready.
func latency(ins Inst, loads bool) int {
	switch {
	case ins.Op == "mul" || ins.Op == "mulx":
		return latMul
	case ins.Op == "imul":
		return latImul
	case ins.Op == "shrd" || ins.Op == "shld":
		return latShrd
	case loads && ins.Class() == Move:
		return 0 // the load is the whole latency
	}
	return 1
}

var addrRegs = regexp.MustCompile(`[a-z][a-z0-9]+`)

// addressRegs are the registers of a memory operand's address, rsp aside: stack
// addresses are tracked through push, pop and rsp adjustments (see Analyze), and the
// stack engine does not make them wait for those.
func addressRegs(arg string) []string {
	var out []string
	for _, r := range addrRegs.FindAllString(arg[strings.Index(arg, "[")+1:], -1) {
		if r = reg64(r); r != "" && r != "rsp" {
			out = append(out, r)
		}
	}
	return out
}

// Analyze counts ins by class and memory traffic and measures its longest dependency
// chain over registers, the CF/OF/other flags and memory (stack slots tracked through
// push, pop and rsp adjustments; other memory by operand text).
func Analyze(ins []Inst) Stats {
	s := Stats{Insts: len(ins), ByClass: map[Class]int{}}
	depth, path := map[string]int{}, map[string]int{}
	var off int64 // rsp relative to its value at entry
	for _, in := range ins {
		c := in.Class()
		s.ByClass[c]++
		reads, writes := in.effects()
		delta := stackDelta(in)
		key := func(arg string) string { // a location's name in depth and path
			if !isMem(arg) {
				return reg64(arg) + strings.TrimSpace(flagName(arg))
			}
			base, disp := memBase(arg)
			if base == "rsp" {
				at := off + disp
				if in.Op == "push" {
					at += delta
				}
				return fmt.Sprintf("stack%+d", at)
			}
			return "mem" + arg[strings.Index(arg, "["):]
		}
		d, p, memIn := 0, 0, false
		for _, r := range reads {
			if isMem(r) && in.Op != "lea" {
				memIn = true
				d, p = max(d, depth[key(r)]), max(p, path[key(r)]+latLoad)
			}
			if isMem(r) || in.Op == "lea" { // address registers
				for _, a := range addressRegs(r) {
					d, p = max(d, depth[a]), max(p, path[a]+boolInt(in.Op != "lea")*latLoad)
				}
				continue
			}
			d, p = max(d, depth[key(r)]), max(p, path[key(r)])
		}
		for _, w := range writes { // a store waits for its address too
			if isMem(w) {
				for _, a := range addressRegs(w) {
					d, p = max(d, depth[a]), max(p, path[a])
				}
			}
		}
		d, p = d+1, p+latency(in, memIn)
		for _, w := range writes {
			depth[key(w)], path[key(w)] = d, p
		}
		s.count(in, c, reads, writes)
		s.Depth, s.Path = max(s.Depth, d), max(s.Path, p)
		off += delta
	}
	return s
}

// count adds ins's memory traffic to s.
func (s *Stats) count(in Inst, c Class, reads, writes []string) {
	if c == Stack || in.Op == "lea" {
		return
	}
	stack := func(args []string) (mem, onStack bool) {
		for _, a := range args {
			if isMem(a) {
				base, _ := memBase(a)
				return true, base == "rsp"
			}
		}
		return false, false
	}
	if m, st := stack(reads); m {
		s.Loads++
		s.SpillLoads += boolInt(st)
	}
	if m, st := stack(writes); m {
		s.Stores++
		s.SpillStores += boolInt(st)
	}
}

// flagName keeps the flag locations' names and drops anything else that is not a register
// (immediates), so that they share the empty key nobody writes.
func flagName(arg string) string {
	switch arg {
	case flagCF, flagOF, flagZF:
		return arg
	}
	return ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
