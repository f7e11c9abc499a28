package codegen

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// Plan is the per-function analysis shared by every candidate: operation dependencies,
// decision points, use counts and precomputed comments. It is read-only after NewPlan,
// so one Plan may generate candidates from several goroutines.
type Plan struct {
	f        *ir.Func
	deps     [][]int
	options  []int
	decBase  []int32   // decBase[j] is the first decision of instruction j, -1 if none
	appended int       // the last decisions, added after genomes were kept (appended.go)
	param    []limbRef // per value (and pseudo-value): the parameter limb it is, if any
	useStart []int32   // per value, where its use times start in the per-candidate array
	consts   []uint64  // constants used by instructions: pseudo-values nv+numPtrs+i (valueOf)
	nt       int       // values + pointers + constants
	stores   []ir.Arg  // the output limbs: stores[k] goes to out1[k]
	// texts are every comment the code may carry, precomputed (no formatting per
	// candidate): texts[0] is none, then a run per kind (textOp, …) from textAt[kind].
	texts  []string
	textAt [numTexts]int32
	pool   sync.Pool
}

// limbRef locates a parameter limb in memory: pointer pseudo-value index and limb.
type limbRef struct {
	ptr  int32 // -1: not a parameter limb
	limb int32
}

// Pointer pseudo-values follow the IR values: out1, arg1, arg2.
const numPtrs = 3

// NewPlan analyses f. A function not in machine form is lowered with ir.Lower first.
func NewPlan(f *ir.Func) (*Plan, error) {
	if err := checkMachine(f); err != nil {
		lowered, lerr := ir.Lower(f)
		if lerr != nil {
			return nil, fmt.Errorf("codegen: %s is not in machine form (%v) and lowering failed: %w", f.Name, err, lerr)
		}
		if err := checkMachine(lowered); err != nil {
			return nil, fmt.Errorf("codegen: lowered %s: %w", f.Name, err)
		}
		f = lowered
	}
	p := &Plan{f: f, stores: f.Rets[0].Limbs}
	p.analyseUses(p.analyseValues())
	p.analyseAppended()
	p.analyseTexts()
	return p, nil
}

// analyseValues finds each parameter limb, numbers the constants as pseudo-values after
// the pointers, and returns 1 + each value's defining operation (0 for parameters).
func (p *Plan) analyseValues() (def []int32) {
	f, nv := p.f, len(p.f.Values)
	def = make([]int32, nv)
	for j := range f.Body {
		for _, r := range f.Body[j].Results {
			def[r] = int32(1 + j)
		}
		for _, a := range f.Body[j].Args {
			if a.IsConst && !slices.Contains(p.consts, a.Imm) {
				p.consts = append(p.consts, a.Imm)
			}
		}
	}
	p.nt = nv + numPtrs + len(p.consts)
	p.param = make([]limbRef, p.nt)
	for v := range p.param {
		p.param[v].ptr = -1
	}
	for i, prm := range f.Params {
		for j, v := range prm.Limbs {
			p.param[v] = limbRef{ptr: int32(nv + 1 + i), limb: int32(j)}
		}
	}
	return def
}

// analyseUses finds the dependencies, the decision points and the output limbs, and lays
// out the per-candidate use-time arrays by counting uses: each operand (and the pointer
// of a parameter limb), and each store (its value, the out1 pointer, the pointer of a
// parameter limb stored straight to the output).
func (p *Plan) analyseUses(def []int32) {
	f, nv := p.f, len(p.f.Values)
	p.useStart = make([]int32, p.nt+1)
	use := func(a ir.Arg) {
		v, _ := p.valueOf(a)
		p.useStart[v+1]++
		if ptr := p.param[v].ptr; ptr >= 0 {
			p.useStart[ptr+1]++
		}
	}
	p.deps, p.decBase = make([][]int, len(f.Body)), make([]int32, len(f.Body))
	p.options = append(p.options, 3) // decSpill
	for j := range f.Body {
		in := &f.Body[j]
		for _, a := range in.Args {
			use(a)
			if d := int(def[a.Val]) - 1; !a.IsConst && d >= 0 && !slices.Contains(p.deps[j], d) {
				p.deps[j] = append(p.deps[j], d)
			}
		}
		p.decBase[j] = -1
		if k := numOptions(in); k > 1 {
			p.decBase[j], p.options = int32(len(p.options)), append(p.options, k)
		}
	}
	for _, a := range p.stores {
		p.useStart[nv+1]++
		if !a.IsConst {
			use(a)
		}
	}
	for v := range p.nt {
		p.useStart[v+1] += p.useStart[v]
	}
}

// analyseTexts precomputes every comment, so candidates format nothing.
func (p *Plan) analyseTexts() {
	f, nv := p.f, len(p.f.Values)
	names := make([]string, p.nt)
	for v := range f.Values {
		names[v] = f.Values[v].Name
	}
	names[nv], names[nv+1], names[nv+2] = "out1 pointer", "arg1 pointer", "arg2 pointer"
	for i, k := range p.consts {
		names[nv+numPtrs+i] = fmt.Sprintf("%#x", k)
	}
	p.texts, p.textAt[textOp] = []string{""}, 1
	for j := range f.Body {
		p.texts = append(p.texts, describe(f, &f.Body[j]))
	}
	p.textAt[textStore] = int32(len(p.texts))
	for k, a := range p.stores {
		name := fmt.Sprintf("%#x", a.Imm)
		if !a.IsConst {
			name = f.NameOf(a.Val)
		}
		p.texts = append(p.texts, fmt.Sprintf("out1[%d] = %s", k, name))
	}
	for k, prefix := range [...]string{"", "spill ", "reload ", "save ", "CF = "} {
		p.textAt[textName+k] = int32(len(p.texts))
		for _, name := range names {
			p.texts = append(p.texts, prefix+name)
		}
	}
}

