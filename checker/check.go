package checker

import (
	"fmt"
	"slices"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/checker/symexec"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// DefaultTrials is the number of inputs a check runs on both sides when the proof fails
// (edge inputs first), before it searches on for a counterexample (SearchTrials).
const DefaultTrials = 256

// ProvedExtraTrials is how many random inputs a proved check runs on both sides after its
// edge inputs, unless Options.RandomTrials says otherwise. The proof is the guarantee;
// the trials after it only catch a checker bug (a rule that proves a wrong program), and
// the 256 trials every check ran were a quarter of the examples' check CPU
// (docs/checker.md), for no case that fewer missed (checker/guardcheck.sh).
const ProvedExtraTrials = 32

// Options configures Check.
type Options struct {
	Aliasing ir.Aliasing // ir.AliasOut1Arg1: out1 and arg1 are one array
	// RandomTrials is how many inputs (edge inputs first, then random ones) both sides
	// run, proved or not. 0: the edge inputs (at most DefaultTrials) and ProvedExtraTrials
	// more when the proof holds; DefaultTrials when it fails.
	RandomTrials int
	Seed         uint64 // seeds the random inputs
	// WipeSpills also requires every stack word the function wrote to be 0 at ret
	// (code generated with --wipe-spills).
	WipeSpills bool
	// Lines gives, for CheckProgram, the 1-based source line of each instruction (0 or
	// absent: unknown), so that reports about a decoded object can name lines.
	Lines []int
}

// Failure is one proof obligation that does not hold.
type Failure struct {
	What        string `json:"what"`                  // "out1[2]", "rbx", "rsp", "program"
	IRExpr      string `json:"ir_expr,omitempty"`     // the IR's value, readable
	AsmExpr     string `json:"asm_expr,omitempty"`    // the assembly's value or the violation
	Instruction string `json:"instruction,omitempty"` // where the assembly first diverged
	Line        int    `json:"line,omitempty"`        // its 1-based source line (0: unknown)
	IRNarrow    string `json:"ir_differs,omitempty"`  // the smallest differing subterm, IR side
	AsmNarrow   string `json:"asm_differs,omitempty"` // and assembly side
	// Opaque names the earliest flag the checker could not express (an overflow flag it
	// leaves uninterpreted) that the assembly's value depends on: often the real cause.
	Opaque string `json:"opaque,omitempty"`
}

// Counterexample is an input on which the IR and the assembly disagree.
type Counterexample struct {
	Inputs [][]uint64 `json:"inputs"` // per argument array
	IR     [][]uint64 `json:"ir"`     // the IR's outputs
	Asm    [][]uint64 `json:"asm"`    // the assembly's outputs
	Error  string     `json:"error,omitempty"`
}

// Report is the outcome of Check.
type Report struct {
	Function       string          `json:"function"`
	Proved         bool            `json:"proved"`
	Outputs        int             `json:"outputs"` // output words compared
	Instructions   int             `json:"instructions"`
	Classes        int             `json:"classes"` // E-graph size
	Failures       []Failure       `json:"failures,omitempty"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	Trials         int             `json:"random_trials"`
	CheckerBug     bool            `json:"checker_bug,omitempty"`
	Note           string          `json:"note,omitempty"`
	Duration       time.Duration   `json:"duration_ns"`
	// AliasSafe: proved, and every input limb is read before out1's limb at the same offset
	// is written, so the proof holds also when out1 is one of the inputs (or all of them).
	AliasSafe bool `json:"alias_safe"`
}

// Check proves that asm (GNU or NASM text of one function) computes fn for every input
// within fn's bounds, under the function ABI. The error is for bad input only (text that
// does not parse, an unsupported IR); a failed proof is a Report with Proved false.
func Check(fn *ir.Func, asm []byte, opts Options) (Report, error) {
	prog, err := x86.Parse(asm)
	if err != nil {
		return Report{Function: fn.Name}, fmt.Errorf("assembly: %w", err)
	}
	opts.Lines = nil
	return check(fn, prog, asm, opts)
}

// CheckProgram is Check for a program decoded from the bytes of an object (the thing that
// is linked): the same proof, with source lines in reports only from opts.Lines.
func CheckProgram(fn *ir.Func, prog *x86.Program, opts Options) (Report, error) {
	return check(fn, prog, nil, opts)
}

func check(fn *ir.Func, prog *x86.Program, asm []byte, opts Options) (Report, error) {
	start := time.Now()
	rep := Report{Function: fn.Name}
	if opts.Aliasing > ir.AliasOut1Arg1 {
		return rep, fmt.Errorf("checker: unknown %s", opts.Aliasing)
	}
	if opts.RandomTrials > MaxTrials {
		return rep, fmt.Errorf("%d random trials: at most %d", opts.RandomTrials, MaxTrials)
	}
	if err := ir.Verify(fn); err != nil {
		return rep, fmt.Errorf("IR: %w", err)
	}
	rep.Instructions = len(prog.Insts)
	if rep.Instructions > MaxInstructions {
		return rep, fmt.Errorf("%d instructions: the checker's limit is %d", rep.Instructions, MaxInstructions)
	}
	c, err := prove(egraph.NewWithout(attempts[0]...), fn, prog, asm, opts)
	if err != nil {
		return rep, err
	}
	if len(c.failures) > 0 && c.asm.Violation == nil {
		// The rules normalise (first match wins), so a rule that proves one function can
		// steer another's two sides apart: try again with the other rule sets, and keep
		// the attempt with fewer failed obligations (the more precise refusal).
		for _, skips := range attempts[1:] {
			if len(c.failures) == 0 {
				break
			}
			if alt, err := prove(egraph.NewWithout(skips...), fn, prog, asm, opts); err == nil && len(alt.failures) < len(c.failures) {
				c = alt
			}
		}
	}
	rep.Failures = c.failures
	rep.Outputs = c.outputs
	rep.Classes = c.g.Len()
	rep.Proved = len(rep.Failures) == 0
	rep.AliasSafe = rep.Proved && c.asm.LateRead == 0
	c.randomTest(&rep, opts)
	rep.Duration = time.Since(start)
	return rep, nil
}

// attempts are the rule sets a proof tries in turn, each named by the rules it leaves out;
// the first is the main set, the others are tried only when it fails.
//
// Only the fourth and fifth have mod-borrow-zero (egraph's rules_borrow.go, clang's p256 mul and
// square: x - 0 - borrow added as a sign mask), add-recombine-field and mod-join-borrows
// (rules_wide.go: the compilers' shrd of a u128 difference and clang's sum of the
// products it subtracts, p448_solinas' golden-ratio Karatsuba), added after the others so
// that what they prove is proved as before.
//
// The main set leaves out the doubled-square rules (egraph's rules_double.go): they prove
// clang's squares that double each product pair (curve25519_solinas; also clang's sm2
// mul and square and p434 square), but a first version of them steered gcc's p434 and
// both compilers' p448_saturated mul apart; they come fourth, with every other rule, so
// that what the other sets prove is proved as before.
//
// The second attempt leaves out add-carry-mod: it proves compiler objects' carry splits
// (docs/checker.md) but steers p448_saturated mul's sums to a normal form its IR does not
// reach; so do mod-scaled and mod-push-scaled (compile's p448_saturated mul, both needed
// out).
//
// The third leaves out shr-drop-low alone: it proves clang's p384 but steers gcc's
// sparse-fold squares (p448_saturated, objcheck's TestSparseFoldThreeLimbs) apart, which
// need the rules the second attempt drops.
//
// The fifth has every rule but mod-scaled and mod-push-scaled: clang's p448_solinas square
// subtracts a product from one sum (2*a0*a1 - 2*a2*a3) before adding the rest of its
// column, and mod-scaled writes that difference's low word as 2*(... mod 2^63), which
// add-carry does not see as the low word of the sum whose carry clang took; without the
// two the square is proved, and so is clang's p448_saturated square (docs/checker.md).
//
// The sixth has the quotient rules (egraph's rules_quotient.go, gcc's sm2 mul and square:
// carries of the Montgomery quotient's products with p's 2^64-1 limbs), add-carry-mod-narrow
// in place of add-carry-mod, and neither the doubled-square rules nor mod-scaled and
// mod-push-scaled; the five sets before it leave the quotient rules out, so that what
// they prove is proved as before.
var attempts = [][]string{
	slices.Concat(egraph.DoubleRules, egraph.BorrowRules, egraph.WideRules, egraph.QuotientRules),
	slices.Concat(egraph.DoubleRules, egraph.BorrowRules, egraph.WideRules, egraph.QuotientRules, []string{"add-carry-mod", "mod-scaled", "mod-push-scaled"}),
	slices.Concat(egraph.DoubleRules, egraph.BorrowRules, egraph.WideRules, egraph.QuotientRules, []string{"shr-drop-low"}),
	egraph.QuotientRules,
	slices.Concat(egraph.QuotientRules, []string{"mod-scaled", "mod-push-scaled"}),
	slices.Concat(egraph.DoubleRules, []string{"add-carry-mod", "mod-scaled", "mod-push-scaled"}),
}

// prove runs both sides symbolically into g and lists the failed obligations.
func prove(g *egraph.EGraph, fn *ir.Func, prog *x86.Program, asm []byte, opts Options) (*comparison, error) {
	irRes, err := symexec.ExecIR(g, fn)
	if err != nil {
		return nil, err
	}
	if err := g.TooBig(); err != nil {
		return nil, fmt.Errorf("IR: %w", err)
	}
	arrs, err := symexec.Layout(fn, symexec.InputSyms(g, fn), opts.Aliasing == ir.AliasOut1Arg1)
	if err != nil {
		return nil, err
	}
	asmRes := symexec.ExecAsm(g, prog, arrs)
	c := &comparison{g: g, fn: fn, prog: prog, src: asm, lines: opts.Lines, ir: irRes, asm: asmRes, arrs: arrs}
	if err := c.shapeError(); err != nil {
		return nil, err
	}
	c.failures = c.compare()
	if opts.WipeSpills && c.asm.Violation == nil {
		c.failures = append(c.failures, c.wiped()...)
	}
	return c, nil
}

type comparison struct {
	g        *egraph.EGraph
	fn       *ir.Func
	prog     *x86.Program
	src      []byte
	lines    []int // source lines of a decoded program (src is nil then)
	ir       *symexec.IRResult
	asm      *symexec.AsmResult
	arrs     []symexec.Array
	outputs  int
	failures []Failure       // the obligations that do not hold
	ref      *interp.Machine // the IR interpreter of random testing, compiled once
	reads    []uint8         // readMasks(prog) for the emulator, worked out once
}

// compare lists the obligations that do not hold in the symbolic final states.
func (c *comparison) compare() []Failure {
	var fs []Failure
	if v := c.asm.Violation; v != nil {
		fs = append(fs, Failure{What: "program", AsmExpr: v.What})
		c.locate(&fs[0], v.Inst)
		return fs
	}
	for r, ret := range c.fn.Rets {
		a := c.arrs[r]
		for i := range ret.Limbs {
			c.outputs++
			what := symexec.LimbName(a.Name, i)
			want := c.ir.Outputs[r][i]
			v, ok := c.asm.Load(a.Base, int64(8*i))
			switch {
			case !ok:
				fs = append(fs, Failure{What: what, IRExpr: c.format(want), AsmExpr: "never written"})
			case v.Ptr:
				fs = append(fs, Failure{What: what, IRExpr: c.format(want), AsmExpr: "a pointer"})
			case c.g.Find(v.Id) != c.g.Find(want):
				fs = append(fs, c.differ(what, want, v.Id))
			}
		}
	}
	return append(fs, c.abi()...)
}

// abi checks that callee-saved registers and rsp are restored.
func (c *comparison) abi() []Failure {
	var fs []Failure
	for _, r := range x86.CalleeSaved {
		v := c.asm.Regs[r]
		want := c.g.Sym(symexec.InitRegName(r), egraph.Mask(64))
		if v.Ptr || c.g.Find(v.Id) != want {
			f := Failure{What: r.String(), IRExpr: symexec.InitRegName(r), AsmExpr: "a pointer"}
			if !v.Ptr {
				f.AsmExpr = c.format(v.Id)
				if i, ok := c.asm.Creator[c.g.Find(v.Id)]; ok {
					c.locate(&f, i)
				}
			}
			fs = append(fs, f)
		}
	}
	if sp := c.asm.Regs[x86.RSP]; !sp.Ptr || sp.Base != symexec.StackBase || sp.Off != 0 {
		fs = append(fs, Failure{What: "rsp", IRExpr: "rsp at entry",
			AsmExpr: fmt.Sprintf("rsp%+d at ret", sp.Off)})
	}
	return fs
}

const formatDepth = 6

func (c *comparison) format(id egraph.Id) string { return c.g.Format(id, formatDepth) }

func (c *comparison) differ(what string, want, got egraph.Id) Failure {
	f := Failure{What: what, IRExpr: c.format(want), AsmExpr: c.format(got)}
	a, b, combiner := narrow(c.g, want, got)
	if a != want {
		f.IRNarrow, f.AsmNarrow = c.format(a), c.format(b)
	}
	f.Opaque = c.opaqueFlag(got)
	// The instruction that combined the differing operands, else the earliest one that
	// built a term the IR never computes from IR operands.
	if i, ok := c.asm.Creator[c.g.Find(combiner)]; ok {
		c.locate(&f, i)
	} else if i, ok := c.firstDivergence(got); ok {
		c.locate(&f, i)
	}
	return f
}
