package codegen

import (
	"fmt"
	"math"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// FramePointer says whether rbp may be allocated.
type FramePointer int

// Frame pointer modes.
const (
	FramePointerOmit FramePointer = iota // rbp is an ordinary (callee-saved) register
	FramePointerSave                     // rbp is never touched
)

// Target is the calling convention the program is generated for.
type Target int

// Targets.
const (
	TargetSysV Target = iota // System V AMD64: red zone, callee-saved registers restored
	// TargetGo is Go's ABI0 on amd64 (see package goasm): rbp is never allocated, spills go
	// to a declared frame set up as the Go assembler does (push rbp; mov rbp, rsp; sub rsp,
	// N), there is no red zone, and rbx, r12–r15 need no saving. So that the C timing loop
	// can call it, the program is wrapped in a fixed push/pop of those five registers,
	// identical for every candidate; goasm.Split removes it.
	TargetGo
)

// Options are the per-build settings that are not part of the genome.
type Options struct {
	FramePointer FramePointer
	Aliasing     ir.Aliasing
	Symbol       string
	// WipeSpills zeroes, before ret, every stack word the function wrote (spill slots and
	// the callee-saved registers it pushed), so no secret outlives the call on the stack.
	WipeSpills bool
	Target     Target
}

// never is the use time of a value that has no further use.
const never = math.MaxInt32

// genError is an internal invariant failure, raised with panic inside the passes and
// returned as an error by Generate.
type genError struct{ err error }

func fail(format string, args ...any) {
	panic(genError{fmt.Errorf(format, args...)})
}

// Generate compiles the function for one genome: the operation order (a topological order
// of Plan.Deps) and one choice per decision. It returns the program and the decisions as
// actually applied (a decision overridden for correctness or cost reports the choice made).
// The genome must be valid for the plan: search owns that check (search.Genome.Validate
// with Problem{Deps: p.Deps(), Options: p.Options()}; search.File.Fits for a genome file),
// and genomes from search.Random or its mutations are valid by construction.
func (p *Plan) Generate(order []int, decisions []int, opts Options) (prog *x86.Program, used []int, err error) {
	g, _ := p.pool.Get().(*gen)
	if g == nil {
		g = &gen{}
	}
	defer p.pool.Put(g)
	defer func() {
		if r := recover(); r != nil {
			ge, ok := r.(genError)
			if !ok {
				panic(r)
			}
			prog, used, err = nil, nil, fmt.Errorf("codegen: %s: %w", p.f.Name, ge.err)
		}
	}()
	g.reset(p, order, decisions, opts)
	passes := []func(){g.schedule, g.selectAndAllocate, g.frame}
	for _, pass := range passes {
		pass()
	}
	prog = &x86.Program{Symbol: opts.Symbol, Insts: g.out}
	g.opsHint = 3*len(g.out) + 16
	if err := Verify(p, prog, opts); err != nil {
		return nil, nil, fmt.Errorf("codegen: %s: verify: %w", p.f.Name, err)
	}
	return prog, append([]int(nil), g.used...), nil
}

// schedule fixes the time of every use: instruction at position i reads its operands at
// time 2i; results are stored at odd times.
func (g *gen) schedule() {
	p := g.p
	nv := len(g.f.Values)
	lastArg1 := int32(-1)
	for i, j := range g.order {
		for _, a := range g.f.Body[j].Args {
			t := int32(2 * i)
			if a.IsConst {
				g.addUse(p.constID[a.Imm], t)
				continue
			}
			g.addUse(int32(a.Val), t)
			if r := p.param[a.Val]; r.ptr >= 0 {
				g.addUse(r.ptr, t)
				if int(r.ptr) == nv+1 {
					lastArg1 = t
				}
			}
		}
		for _, r := range g.f.Body[j].Results {
			g.defPos[r] = int32(i)
		}
	}
	end := int32(2*len(g.order) - 1)
	for k, s := range p.stores {
		t := end
		if !s.arg.IsConst && g.defPos[s.arg.Val] >= 0 {
			t = 2*g.defPos[s.arg.Val] + 1
			if g.opts.Aliasing == ir.AliasOut1Arg1 && t < lastArg1+1 {
				t = lastArg1 + 1
			}
		}
		g.storeTime[k] = max(t, 1)
		if !s.arg.IsConst && g.storeTime[k] < g.valStore[s.arg.Val] {
			g.valStore[s.arg.Val] = g.storeTime[k]
		}
	}
	// The out1 pointer is used by every store; a parameter limb stored to the output
	// needs its own pointer then too.
	for k, s := range p.stores {
		g.insertUse(int32(nv), g.storeTime[k])
		if !s.arg.IsConst && p.param[s.arg.Val].ptr >= 0 {
			g.insertUse(p.param[s.arg.Val].ptr, g.storeTime[k])
		}
	}
}

// insertUse adds a use of v at time t, keeping v's uses sorted.
func (g *gen) insertUse(v, t int32) {
	base := g.p.useStart[v]
	at := base + g.fill[v]
	for at > base && g.usePos[at-1] > t {
		g.usePos[at] = g.usePos[at-1]
		at--
	}
	g.usePos[at] = t
	g.fill[v]++
}

func (g *gen) addUse(v int32, t int32) {
	g.usePos[g.p.useStart[v]+g.fill[v]] = t
	g.fill[v]++
}

// nextNeed is the first time ≥ now at which v is read or stored, never if none.
func (g *gen) nextNeed(v int32) int32 {
	start, end := g.p.useStart[v], g.p.useStart[v+1]
	c := g.useCur[v]
	for start+c < end && g.usePos[start+c] < g.now {
		c++
	}
	g.useCur[v] = c
	t := int32(never)
	if start+c < end {
		t = g.usePos[start+c]
	}
	if int(v) < len(g.valStore) && g.valStore[v] >= g.now && g.valStore[v] < t {
		t = g.valStore[v]
	}
	return t
}

func (g *gen) live(v int32) bool { return g.nextNeed(v) != never }

// selectAndAllocate walks the schedule: instruction selection, flags and registers.
func (g *gen) selectAndAllocate() {
	for i, j := range g.order {
		g.now = int32(2 * i)
		g.lock = 0
		in := &g.f.Body[j]
		g.cmt = g.p.comments[j]
		g.selectInstr(in, g.p.decBase[j])
		g.now = int32(2*i + 1)
		g.lock = 0
		g.flushStores(false)
	}
	g.now = int32(2*len(g.order) - 1)
	g.lock = 0
	g.flushStores(true)
}

// flushStores writes every output limb whose time has come (all of them at the end).
func (g *gen) flushStores(all bool) {
	for k, s := range g.p.stores {
		if g.stored[k] || (!all && g.storeTime[k] > g.now) {
			continue
		}
		if g.opts.Aliasing == ir.AliasOut1Arg1 && !g.arg1Dirty {
			g.protectArg1()
		}
		ptr := g.ensureReg(int32(len(g.f.Values)))
		g.lockReg(ptr)
		dst := x86.M(ptr, 8*s.limb)
		var src x86.Operand
		if s.arg.IsConst && fitsImm32(int64(s.arg.Imm)) {
			src = x86.I(int64(s.arg.Imm))
		} else {
			src = g.operand(s.arg, opReg)
		}
		g.emit(x86.MOV, g.p.storeNote[k], dst, src)
		g.stored[k] = true
	}
}

// protectArg1 runs before the first store when out1 may equal arg1: arg1 limbs still to
// be stored are taken into registers (spilled if evicted), since memory stops holding them.
func (g *gen) protectArg1() {
	g.arg1Dirty = true
	arg1 := int32(len(g.f.Values) + 1)
	for k, s := range g.p.stores {
		if g.stored[k] || s.arg.IsConst || g.p.param[s.arg.Val].ptr != arg1 {
			continue
		}
		v := int32(s.arg.Val)
		if g.reg[v] == x86.NoReg && g.slot[v] < 0 && g.xmm[v] == x86.NoReg {
			r := g.ensureReg(v)
			g.lock &^= 1 << r
		}
	}
}
