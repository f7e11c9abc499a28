package checker

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
)

// reach collects the classes reachable from roots.
func reach(g *egraph.EGraph, roots ...egraph.Id) map[egraph.Id]bool {
	seen := map[egraph.Id]bool{}
	stack := append([]egraph.Id(nil), roots...)
	for len(stack) > 0 {
		id := g.Find(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		stack = append(stack, g.Node(id).Args...)
	}
	return seen
}

// firstDivergence finds the earliest instruction that produced a subterm of got which the
// IR never computes although all its operands are IR terms: where the two first part.
func (c *comparison) firstDivergence(got egraph.Id) (int, bool) {
	var roots []egraph.Id
	for _, out := range c.ir.Outputs {
		roots = append(roots, out...)
	}
	irTerms := reach(c.g, roots...)
	best, found := 0, false
	for id := range reach(c.g, got) {
		if irTerms[id] {
			continue
		}
		inst, ok := c.asm.Creator[id]
		if !ok {
			continue
		}
		minimal := true
		for _, a := range c.g.Node(id).Args {
			if a = c.g.Find(a); !irTerms[a] && c.g.Node(a).Op != egraph.OpConst {
				minimal = false
				break
			}
		}
		if minimal && (!found || inst < best) {
			best, found = inst, true
		}
	}
	return best, found
}

// locate fills the instruction text and source line of instruction i.
func (c *comparison) locate(f *Failure, i int) {
	if i < 0 || i >= len(c.prog.Insts) {
		f.Instruction = "(end of program)"
		return
	}
	f.Instruction = fmt.Sprintf("#%d %s", i+1, c.prog.Insts[i])
	if c.src == nil {
		if i < len(c.lines) {
			f.Line = c.lines[i]
		}
		return
	}
	lines := instructionLines(c.src)
	if len(lines) == len(c.prog.Insts) {
		f.Line = lines[i]
	}
}

// instructionLines lists the 1-based source lines that hold instructions, skipping
// comments, labels and directives (GNU and NASM).
func instructionLines(src []byte) []int {
	var out []int
	for n, line := range strings.Split(string(src), "\n") {
		code, _, _ := strings.Cut(line, ";")
		code, _, _ = strings.Cut(code, "#")
		code = strings.TrimSpace(code)
		if i := strings.Index(code, ":"); i >= 0 && !strings.ContainsAny(code[:i], " \t[") {
			code = strings.TrimSpace(code[i+1:])
		}
		f := strings.Fields(strings.ToLower(code))
		if len(f) == 0 || strings.HasPrefix(f[0], ".") {
			continue
		}
		switch f[0] {
		case "section", "global", "default", "bits", "extern", "align", "segment":
			continue
		}
		out = append(out, n+1)
	}
	return out
}

// narrow descends from two differing terms to the smallest pair of subterms that still
// differ while everything around them agrees: the part of the report a reader needs. It
// also returns the assembly side of the deepest pair with the same operator on both sides:
// the operation that combined the wrong operands.
func narrow(g *egraph.EGraph, a, b egraph.Id) (egraph.Id, egraph.Id, egraph.Id) {
	combiner := b
	for depth := 0; depth < 64; depth++ {
		na, nb := g.Node(a), g.Node(b)
		if na.Op != nb.Op || na.K != nb.K || na.Name != nb.Name {
			return a, b, combiner
		}
		combiner = b
		if len(na.Args) != len(nb.Args) || na.Val != nb.Val {
			return a, b, combiner
		}
		var onlyA, onlyB []egraph.Id
		for i := range na.Args {
			x, y := g.Find(na.Args[i]), g.Find(nb.Args[i])
			if x != y || (na.Coef != nil && na.Coef[i] != nb.Coef[i]) {
				onlyA, onlyB = append(onlyA, x), append(onlyB, y)
			}
		}
		if len(onlyA) != 1 {
			return a, b, combiner
		}
		a, b = onlyA[0], onlyB[0]
	}
	return a, b, combiner
}

// opaqueFlag describes the earliest uninterpreted flag term (of_add8, ...) that got depends
// on and the IR does not, with the instruction that made it; "" when there is none.
func (c *comparison) opaqueFlag(got egraph.Id) string {
	var roots []egraph.Id
	for _, out := range c.ir.Outputs {
		roots = append(roots, out...)
	}
	irTerms := reach(c.g, roots...)
	best, found := egraph.Id(0), false
	for id := range reach(c.g, got) {
		n := c.g.Node(id)
		if n.Op != egraph.OpOpaque || !strings.HasPrefix(n.Name, "of_") || irTerms[id] {
			continue
		}
		if !found || c.asm.Creator[id] < c.asm.Creator[best] {
			best, found = id, true
		}
	}
	if !found {
		return ""
	}
	i := c.asm.Creator[best]
	return fmt.Sprintf("%s from #%d %s: the checker does not know this overflow flag's value",
		c.g.Node(best).Name, i+1, c.prog.Insts[i])
}
