package egraph

import "slices"

// Term is one summand of a linear sum: Coef * Id.
type Term struct {
	Id   Id
	Coef U128
}

// Const is the class of the constant v.
func (g *EGraph) Const(v U128) Id { return g.intern(Node{Op: OpConst, Val: v}) }

// Word is the class of a 64-bit constant.
func (g *EGraph) Word(v uint64) Id { return g.Const(W(v)) }

// Sym is an input named name whose value is at most ub.
func (g *EGraph) Sym(name string, ub U128) Id {
	return g.intern(Node{Op: OpSym, Name: name, Val: ub})
}

// Opaque is an uninterpreted function tag of args, known to be at most ub.
func (g *EGraph) Opaque(tag string, ub U128, args ...Id) Id {
	return g.Add(Node{Op: OpOpaque, Name: tag, Val: ub, Args: args})
}

// Sum is c + Σ terms.
func (g *EGraph) Sum(c U128, terms ...Term) Id {
	n := Node{Op: OpAdd, Val: c}
	for _, t := range terms {
		n.Args = append(n.Args, t.Id)
		n.Coef = append(n.Coef, t.Coef)
	}
	return g.Add(n)
}

// Plus is the sum of ids.
func (g *EGraph) Plus(ids ...Id) Id {
	terms := make([]Term, len(ids))
	for i, id := range ids {
		terms[i] = Term{id, W(1)}
	}
	return g.Sum(U128{}, terms...)
}

// Scale is c * id.
func (g *EGraph) Scale(id Id, c U128) Id { return g.Sum(U128{}, Term{id, c}) }

// Mul is the product of ids.
func (g *EGraph) Mul(ids ...Id) Id { return g.Add(Node{Op: OpMul, Args: ids}) }

// Mod is x mod 2^k.
func (g *EGraph) Mod(x Id, k int) Id { return g.Add(Node{Op: OpMod, Args: []Id{x}, K: k}) }

// Shr is x >> k.
func (g *EGraph) Shr(x Id, k int) Id { return g.Add(Node{Op: OpShr, Args: []Id{x}, K: k}) }

// Not is 2^k-1-x; the caller guarantees x < 2^k.
func (g *EGraph) Not(x Id, k int) Id { return g.Add(Node{Op: OpNot, Args: []Id{x}, K: k}) }

// And, Or and Xor are bitwise operations.
func (g *EGraph) And(a, b Id) Id { return g.Add(Node{Op: OpAnd, Args: []Id{a, b}}) }

// Or is bitwise or.
func (g *EGraph) Or(a, b Id) Id { return g.Add(Node{Op: OpOr, Args: []Id{a, b}}) }

// Xor is bitwise exclusive or.
func (g *EGraph) Xor(a, b Id) Id { return g.Add(Node{Op: OpXor, Args: []Id{a, b}}) }

// Select is c == 0 ? z : nz (Fiat's cmovznz).
func (g *EGraph) Select(c, z, nz Id) Id {
	return g.Add(Node{Op: OpSelect, Args: []Id{c, z, nz}})
}

// IsZero is 1 when x == 0, else 0.
func (g *EGraph) IsZero(x Id) Id { return g.Add(Node{Op: OpIsZero, Args: []Id{x}}) }

// ConstVal reports id's value when it is a constant.
func (g *EGraph) ConstVal(id Id) (U128, bool) {
	n := g.Node(id)
	return n.Val, n.Op == OpConst
}

// canon puts a node with canonical arguments into structural normal form: AC sums
// flattened with like terms combined, products flattened with constants pulled out,
// constants folded. done means the node reduced to the class id.
func (g *EGraph) canon(n Node) (Node, Id, bool) {
	switch n.Op {
	case OpAdd:
		return g.canonAdd(n)
	case OpMul:
		return g.canonMul(n)
	case OpAnd, OpOr, OpXor:
		slices.Sort(n.Args)
		if c, ok := g.foldBitwise(n); ok {
			return n, g.Const(c), true
		}
	case OpMod, OpShr, OpNot, OpIsZero:
		if v, ok := g.ConstVal(n.Args[0]); ok {
			return n, g.Const(foldUnary(n.Op, n.K, v)), true
		}
	}
	return n, 0, false
}

func foldUnary(op Op, k int, v U128) U128 {
	switch op {
	case OpMod:
		return v.Trunc(k)
	case OpShr:
		return v.Shr(k)
	case OpNot:
		r, _ := Mask(k).Sub(v.Trunc(k))
		return r
	}
	if v.IsZero() {
		return W(1)
	}
	return U128{}
}

func (g *EGraph) foldBitwise(n Node) (U128, bool) {
	var acc U128
	for i, a := range n.Args {
		v, ok := g.ConstVal(a)
		if !ok {
			return U128{}, false
		}
		switch {
		case i == 0:
			acc = v
		case n.Op == OpAnd:
			acc = U128{acc.Hi & v.Hi, acc.Lo & v.Lo}
		case n.Op == OpOr:
			acc = U128{acc.Hi | v.Hi, acc.Lo | v.Lo}
		default:
			acc = U128{acc.Hi ^ v.Hi, acc.Lo ^ v.Lo}
		}
	}
	return acc, true
}

// linear accumulates c + Σ terms with like terms combined; ok is false on overflow.
type linear struct {
	c     U128
	terms []Term
	ok    bool
}