// valueOf is a's value: an IR value, or the pseudo-value of a constant instructions use
// (false if none do). A function has few constants: a scan beats a map.
func (p *Plan) valueOf(a ir.Arg) (int32, bool) {
	if !a.IsConst {
		return int32(a.Val), true
	}
	if i := slices.Index(p.consts, a.Imm); i >= 0 {
		return int32(len(p.f.Values) + numPtrs + i), true
	}
	return -1, false
}

// Deps lists, for every operation, the operations it reads from.
func (p *Plan) Deps() [][]int { return p.deps }

// Options is the number of choices of every decision point.
func (p *Plan) Options() []int { return p.options }

// Classes labels every decision with the operation it belongs to (search.Problem.Classes):
// decisions of one operation kind choose between the same instructions (DescribeDecision:
// shrd or a flag-free split, add or lea, ...), so the search may switch them all at once.
// Decisions that place a value rather than pick an instruction (mulx's rdx operand, the
// CF or OF chain of an addition) and the spill decision get -1, each a class of its own:
// switching all of those at once undoes the schedule rather than the selection.
func (p *Plan) Classes() []int {
	c := make([]int, len(p.options))
	for d := range c {
		c[d] = -1
	}
	for j, d := range p.decBase {
		if op := p.f.Body[j].Op; d >= 0 && op != ir.OpMulx && op != ir.OpAddCarryx {
			c[d] = int(op)
		}
	}
	return c
}

// Func is the machine-form function the genome's order indexes.
func (p *Plan) Func() *ir.Func { return p.f }

// DescribeDecision says what decision d chooses between.
func (p *Plan) DescribeDecision(d int) string {
	if d == decSpill {
		return "spill area: 0 red zone (frame if it overflows), 1 explicit frame, 2 xmm registers first"
	}
	j := slices.Index(p.decBase, int32(d))
	if j < 0 || d < 0 {
		return fmt.Sprintf("decision %d does not exist", d)
	}
	what := map[ir.Op]string{
		ir.OpMulx:      "operand loaded into rdx: 0 first, 1 second (one already in rdx wins)",
		ir.OpAddCarryx: "carry chain: 0 CF (add/adcx), 1 OF (adox)",
		ir.OpCmovznz:   "destination starts as: 0 the zero-case value (cmovnz), 1 the non-zero one (cmovz)",
		ir.OpShr:       "0 shr, 1 shrx (flag-free)",
		ir.OpShl:       "0 shl, 1 shlx (flag-free)",
		ir.OpShrd:      "0 shrd, 1 shrx+shlx+lea (flag-free), 2 shld into the high word when it dies and the low word lives on (else shrd)",
		ir.OpAdd:       "0 add, 1 lea (flag-free)",
		ir.OpSub:       "0 sub, 1 lea (flag-free)",
		ir.OpMul:       "0 lea/shift sequence (keeps the multiplier free for mulx), 1 imul",
		ir.OpAnd:       "0 and with the mask in a register, 1 bzhi",
		ir.OpCast:      "appended: 0 and r, 1, 1 none (the operand is 0 or 1 within the input bounds)",
	}[p.f.Body[j].Op]
	return fmt.Sprintf("operation %d (%s): %s", j, p.text(textOp, int32(j)), what)
}

// describe renders an instruction like the math: "x5, x6 = mulx(x4, arg2[3])".
func describe(f *ir.Func, in *ir.Instr) string {
	res, args := make([]string, len(in.Results)), make([]string, len(in.Args))
	for i, r := range in.Results {
		res[i] = f.NameOf(r)
	}
	for i, a := range in.Args {
		switch {
		case !a.IsConst:
			args[i] = f.NameOf(a.Val)
		case a.Imm < 10:
			args[i] = fmt.Sprint(a.Imm)
		default:
			args[i] = fmt.Sprintf("%#x", a.Imm)
		}
	}
	lhs := strings.Join(res, ", ") + " = "
	infix := map[ir.Op]string{ir.OpAdd: "+", ir.OpSub: "-", ir.OpMul: "*", ir.OpAnd: "&",
		ir.OpOr: "|", ir.OpShr: ">>", ir.OpShl: "<<"}
	switch {
	case infix[in.Op] != "":
		return lhs + args[0] + " " + infix[in.Op] + " " + args[1]
	case in.Op == ir.OpNot:
		return lhs + "~" + args[0]
	case in.Op == ir.OpLNot:
		return lhs + "!" + args[0]
	case in.Op == ir.OpCast:
		return fmt.Sprintf("%s(%s)%s", lhs, in.Type, args[0])
	}
	return lhs + in.Op.String() + "(" + strings.Join(args, ", ") + ")"
}

// Comment kinds: the runs of Plan.texts.
const (
	textOp    = iota // per operation: "x5, x6 = mulx(x4, arg2[3])"
	textStore        // per output limb: "out1[0] = x9"
	textName         // per value (IR, pointer and constant pseudo-values): its name
	textSpill        // per value: "spill x9"
	textReload
	textSave
	textCF
	numTexts
)

// text is the comment of a kind for operation, output limb or value i.
func (p *Plan) text(kind int, i int32) string { return p.texts[p.textAt[kind]+i] }
