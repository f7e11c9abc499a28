package egraph

// clang shrinks a mask by the bits it knows are zero: a square x*x is 0, 1 or 4 mod 8,
// so bit 1 of x*x + 4*T is always 0, and clang keeps the low 58 bits of such a sum (p521
// square's first limb) with the mask 2^58-3 instead of 2^58-1. knownLow tracks what a
// value can be modulo 8, enough to see that.

// residues is a set of values modulo 8: bit r set when the value can be r mod 8.
type residues uint8

const allResidues residues = 0xff

// knownDepth bounds knownLow's descent (terms deeper than that count as any residue).
const knownDepth = 6

// knownLow is a superset of the residues of id modulo 8.
func (g *EGraph) knownLow(id Id, depth int) residues {
	n := g.Node(id)
	if depth == 0 {
		return allResidues
	}
	switch n.Op {
	case OpConst:
		return 1 << (n.Val.Lo & 7)
	case OpMod:
		r := g.knownLow(n.Args[0], depth-1)
		if n.K >= 3 {
			return r
		}
		return r.mod(n.K)
	case OpAdd:
		acc := residues(1 << (n.Val.Lo & 7))
		for i, a := range n.Args {
			acc = acc.plus(g.knownLow(a, depth-1).times(n.Coef[i].Lo & 7))
		}
		return acc
	case OpMul:
		return g.knownMul(n, depth)
	}
	if ub := g.UB(id); ub.Hi == 0 && ub.Lo < 7 {
		return residues(1<<(ub.Lo+1) - 1)
	}
	return allResidues
}

// knownMul: a product's residue is the product of its factors' residues; a square x*x
// takes each residue of x with itself only (the factors are one value).
func (g *EGraph) knownMul(n Node, depth int) residues {
	acc := residues(1 << 1)
	for i := 0; i < len(n.Args); i++ {
		r := g.knownLow(n.Args[i], depth-1)
		if i+1 < len(n.Args) && g.Find(n.Args[i+1]) == g.Find(n.Args[i]) {
			r = r.squares()
			i++
		}
		acc = acc.mul(r)
	}
	return acc
}

func (s residues) each(f func(r uint64)) {
	for r := range uint64(8) {
		if s&(1<<r) != 0 {
			f(r)
		}
	}
}

func (s residues) mod(k int) residues {
	var out residues
	s.each(func(r uint64) { out |= 1 << (r & (1<<k - 1)) })
	return out
}

func (s residues) plus(t residues) residues {
	var out residues
	s.each(func(a uint64) { t.each(func(b uint64) { out |= 1 << ((a + b) & 7) }) })
	return out
}

func (s residues) mul(t residues) residues {
	var out residues
	s.each(func(a uint64) { t.each(func(b uint64) { out |= 1 << ((a * b) & 7) }) })
	return out
}

func (s residues) times(c uint64) residues {
	var out residues
	s.each(func(a uint64) { out |= 1 << ((a * c) & 7) })
	return out
}

func (s residues) squares() residues {
	var out residues
	s.each(func(a uint64) { out |= 1 << ((a * a) & 7) })
	return out
}

// zeroBits are the bits among 0..2 that no residue in s has set.
func (s residues) zeroBits() uint64 {
	var set uint64
	s.each(func(r uint64) { set |= r })
	return ^set & 7
}

// andKnownZero: x & c keeps the bits of c; where c lacks only bits that are 0 in x
// anyway, it keeps all of x's low k bits: x mod 2^k.
func andKnownZero(g *EGraph, n Node) (Id, bool) {
	if len(n.Args) != 2 {
		return 0, false
	}
	for i, m := range n.Args {
		c, ok := g.ConstVal(m)
		if !ok || c.IsZero() {
			continue
		}
		k := c.BitLen()
		missing, _ := Mask(k).Sub(c)
		if missing.Hi != 0 || missing.Lo&^7 != 0 || missing.IsZero() {
			continue
		}
		x := n.Args[1-i]
		if missing.Lo&^g.knownLow(x, knownDepth).zeroBits() == 0 {
			return g.Mod(x, k), true
		}
	}
	return 0, false
}
