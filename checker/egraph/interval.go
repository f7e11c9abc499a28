package egraph

// bound is an upper bound of a node's value from its arguments' bounds (Max: unknown).
func (g *EGraph) bound(n Node) U128 {
	switch n.Op {
	case OpConst, OpSym, OpOpaque:
		return n.Val
	case OpAdd:
		ub := n.Val
		for i, a := range n.Args {
			ub = satAdd(ub, satMul(n.Coef[i], g.UB(a)))
		}
		return ub
	case OpMul:
		ub := W(1)
		for _, a := range n.Args {
			ub = satMul(ub, g.UB(a))
		}
		return ub
	case OpMod:
		if ub := g.UB(n.Args[0]); fits(ub, n.K) {
			return ub
		}
		return Mask(n.K)
	case OpShr:
		if ub := g.UB(n.Args[0]); ub != Max {
			return ub.Shr(n.K)
		}
		return Max
	case OpNot:
		return Mask(n.K)
	case OpAnd:
		ub := Max
		for _, a := range n.Args {
			if b := g.UB(a); b.Cmp(ub) < 0 {
				ub = b
			}
		}
		return ub
	case OpOr, OpXor:
		w := 0
		for _, a := range n.Args {
			b := g.UB(a)
			if b == Max {
				return Max
			}
			w = max(w, b.BitLen())
		}
		return Mask(w)
	case OpSelect:
		a, b := g.UB(n.Args[1]), g.UB(n.Args[2])
		if a.Cmp(b) < 0 {
			return b
		}
		return a
	case OpIsZero:
		return W(1)
	}
	return Max
}