func (l *linear) add(id Id, coef U128) {
	for i := range l.terms {
		if l.terms[i].Id == id {
			var o bool
			l.terms[i].Coef, o = l.terms[i].Coef.Add(coef)
			l.ok = l.ok && !o
			return
		}
	}
	l.terms = append(l.terms, Term{id, coef})
}

func (l *linear) addConst(v U128) {
	var o bool
	l.c, o = l.c.Add(v)
	l.ok = l.ok && !o
}

func (g *EGraph) expand(l *linear, id Id, coef U128) {
	n := g.Node(id)
	switch n.Op {
	case OpConst:
		v, o := n.Val.Mul(coef)
		l.ok = l.ok && !o
		l.addConst(v)
	case OpAdd:
		for i, a := range n.Args {
			c, o := n.Coef[i].Mul(coef)
			l.ok = l.ok && !o
			l.add(a, c)
		}
		v, o := n.Val.Mul(coef)
		l.ok = l.ok && !o
		l.addConst(v)
	default:
		l.add(g.Find(id), coef)
	}
}

func (g *EGraph) canonAdd(n Node) (Node, Id, bool) {
	l := linear{c: n.Val, ok: true}
	for i, a := range n.Args {
		g.expand(&l, a, n.Coef[i])
	}
	if !l.ok {
		return n, g.wideSum(n), true
	}
	return g.sumNode(l.c, l.terms)
}

// wideSum keeps a sum whose coefficients pass 128 bits uninterpreted (sound, never equal
// to a normalised sum). The opaque node holds the sum's terms with their coefficients and
// its constant as a term, sorted: two wide sums are one class exactly when they have the
// same terms. (It held the arguments alone before, so 2^130*x + y and 2^130*x + 2*y were
// one class, and so were their low bits y mod 2 and 0.)
func (g *EGraph) wideSum(n Node) Id {
	terms := make([]Term, 0, len(n.Args)+1)
	for i, a := range n.Args {
		terms = append(terms, Term{g.Find(a), n.Coef[i]})
	}
	if !n.Val.IsZero() {
		terms = append(terms, Term{g.Const(n.Val), W(1)})
	}
	slices.SortFunc(terms, func(a, b Term) int {
		if a.Id != b.Id {
			return int(a.Id) - int(b.Id)
		}
		return a.Coef.Cmp(b.Coef)
	})
	m := Node{Op: OpOpaque, Name: "+wide", Val: Max}
	for _, t := range terms {
		m.Args = append(m.Args, t.Id)
		m.Coef = append(m.Coef, t.Coef)
	}
	return g.intern(m)
}

// sumNode sorts terms and drops zeros; a lone term or constant is returned as its class.
func (g *EGraph) sumNode(c U128, terms []Term) (Node, Id, bool) {
	slices.SortFunc(terms, func(a, b Term) int { return int(a.Id) - int(b.Id) })
	m := Node{Op: OpAdd, Val: c}
	for _, t := range terms {
		if !t.Coef.IsZero() {
			m.Args = append(m.Args, t.Id)
			m.Coef = append(m.Coef, t.Coef)
		}
	}
	switch {
	case len(m.Args) == 0:
		return m, g.Const(c), true
	case len(m.Args) == 1 && c.IsZero() && m.Coef[0] == W(1):
		return m, m.Args[0], true
	}
	return m, 0, false
}

// MaxFactors bounds the factors of a flattened product; field arithmetic needs 2 or 3.
const MaxFactors = 64

// BigProduct tags a product of more than MaxFactors factors, left uninterpreted.
const BigProduct = "*big"

// MaxClasses bounds the size of a graph a check may build (memory: about 200 bytes each).
const MaxClasses = 2_000_000

// MaxArgs bounds the arguments of all nodes together (long sums cost memory too).
const MaxArgs = 20_000_000

func (g *EGraph) canonMul(n Node) (Node, Id, bool) {
	coef := W(1)
	var args []Id
	for _, a := range n.Args {
		an := g.Node(a)
		switch {
		case an.Op == OpConst:
			var o bool
			if coef, o = coef.Mul(an.Val); o {
				return n, g.intern(Node{Op: OpOpaque, Name: "*wide", Val: Max, Args: n.Args}), true
			}
		case an.Op == OpMul:
			args = append(args, an.Args...)
		case an.Op == OpAdd && len(an.Args) == 1 && an.Val.IsZero():
			// (c*x)*y = c*(x*y): constant factors become sum coefficients.
			var o bool
			if coef, o = coef.Mul(an.Coef[0]); o {
				return n, g.intern(Node{Op: OpOpaque, Name: "*wide", Val: Max, Args: n.Args}), true
			}
			args = append(args, an.Args[0])
		default:
			args = append(args, g.Find(a))
		}
	}
	if len(args) > MaxFactors {
		// x*x squared forty times would flatten to 2^40 factors: keep the product
		// uninterpreted instead (sound; it can only make a proof fail, never succeed).
		return n, g.intern(Node{Op: OpOpaque, Name: BigProduct, Val: Max, Args: n.Args}), true
	}
	slices.Sort(args)
	switch {
	case coef.IsZero():
		return n, g.Const(U128{}), true
	case len(args) == 0:
		return n, g.Const(coef), true
	case len(args) == 1:
		return n, g.Scale(args[0], coef), true
	case coef != W(1):
		return n, g.Scale(g.Mul(args...), coef), true
	}
	return Node{Op: OpMul, Args: args}, 0, false
}
