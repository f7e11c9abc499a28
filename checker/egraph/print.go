package egraph

import (
	"strconv"
	"strings"
)

// Format writes id as an s-expression, eliding subterms deeper than depth with "…".
// The syntax is the one Parse reads.
func (g *EGraph) Format(id Id, depth int) string {
	var b strings.Builder
	g.format(&b, id, depth)
	return b.String()
}

func (g *EGraph) format(b *strings.Builder, id Id, depth int) {
	n := g.Node(id)
	switch n.Op {
	case OpConst:
		b.WriteString(n.Val.String())
		return
	case OpSym:
		b.WriteString(n.Name)
		return
	}
	if depth <= 0 {
		b.WriteString("…")
		return
	}
	if n.Op == OpAdd && len(n.Args) == 1 && n.Val.IsZero() {
		b.WriteString("(* " + n.Coef[0].String() + " ")
		g.format(b, n.Args[0], depth-1)
		b.WriteByte(')')
		return
	}
	b.WriteByte('(')
	if n.Op == OpOpaque {
		b.WriteString("@" + n.Name)
	} else {
		b.WriteString(n.Op.String())
	}
	for i, a := range n.Args {
		b.WriteByte(' ')
		if n.Coef != nil && n.Coef[i] != W(1) {
			b.WriteString("(* " + n.Coef[i].String() + " ")
			g.format(b, a, depth-1)
			b.WriteByte(')')
			continue
		}
		g.format(b, a, depth-1)
	}
	switch n.Op {
	case OpAdd:
		if !n.Val.IsZero() {
			b.WriteString(" " + n.Val.String())
		}
	case OpMod, OpShr, OpNot:
		b.WriteString(" " + strconv.Itoa(n.K))
	}
	b.WriteByte(')')
}
