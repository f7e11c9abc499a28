package codegen

import (
	"fmt"
	"math"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// contentKind says what a general-purpose register holds.
type contentKind uint8

const (
	holdsNothing contentKind = iota
	holdsValue               // a value (IR, pointer or constant pseudo-value)
	holdsConst               // a constant materialized for reuse
)

type content struct {
	kind contentKind
	v    int32
	k    uint64
}

// gen is the candidate being compiled: the genome, then what each pass adds, grouped by
// the pass that writes it. It is pooled per Plan: reset reuses its slices.
type gen struct {
	p      *Plan
	f      *ir.Func
	opts   Options
	order  []int // the genome
	dec    []int
	decBuf []int // dec when the genome omits appended decisions (Plan.complete)
	used   []int // the decisions as applied (select and the allocator override some)

	timeline
	selection
	regFile
	code
}

// selection is the virtual program: the select pass's steps (sel) and the steps the flag
// pass adds (fix, each before the step of sel that fixAt names), with what select tracks
// as it goes.
type selection struct {
	sel, fix []step
	fixAt    []int32
	sf       flagFile // what the flags hold, as select's instructions leave them
	tn       int8     // the next temporary of the current operation
	cmt      int32    // the comment of the current IR operation (Plan.texts)
}

// timeline is the schedule pass's output, and the clock of the passes that walk it.
type timeline struct {
	now       int32
	usePos    []int32 // per value, the times it is read or stored (CSR by Plan.useStart)
	useCur    []int32 // per value, its first use not yet passed (an index into usePos)
	defPos    []int32
	storeTime []int32 // per output limb
}

// regFile is register allocation's state: where every value lives.
type regFile struct {
	reg       []x86.Reg // value → general-purpose register (NoReg if none)
	xmm       []x86.Reg // value → xmm spill (NoReg if none)
	slot      []int32   // value → stack slot (-1 if none)
	regs      [16]content
	xmms      [16]int32             // xmm → value, -1 free
	slots     []int32               // stack slot → value
	af        flagFile              // what the flags hold at this point of the program
	tmp       [maxTemps]x86.Operand // the current operation's temporaries
	lock      uint32                // registers the current instruction needs
	callee    uint32                // registers written (the frame pass saves the callee-saved ones)
	allowed   uint32                // allocatable registers
	arg1Dirty bool                  // out1 == arg1 and a store happened: arg1 memory is no home
}

// code is the program as the passes build it.
type code struct {
	body      []x86.Inst // frameRoom instructions' room for the frame pass's prologue, then the body
	slotRefs  []int32    // body index*4 + argument index of each stack-slot operand (spill)
	frameSize int32      // bytes of the explicit frame, 0 for none (spill)
	prog      *x86.Program
	ops       []x86.Operand // the operands' backing array
	nops      int           // operands of the program so far
	// The sizes of this gen's last program, for the next one's arrays.
	instHint, opsHint int
}

// frameRoom is the room left before the body for the frame pass's prologue: a push of
// every callee-saved register, and the Go assembler's frame setup.
const frameRoom = len(x86.CalleeSaved) + 3

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (g *gen) reset(p *Plan, order, decisions []int, opts Options) {
	if len(decisions) < len(p.options) { // a genome kept before the appended decisions
		g.decBuf = p.complete(decisions, g.decBuf)
		decisions = g.decBuf
	}
	g.p, g.f, g.opts, g.order, g.dec = p, p.f, opts, order, decisions
	g.used = append(g.used[:0], g.dec...)
	nt := p.nt
	g.usePos, g.useCur = grow(g.usePos, int(p.useStart[nt])), grow(g.useCur, nt)
	g.defPos, g.storeTime = grow(g.defPos, nt), grow(g.storeTime, len(p.stores))
	g.reg, g.xmm, g.slot = grow(g.reg, nt), grow(g.xmm, nt), grow(g.slot, nt)
	for v := range nt {
		g.defPos[v], g.reg[v], g.xmm[v], g.slot[v] = -1, x86.NoReg, x86.NoReg, -1
	}
	g.regs, g.af, g.slots = [16]content{}, flagFile{}, g.slots[:0]
	for i := range g.xmms {
		g.xmms[i] = -1
	}
	g.lock, g.callee, g.now, g.arg1Dirty = 0, 0, 0, false
	g.allowed = 0xffff &^ (1 << x86.RSP)
	if opts.FramePointer == FramePointerSave || opts.Target == TargetGo {
		g.allowed &^= 1 << x86.RBP
	}
	ptrRegs := [...]x86.Reg{x86.RDI, x86.RSI, x86.RDX} // where the pointers arrive
	for i := range 1 + len(p.f.Params) {
		g.bind(int32(len(p.f.Values)+i), ptrRegs[i])
	}
	// Instructions and operands belong to the returned program: never reused. The arrays
	// are sized like the last program's (the first guess: a few per operation).
	if g.instHint == 0 {
		g.instHint, g.opsHint = 4*len(order)+64, 8*len(order)+128
	}
	g.body, g.ops = make([]x86.Inst, frameRoom, g.instHint), make([]x86.Operand, 0, g.opsHint)
	g.prog, g.slotRefs, g.nops = nil, g.slotRefs[:0], 0
}

// bind records that register r now holds value v (v leaves its previous register).
func (g *gen) bind(v int32, r x86.Reg) {
	if old := g.reg[v]; old != x86.NoReg && old != r {
		g.regs[old] = content{}
	}
	g.unbindReg(r)
	g.regs[r] = content{kind: holdsValue, v: v}
	g.reg[v] = r
}

// unbindReg empties r.
func (g *gen) unbindReg(r x86.Reg) {
	if c := g.regs[r]; c.kind == holdsValue && g.reg[c.v] == r {
		g.reg[c.v] = x86.NoReg
	}
	g.regs[r] = content{}
}

func (g *gen) lockReg(r x86.Reg) { g.lock |= 1 << r }

// emit appends one instruction; its operands are copied into a shared backing array.
func (g *gen) emit(op x86.Opcode, comment string, args ...x86.Operand) {
	g.emitCond(op, 0, comment, args...)
}

func (g *gen) emitCond(op x86.Opcode, c x86.Cond, comment string, args ...x86.Operand) {
	for k := range args {
		if a := &args[k]; a.Kind == x86.KindMem && a.Base == x86.RSP {
			g.slotRefs = append(g.slotRefs, int32(len(g.body)*4+k))
		}
	}
	if cap(g.ops)-len(g.ops) < len(args) {
		g.ops = make([]x86.Operand, 0, 1024)
	}
	n := len(g.ops)
	g.ops = g.ops[:n+len(args)] // room checked above
	for k := range args {
		g.ops[n+k] = args[k] // one to three operands: a loop, not a call to memmove
	}
	g.nops += len(args)
	// The instruction is written field by field where it lives: appending a composite
	// Inst copies it with a bulk write barrier whenever the GC is marking, which a search
	// allocating a program per candidate keeps it doing often (issue 14).
	if len(g.body) == cap(g.body) {
		g.body = append(g.body, x86.Inst{})
	} else {
		g.body = g.body[:len(g.body)+1]
	}
	in := &g.body[len(g.body)-1]
	in.Op, in.Cond, in.Args, in.Comment = op, c, g.ops[n:len(g.ops):len(g.ops)], comment
}

// never is the use time of a value that has no further use.
const never = math.MaxInt32

// genError is an internal invariant failure, raised with panic inside the passes and
// returned as an error by Generate.
type genError struct{ err error }

func fail(format string, args ...any) { panic(genError{fmt.Errorf(format, args...)}) }
