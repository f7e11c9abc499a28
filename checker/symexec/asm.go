package symexec

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Array is one pointer argument of the function, in ABI order (rdi, rsi, rdx, rcx, r8, r9).
type Array struct {
	Name   string
	Limbs  int
	Base   int         // memory region; out1 and arg1 share one when aliased
	Input  []egraph.Id // initial limb symbols (nil for an output array)
	Output bool
}

// ArgRegs are the System V integer argument registers.
var ArgRegs = [...]x86.Reg{x86.RDI, x86.RSI, x86.RDX, x86.RCX, x86.R8, x86.R9}

// StackBase is the memory region of the stack; offsets are relative to rsp at entry.
const StackBase = 0

// RedZone is how far below rsp a leaf function may write (System V).
const RedZone = 128

// Layout lists fn's arrays in ABI order: results first (out1), then parameters. With
// aliasOut1Arg1, out1 and the first parameter are one region.
func Layout(fn *ir.Func, inputs [][]egraph.Id, aliasOut1Arg1 bool) ([]Array, error) {
	var arrs []Array
	for _, r := range fn.Rets {
		arrs = append(arrs, Array{Name: r.Name, Limbs: len(r.Limbs), Output: true})
	}
	for i, p := range fn.Params {
		if p.Scalar {
			return nil, fmt.Errorf("scalar argument %s is not supported", p.Name)
		}
		arrs = append(arrs, Array{Name: p.Name, Limbs: len(p.Limbs), Input: inputs[i]})
	}
	if len(arrs) > len(ArgRegs) {
		return nil, fmt.Errorf("%d pointer arguments, at most %d supported", len(arrs), len(ArgRegs))
	}
	for i := range arrs {
		arrs[i].Base = i + 1
	}
	if aliasOut1Arg1 {
		if len(fn.Rets) != 1 || len(fn.Params) == 0 {
			return nil, fmt.Errorf("aliasing out1 with arg1 needs one result array and an argument array")
		}
		arrs[0].Base = arrs[1].Base
	}
	return arrs, nil
}

// Val is a machine word: a pointer into a region (base + offset) or a value.
type Val struct {
	Ptr  bool
	Base int
	Off  int64
	Id   egraph.Id
}

// Violation is a proof obligation the program breaks, at instruction Inst (0-based).
type Violation struct {
	Inst int
	What string
	// Shape marks a violation that says the program is not a function of this shape at
	// all (an array used beyond its end, no final ret): bad input rather than a failed proof.
	Shape bool
}

type memKey struct {
	base int
	off  int64
}

// AsmResult is the symbolic final state of a program.
type AsmResult struct {
	Regs      [16]Val
	Mem       map[memKey]Val
	Violation *Violation
	Creator   map[egraph.Id]int // the first instruction that produced each class
	Returned  bool
	// LateRead is 1 + the first instruction that reads an input cell after an output
	// array's cell at the same offset was written (0: none). Without one, out1 may be any
	// input array of its length: each input limb is read before its cell can be overwritten.
	LateRead int
}

// Load is the final content of the 8-byte cell at base+off, and whether it was written.
func (r *AsmResult) Load(base int, off int64) (Val, bool) {
	v, ok := r.Mem[memKey{base, off}]
	return v, ok
}

// InitRegName is the symbol of a register's value at entry.
func InitRegName(r x86.Reg) string { return "init_" + r.String() }

type flag struct {
	id egraph.Id
	ok bool
}

// The tracked flags.
const (
	fCF = iota
	fOF
	fZF
	fSF
	numFlags
)

var flagNames = [numFlags]string{"CF", "OF", "ZF", "SF"}

type asmExec struct {
	g      *egraph.EGraph
	arrs   []Array
	regs   [16]Val
	vec    [16][4]Val // the vector registers as 64-bit lanes (lane 0 is xmm's low qword)
	flags  [numFlags]flag
	mem    map[memKey]Val
	inst   int
	res    *AsmResult
	bad    *Violation
	writes map[int]bool   // bases written
	outAt  map[int64]bool // offsets of output cells written (see AsmResult.LateRead)
	// released maps a stack cell written before rsp moved above it to the instruction
	// that moved rsp: a signal handler may have overwritten it since (see stack.go).
	released map[int64]int
}

