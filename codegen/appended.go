package codegen

import "github.com/rules-cryptopt/rules_cryptopt/ir"

// Appended decisions come after every decision of the first layout (the spill decision,
// then one run per instruction in IR order). Kept genomes predate them and stop short;
// their choice 0 is the program such a genome always made, so a decision added to
// codegen later never changes a kept genome's program (tests/seeds verify) and the
// search may still take the new choice.
//
// The one kind so far: a cast u64 → u1 whose operand the field contract bounds by 1
// (ir.UpperBounds), the final carry of the unsaturated functions, (u1)(x >> 51).
// 0 masks it (and r, 1) as the IR says; 1 keeps the register as it is, as clang does
// for our C when its range analysis of the masks and shifts before it finds the same:
// one instruction fewer at the end of the critical path.

// analyseAppended gives each such cast its decision after all the others.
func (p *Plan) analyseAppended() {
	f := p.f
	var ub []uint64
	for j := range f.Body {
		in := &f.Body[j]
		if in.Op != ir.OpCast || in.Args[0].IsConst || f.TypeOf(in.Results[0]) != ir.U1 || f.TypeOf(in.Args[0].Val) != ir.U64 {
			continue
		}
		if ub == nil {
			ub = ir.UpperBounds(f)
		}
		if ub[in.Args[0].Val] <= 1 {
			p.decBase[j], p.options = int32(len(p.options)), append(p.options, 2)
			p.appended++
		}
	}
}

// Appended is how many decisions, the last ones, were added after genomes had been kept
// (search.Problem.Appended): a genome may omit them, and they read as 0.
func (p *Plan) Appended() int { return p.appended }

// DefaultDecisions are codegen's own choices, the greedy and fiat starts' decisions: 0,
// except appended decisions whose choice 1 only removes an instruction.
func (p *Plan) DefaultDecisions() []int {
	dec := make([]int, len(p.options))
	for j, d := range p.decBase {
		if d >= 0 && p.f.Body[j].Op == ir.OpCast {
			dec[d] = 1
		}
	}
	return dec
}

// complete is decisions with the appended ones it lacks set to 0, in buf (never
// decisions' array: the caller owns it).
func (p *Plan) complete(decisions, buf []int) []int {
	buf = append(buf[:0], decisions...)
	return append(buf, make([]int, len(p.options)-len(decisions))...)
}
