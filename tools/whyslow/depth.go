package main

import "github.com/rules-cryptopt/rules_cryptopt/x86"

// Stats summarise one function's straight-line code.
type Stats struct {
	Insts       int
	ByClass     map[Class]int
	Loads       int // instructions reading a memory operand (lea's address and push/pop aside)
	Stores      int // instructions writing a memory operand (push aside)
	SpillLoads  int // of Loads, from the stack (rsp-based)
	SpillStores int // of Stores, to the stack
	Depth       int // longest dependency chain, in instructions
	Path        int // longest dependency chain weighted by the assumed latencies (latency)
}

// Assumed latencies in cycles, for Path only: a 64×64→128 product (mul, mulx) 4, imul 3,
// an L1 load (or a store forwarded to a load) 4, shrd and shld 2, everything else 1. They
// are round figures of recent Intel and AMD cores, not a model of one: Depth needs no
// assumption. They are measurement, so they live here and not in package x86.
var latencies = map[x86.Opcode]int{x86.MUL: 4, x86.MULX: 4, x86.IMUL: 3, x86.SHRD: 2, x86.SHLD: 2}

const latLoad = 4

// latency is an instruction's own latency after its inputs (and its load, if any) are ready.
func latency(op x86.Opcode, loads bool) int {
	if l, ok := latencies[op]; ok {
		return l
	}
	if loads && classOf(op) == Move {
		return 0 // the load is the whole latency
	}
	return 1
}

// loc is where a value lives: a register (64-bit name), a flag, a stack slot (by its
// offset from rsp at entry) or other memory (by its address operand).
type loc struct {
	kind byte // 'r', 'f', 's' or 'm'
	reg  x86.Reg
	flag x86.Flags
	slot int64
	mem  x86.Operand
}

func regLoc(r x86.Reg) loc {
	if r.IsYMM() { // one physical register with its xmm half
		r = x86.XMM0 + x86.Reg(r.Num())
	}
	return loc{kind: 'r', reg: r.Full()}
}

// memLoc names memory operand a when rsp is off from its value at entry.
func memLoc(a x86.Operand, off int64) loc {
	if a.Base == x86.RSP && a.Index == x86.NoReg {
		return loc{kind: 's', slot: off + int64(a.Disp)}
	}
	a.Size = 0 // the same address, whatever the access width
	return loc{kind: 'm', mem: a}
}

// effects are what one instruction reads and writes, from the instruction model.
type effects struct {
	reads, loads, writes []loc     // loads: memory read (lea's address is no load)
	addr                 []x86.Reg // registers of memory addresses accessed
}

// effectsOf lists in's effects when rsp is off from its value at entry. rsp is left out
// of addresses and of push/pop: the stack engine tracks it, so no chain waits on it.
func effectsOf(in x86.Inst, off int64) effects {
	var e effects
	for i, a := range in.Args {
		acc := in.Access(i)
		switch {
		case a.Kind == x86.KindReg && acc&x86.Read != 0 && !zeroIdiom(in):
			e.reads = append(e.reads, regLoc(a.Reg))
		case a.Kind == x86.KindMem && acc == 0: // lea: the address registers are inputs
			for _, r := range addrRegs(a) {
				e.reads = append(e.reads, regLoc(r))
			}
		case a.Kind == x86.KindMem:
			e.addr = append(e.addr, addrRegs(a)...)
			if acc&x86.Read != 0 {
				e.loads = append(e.loads, memLoc(a, off))
			}
		}
		if acc&x86.Write != 0 && a.Kind == x86.KindMem {
			e.writes = append(e.writes, memLoc(a, off))
		} else if acc&x86.Write != 0 {
			e.writes = append(e.writes, regLoc(a.Reg))
		}
	}
	for _, r := range in.ImplicitReads() {
		e.reads = append(e.reads, regLoc(r))
	}
	for _, r := range in.ImplicitWrites() {
		e.writes = append(e.writes, regLoc(r))
	}
	for _, f := range []x86.Flags{x86.CF, x86.OF, x86.OtherFlags} {
		if in.FlagsRead()&f != 0 {
			e.reads = append(e.reads, loc{kind: 'f', flag: f})
		}
		if in.FlagsWritten()&f != 0 {
			e.writes = append(e.writes, loc{kind: 'f', flag: f})
		}
	}
	switch in.Op {
	case x86.PUSH:
		e.writes = append(e.writes, loc{kind: 's', slot: off - 8})
	case x86.POP:
		e.loads = append(e.loads, loc{kind: 's', slot: off})
	}
	return e
}

// zeroIdiom reports "xor r, r", which the core executes without waiting for r.
func zeroIdiom(in x86.Inst) bool {
	return in.Op == x86.XOR && len(in.Args) == 2 && in.Args[0] == in.Args[1] && in.Args[0].Kind == x86.KindReg
}

// addrRegs are the registers of a memory operand's address, rsp aside.
func addrRegs(a x86.Operand) []x86.Reg {
	var out []x86.Reg
	for _, r := range []x86.Reg{a.Base, a.Index} {
		if r != x86.NoReg && r != x86.RSP {
			out = append(out, r)
		}
	}
	return out
}

// Analyze counts ins by class and memory traffic and measures its longest dependency
// chain over registers, the CF/OF/other flags and memory (stack slots tracked through
// push, pop and rsp adjustments; other memory by address).
func Analyze(ins []x86.Inst) Stats {
	s := Stats{Insts: len(ins), ByClass: map[Class]int{}}
	depth, path := map[loc]int{}, map[loc]int{}
	var off int64 // rsp relative to its value at entry
	for _, in := range ins {
		s.ByClass[classOf(in.Op)]++
		s.count(in)
		e := effectsOf(in, off)
		d, p, addrLat := 0, 0, 0
		for _, l := range e.reads {
			d, p = max(d, depth[l]), max(p, path[l])
		}
		for _, l := range e.loads {
			d, p, addrLat = max(d, depth[l]), max(p, path[l]+latLoad), latLoad
		}
		for _, r := range e.addr { // a load waits for its address, then takes latLoad
			d, p = max(d, depth[regLoc(r)]), max(p, path[regLoc(r)]+addrLat)
		}
		d, p = d+1, p+latency(in.Op, len(e.loads) > 0)
		for _, l := range e.writes {
			depth[l], path[l] = d, p
		}
		s.Depth, s.Path = max(s.Depth, d), max(s.Path, p)
		off += stackDelta(in)
	}
	return s
}

// count adds in's memory traffic (explicit memory operands) to s.
func (s *Stats) count(in x86.Inst) {
	for i, a := range in.Args {
		if a.Kind != x86.KindMem {
			continue
		}
		stack := boolInt(a.Base == x86.RSP)
		if in.Reads(i) {
			s.Loads++
			s.SpillLoads += stack
		}
		if in.Writes(i) {
			s.Stores++
			s.SpillStores += stack
		}
	}
}

// stackDelta is how much in moves rsp (push -8, pop +8, sub/add rsp, imm).
func stackDelta(in x86.Inst) int64 {
	switch {
	case in.Op == x86.PUSH:
		return -8
	case in.Op == x86.POP:
		return 8
	case (in.Op != x86.SUB && in.Op != x86.ADD) || len(in.Args) != 2 || in.Args[0] != x86.R(x86.RSP) || in.Args[1].Kind != x86.KindImm:
		return 0
	case in.Op == x86.SUB:
		return -in.Args[1].Imm
	}
	return in.Args[1].Imm
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