// violate records the first violation; execution stops after the current instruction.
func (x *asmExec) violate(format string, args ...any) {
	if x.bad == nil {
		x.bad = &Violation{Inst: x.inst, What: fmt.Sprintf(format, args...)}
	}
}

// ExecAsm executes p over g with the given argument arrays.
func ExecAsm(g *egraph.EGraph, p *x86.Program, arrs []Array) *AsmResult {
	x := &asmExec{g: g, arrs: arrs, mem: map[memKey]Val{}, released: map[int64]int{}, outAt: map[int64]bool{}}
	x.res = &AsmResult{Creator: map[egraph.Id]int{}}
	for r := range x.regs {
		x.regs[r] = Val{Id: g.Sym(InitRegName(x86.Reg(r)), egraph.Mask(64))}
		x.vec[r][0] = Val{Id: g.Sym(InitRegName(x86.XMM0+x86.Reg(r)), egraph.Mask(64))}
		for l := 1; l < 4; l++ {
			x.vec[r][l] = Val{Id: g.Sym(fmt.Sprintf("%s.%d", InitRegName(x86.YMM0+x86.Reg(r)), l), egraph.Mask(64))}
		}
	}
	x.regs[x86.RSP] = Val{Ptr: true, Base: StackBase}
	for i, a := range arrs {
		x.regs[ArgRegs[i]] = Val{Ptr: true, Base: a.Base}
	}
	for i, in := range p.Insts {
		x.inst = i
		if x.res.Returned {
			x.violate("instruction after ret")
			break
		}
		before, rsp := g.Len(), x.regs[x86.RSP]
		x.exec(in)
		x.release(rsp)
		x.limitTerms()
		// Every class this instruction created was first made by it.
		for id := before; id < g.Len(); id++ {
			x.note(egraph.Id(id))
		}
		if x.bad != nil {
			break
		}
	}
	if x.bad == nil && !x.res.Returned {
		x.inst = len(p.Insts)
		x.violate("the program does not end with ret (truncated?)")
		x.bad.Shape = true
	}
	x.res.Regs, x.res.Mem, x.res.Violation = x.regs, x.mem, x.bad
	return x.res
}

// note records that the current instruction produced id.
func (x *asmExec) note(id egraph.Id) egraph.Id {
	if _, ok := x.res.Creator[id]; !ok {
		x.res.Creator[id] = x.inst
	}
	return id
}

func (x *asmExec) value(id egraph.Id) Val { return Val{Id: x.note(id)} }

// word is the value of v. A pointer used as a number (xor rsi, rsi on a dead argument
// register, say) becomes an unknown constant of its own: sound, and it can only reach an
// output through a failed comparison.
func (x *asmExec) word(v Val) egraph.Id {
	if v.Ptr {
		return x.g.Sym(fmt.Sprintf("address(%d%+d)", v.Base, v.Off), egraph.Mask(64))
	}
	return v.Id
}

func (x *asmExec) setFlag(f int, id egraph.Id) { x.flags[f] = flag{x.note(id), true} }

func (x *asmExec) undefFlags(fs ...int) {
	for _, f := range fs {
		x.flags[f] = flag{}
	}
}

func (x *asmExec) getFlag(f int) egraph.Id {
	if !x.flags[f].ok {
		x.violate("reads %s, which is undefined here", flagNames[f])
		return x.g.Word(0)
	}
	return x.flags[f].id
}

// setZS sets ZF and SF from a 64-bit result.
func (x *asmExec) setZS(res egraph.Id) { x.setZSW(res, 64) }

// setZSW sets ZF and SF from a w-bit result.
func (x *asmExec) setZSW(res egraph.Id, w int) {
	x.setFlag(fZF, x.g.IsZero(res))
	x.setFlag(fSF, x.g.Shr(res, w-1))
}

// width is the operation size of an ALU, logic or shift instruction in bits: 8 for the
// byte forms, 32 for the 32-bit ones, else 64.
func width(in x86.Inst) int {
	switch {
	case in.IsByteALU() || len(in.Args) > 0 && in.Args[0].Kind == x86.KindReg && in.Args[0].Reg.IsGP8():
		return 8
	case in.Dword():
		return 32
	}
	return 64
}
