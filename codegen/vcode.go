package codegen

import (
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// A step of the virtual program select emits, the flag pass completes and the allocator
// turns into x86 (docs/codegen.md), over the values (IR, pointer and constant) and the
// current operation's temporaries t0, t1, …: a constraint (how a temporary gets its
// register or operand), an instruction over temporaries, or a flag request.
type step struct {
	kind  stepKind
	allow uint8 // operand forms a source accepts (opReg, opMem, opImm)
	t     int8  // the temporary a constraint step sets
	nargs uint8
	nres  uint8      // instruction steps: results (a lives in args[0] afterwards, b in args[1])
	op    x86.Opcode // instruction steps
	cond  x86.Cond
	args  [3]varg
	cf    flagState // instruction steps: what CF and OF hold afterwards (keepFlag: unchanged)
	of    flagState
	at    int32 // schedule time (2i for the operation at position i, 2i+1 for stores)
	d     int32 // rdxStep: the decision it may override
	// a and b are the values a step is about (argA, argB), -1 for the constant k.
	a, b int32
	k    uint64
	cmt  int32 // the comment, an index into Plan.texts
}

// mk is a step about a and b (at most one of them a constant that matters).
func mk(kind stepKind, a, b ir.Arg) step {
	s := step{kind: kind}
	s.about(a, b)
	return s
}

// about sets the values the step is about (mk's a and b) on a zero step.
func (s *step) about(a, b ir.Arg) {
	s.a, s.b = int32(a.Val), int32(b.Val)
	if b.IsConst {
		s.b, s.k = -1, b.Imm
	}
	if a.IsConst {
		s.a, s.k = -1, a.Imm
	}
}

// none is an absent argument (a constant, which no constraint takes as a candidate).
var none = ir.Arg{IsConst: true}

func (s *step) argA() ir.Arg { return s.argOf(s.a) }
func (s *step) argB() ir.Arg { return s.argOf(s.b) }

func (s *step) argOf(x int32) ir.Arg {
	if x < 0 {
		return ir.C(s.k)
	}
	return ir.V(ir.Value(x))
}

type stepKind uint8

const (
	beginStep    stepKind = iota // an operation (or a round of stores) starts: its temporaries and locks are new
	useStep                      // t = a as a source: a register (for a constant one holding it), or memory as allow permits
	tieStep                      // t = a register holding a that the instruction may overwrite (a copy unless a dies)
	freshStep                    // t = the register of a or b if it dies here, else a new one (a new one for constants)
	regOrTieStep                 // t = a's register and t+1 = a new one (allow 1: a dying a's), if a is in a register; else t = t+1 = a tied register
	liveStep                     // t = a new register if a is live, else the previous temporary's (mulx's unused low half)
	rdxStep                      // t0 = rdx holding a or b (the one already there, else the genome's, decision d), t1 = the other as a source; then they are read: registers of dying ones may be reused (t1's address base stays)
	swapStep                     // a and b commute in the operand constraints up to the instruction: the allocator puts a dying one first
	instStep                     // emit op (cond) over args, bind its nres results; cf and of say what the flags hold afterwards
	bindStep                     // value a now lives in t (a result computed by no instruction)
	protectStep                  // out1 may be arg1 and the first store comes: arg1 limbs still to store leave memory
	renameStep                   // the flag holding a now holds b (a free u1 → u64 cast)
	needStep                     // CF must hold a (a value, or the constant 0 or 1); OF is lost unless a is 0 or 1
	clearStep                    // CF and OF must both be known zero
	consumeStep                  // this operation reads the carry a out of its flag
	saveStep                     // (flag planning) copy a out of the flag cond into a register unless it has another home; allow 1: the flag keeps it (a consumed carry needed later) and the copy is locked
	zeroStep                     // (flag planning) zero CF and OF: xor of a free register, or test rax, rax
)

// maxTemps bounds the temporaries of one operation (the flag pass uses the last).
const maxTemps = 16

// A varg is an x86 operand over the operation's temporaries.
type varg struct {
	kind   vargKind
	t, idx int8 // the temporary (register or prepared operand), the index of an address
	scale  uint8
	v      int32 // the immediate, or the address's displacement
}

type vargKind uint8

const (
	argT    vargKind = iota // the operand prepared in t (register, memory or immediate)
	argImm                  // the immediate v
	argAddr                 // the address [t + idx*scale + v] (idx < 0: none)
)

func regArg(t int8) varg  { return varg{kind: argT, t: t} }
func immArg(k int64) varg { return varg{kind: argImm, v: int32(k)} }
func addrArg(t, idx int8, s uint8, d int32) varg {
	return varg{kind: argAddr, t: t, idx: idx, scale: s, v: d}
}

// Operand kinds an instruction accepts for a source.
const (
	opReg = 1 << iota
	opMem
	opImm
)

// flagKind says what CF or OF holds.
type flagKind uint8

const (
	flagGarbage flagKind = iota
	flagZero
	flagValue
	keepFlag // in an instruction step: the flag is not written
)

// flagState is what one flag holds. copied (select's bookkeeping) says the value has
// another home, so overwriting the flag costs nothing.
type flagState struct {
	kind   flagKind
	copied bool
	v      int32
}

// flagFile is what CF and OF hold: each pass that walks the program tracks it with apply.
type flagFile struct{ cf, of flagState }

// apply updates the flags for step s.
func (f *flagFile) apply(s *step) {
	if s.kind < instStep {
		return // a constraint: no flag changes
	}
	switch s.kind {
	case instStep:
		if s.cf.kind != keepFlag {
			f.cf = s.cf
		}
		if s.of.kind != keepFlag {
			f.of = s.of
		}
	case renameStep:
		for _, fl := range [...]*flagState{&f.cf, &f.of} {
			if fl.kind == flagValue && fl.v == s.a {
				fl.v = s.b
			}
		}
	case needStep:
		switch {
		case s.a >= 0:
			f.cf, f.of = holding(s.a), garbage // add r, -1
		case s.k == 0:
			f.cf = zero // clc
		default:
			f.cf = garbage // stc
		}
	case clearStep:
		f.cf, f.of = zero, zero
	}
}

func (f *flagFile) holds(v int32) bool { return f.cf.holds(v) || f.of.holds(v) }

func (f flagState) holds(v int32) bool { return f.kind == flagValue && f.v == v }

// holdsArg reports whether the flag holds the (non-constant) argument a.
func (f flagState) holdsArg(a ir.Arg) bool { return !a.IsConst && f.holds(int32(a.Val)) }

// flag effects of instruction steps.
var (
	keep    = flagState{kind: keepFlag}
	garbage = flagState{}
	zero    = flagState{kind: flagZero}
)

func holding(v int32) flagState { return flagState{kind: flagValue, v: v} }
