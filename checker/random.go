package checker

import (
	"fmt"
	"math/rand"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Concrete addresses of the random-testing machine.
const (
	outAddr   = 0x100000
	argStride = 0x100000
	stackTop  = 0x7f0000
	stackSize = 4096
)

// randomTest runs both sides on edge, uniform and carry-biased inputs. It confirms a
// failed proof with a counterexample (searching SearchTrials more carry-biased inputs
// when the first ones agree), and catches a proof that testing contradicts (a checker bug).
func (c *comparison) randomTest(rep *Report, opts Options) {
	rng := rand.New(rand.NewSource(int64(opts.Seed ^ 0x636865636b)))
	edges := interp.EdgeInputs(c.fn)
	opts.RandomTrials = trialCount(opts.RandomTrials, len(edges), rep.Proved)
	inputs := edges
	for len(inputs) < opts.RandomTrials {
		if len(inputs)%2 == 0 {
			inputs = append(inputs, interp.RandomInputs(c.fn, rng))
		} else {
			inputs = append(inputs, edgyInputs(c.fn, rng))
		}
	}
	inputs = inputs[:opts.RandomTrials]
	for _, in := range inputs {
		if c.trial(rep, in, opts, rng) {
			return
		}
	}
	if rep.Proved || !onlyValueFailures(rep.Failures) {
		return
	}
	// The edge inputs the first trials did not reach, then carry-biased ones.
	rest := edges[min(len(edges), opts.RandomTrials):]
	for k := range SearchTrials {
		in := edgyInputs(c.fn, rng)
		if k < len(rest) {
			in = rest[k]
		}
		if c.trial(rep, in, opts, rng) {
			rep.Note = fmt.Sprintf("counterexample found by the carry-biased search after %d trials", rep.Trials)
			return
		}
	}
	if c.flagSearch(rep, opts, rng) {
		rep.Note = fmt.Sprintf("counterexample found by the search steering an overflow flag's operands after %d trials", rep.Trials)
		return
	}
	rep.CheckerBug = true
	rep.Note = fmt.Sprintf("testing found no difference in %d trials (all edge inputs, and %d more biased to "+
		"carries near the bounds): the program is probably correct and the checker's rules could not prove it — a bug in the "+
		"checker's rules; please report it", rep.Trials, SearchTrials-min(len(rest), SearchTrials))
}

// trialCount is how many inputs randomTest runs first: asked (Options.RandomTrials) when
// given, else the edge inputs and ProvedExtraTrials more for a proof, DefaultTrials for
// a failed one. The inputs are the same sequence either way, so a proved check runs a
// prefix of what it ran before there were fewer trials after a proof.
func trialCount(asked, edges int, proved bool) int {
	switch {
	case asked > 0:
		return asked
	case proved:
		return min(edges, DefaultTrials) + ProvedExtraTrials
	}
	return DefaultTrials
}

// trial runs one input on both sides and reports whether it ended the testing: it
// recorded a counterexample or the IR interpreter failed.
func (c *comparison) trial(rep *Report, in [][]uint64, opts Options, rng *rand.Rand) bool {
	rep.Trials++
	want, err := c.reference(in)
	if err != nil {
		rep.Note = fmt.Sprintf("the IR interpreter failed: %v", err)
		return true
	}
	if c.reads == nil {
		c.reads = readMasks(c.prog)
	}
	got, err := runAsm(c.prog, c.reads, c.fn, in, opts.Aliasing == ir.AliasOut1Arg1, rng)
	if err == nil && equalOutputs(want, got) {
		return false
	}
	ce := &Counterexample{Inputs: in, IR: want, Asm: got}
	if err != nil {
		ce.Error = err.Error()
	}
	rep.Counterexample = ce
	if rep.Proved {
		rep.Proved, rep.CheckerBug = false, true
		rep.Note = "BUG in the checker: its rules proved a program that random testing shows wrong; please report it"
		rep.Failures = append(rep.Failures, Failure{What: "random testing", AsmExpr: describe(ce)})
	}
	return true
}

// reference is the IR interpreter's result on in (interp.Run's), from one compiled
// machine per check: compiling the function again for every trial was 15% of a check.
func (c *comparison) reference(in [][]uint64) ([][]uint64, error) {
	if c.ref == nil {
		m, err := interp.New(c.fn)
		if err != nil {
			return nil, err
		}
		c.ref = m
	}
	out := c.ref.NewOutputs()
	if err := c.ref.Eval(in, out); err != nil {
		return nil, err
	}
	return out, nil
}

func onlyValueFailures(fs []Failure) bool {
	for _, f := range fs {
		if f.What == "program" || f.What == "rsp" || f.AsmExpr == "never written" || f.AsmExpr == "a pointer" {
			return false
		}
	}
	return len(fs) > 0
}

func describe(ce *Counterexample) string {
	if ce.Error != "" {
		return "the assembly faults: " + ce.Error
	}
	return fmt.Sprintf("inputs %x: IR gives %x, assembly gives %x", ce.Inputs, ce.IR, ce.Asm)
}

func equalOutputs(a, b [][]uint64) bool {
	return slices.EqualFunc(a, b, func(x, y []uint64) bool { return slices.Equal(x, y) })
}

func limbBytes(limbs []uint64) []byte {
	b := make([]byte, 8*len(limbs))
	for i, v := range limbs {
		for j := range 8 {
			b[8*i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

func bytesLimbs(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		for j := 7; j >= 0; j-- {
			out[i] = out[i]<<8 | uint64(b[8*i+j])
		}
	}
	return out
}

// runAsm executes p concretely under the ABI with random junk in every other register
// and on the stack; it fails when callee-saved registers or rsp are not restored. reads
// is readMasks(p), or nil to work it out as it runs.
func runAsm(p *x86.Program, reads []uint8, fn *ir.Func, args [][]uint64, alias bool, rng *rand.Rand) ([][]uint64, error) {
	m := &emu{junk: rng, reads: reads}
	for r := range m.regs {
		m.regs[r] = rng.Uint64()
		for l := range m.vec[r] {
			m.vec[r][l] = rng.Uint64()
		}
	}
	stack := make([]byte, stackSize+8)
	for i := range stack {
		stack[i] = byte(rng.Uint32())
	}
	m.regions = append(m.regions, region{addr: stackTop - stackSize, data: stack})
	m.regs[x86.RSP] = stackTop
	outs := make([][]byte, len(fn.Rets))
	for i, r := range fn.Rets {
		outs[i] = make([]byte, 8*len(r.Limbs))
		if i == 0 && alias && len(args) > 0 {
			copy(outs[i], limbBytes(args[0]))
		}
		m.regions = append(m.regions, region{addr: uint64(outAddr + i*argStride), data: outs[i]})
		m.regs[symexec.ArgRegs[i]] = uint64(outAddr + i*argStride)
	}
	for i, a := range args {
		k := len(fn.Rets) + i
		addr := uint64(outAddr + k*argStride)
		if i == 0 && alias {
			addr = outAddr
		} else {
			m.regions = append(m.regions, region{addr: addr, data: limbBytes(a), ro: true})
		}
		m.regs[symexec.ArgRegs[k]] = addr
	}
	saved := m.regs
	if err := m.run(p); err != nil {
		return nil, err
	}
	for _, r := range x86.CalleeSaved {
		if m.regs[r] != saved[r] {
			return nil, fmt.Errorf("%s not restored", r)
		}
	}
	if m.regs[x86.RSP] != stackTop {
		return nil, fmt.Errorf("rsp not restored")
	}
	res := make([][]uint64, len(outs))
	for i, o := range outs {
		res[i] = bytesLimbs(o)
	}
	return res, nil
}
