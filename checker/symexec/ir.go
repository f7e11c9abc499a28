package symexec

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// LimbName is the symbol of limb i of the argument array called name, shared by both
// executors so their results meet.
func LimbName(name string, i int) string { return fmt.Sprintf("%s[%d]", name, i) }

// InputSyms adds the symbols of fn's argument limbs, bounded by the declared upper bounds.
func InputSyms(g *egraph.EGraph, fn *ir.Func) [][]egraph.Id {
	syms := make([][]egraph.Id, len(fn.Params))
	for p, prm := range fn.Params {
		for i := range prm.Limbs {
			ub := egraph.Mask(prm.Type.Bits())
			if i < len(prm.Upper) && egraph.W(prm.Upper[i]).Cmp(ub) < 0 {
				ub = egraph.W(prm.Upper[i])
			}
			syms[p] = append(syms[p], g.Sym(LimbName(prm.Name, i), ub))
		}
	}
	return syms
}

// IRResult is the symbolic meaning of an IR function.
type IRResult struct {
	Outputs [][]egraph.Id // per result array, per limb (reduced to the limb type)
	Values  []egraph.Id   // per IR value
}

// ExecIR executes fn as given (Fiat vocabulary, u128 arithmetic and all) over g.
func ExecIR(g *egraph.EGraph, fn *ir.Func) (*IRResult, error) {
	res := &IRResult{Values: make([]egraph.Id, len(fn.Values))}
	defined := make([]bool, len(fn.Values))
	for p, limbs := range InputSyms(g, fn) {
		for i, id := range limbs {
			v := fn.Params[p].Limbs[i]
			res.Values[v], defined[v] = id, true
		}
	}
	x := &irExec{g: g, fn: fn, vals: res.Values, defined: defined}
	for i := range fn.Body {
		if err := x.instr(&fn.Body[i]); err != nil {
			return nil, fmt.Errorf("IR instruction %d (%s): %w", i, fn.Body[i].Op, err)
		}
	}
	for _, r := range fn.Rets {
		var out []egraph.Id
		for i, a := range r.Limbs {
			id, err := x.arg(a)
			if err != nil {
				return nil, fmt.Errorf("result %s[%d]: %w", r.Name, i, err)
			}
			out = append(out, g.Mod(id, r.Type.Bits()))
		}
		res.Outputs = append(res.Outputs, out)
	}
	return res, nil
}

type irExec struct {
	g       *egraph.EGraph
	fn      *ir.Func
	vals    []egraph.Id
	defined []bool
}

func (x *irExec) arg(a ir.Arg) (egraph.Id, error) {
	if a.IsConst {
		return x.g.Word(a.Imm), nil
	}
	if int(a.Val) >= len(x.vals) || !x.defined[a.Val] {
		return 0, fmt.Errorf("value %d used before definition", a.Val)
	}
	if x.fn.TypeOf(a.Val).Signed() {
		return 0, fmt.Errorf("signed type %s is not supported", x.fn.TypeOf(a.Val))
	}
	return x.vals[a.Val], nil
}

func (x *irExec) set(v ir.Value, id egraph.Id) error {
	if int(v) >= len(x.vals) {
		return fmt.Errorf("result value %d out of range", v)
	}
	t := x.fn.TypeOf(v)
	if t.Signed() || t.Bits() == 0 {
		return fmt.Errorf("result type %s is not supported", t)
	}
	x.vals[v], x.defined[v] = x.g.Mod(id, t.Bits()), true
	return nil
}

func (x *irExec) instr(in *ir.Instr) error {
	args := make([]egraph.Id, len(in.Args))
	for i, a := range in.Args {
		id, err := x.arg(a)
		if err != nil {
			return err
		}
		args[i] = id
	}
	want := in.Op.NumResults()
	if len(in.Results) != want {
		return fmt.Errorf("%d results, want %d", len(in.Results), want)
	}
	r, err := x.compute(in, args)
	if err != nil {
		return err
	}
	for i, v := range in.Results {
		if err := x.set(v, r[i]); err != nil {
			return err
		}
	}
	return nil
}

func needArgs(args []egraph.Id, lo, hi int) error {
	if len(args) < lo || (hi >= 0 && len(args) > hi) {
		return fmt.Errorf("%d arguments", len(args))
	}
	return nil
}

// compute is the mathematical meaning of an instruction before reduction to its types.
func (x *irExec) compute(in *ir.Instr, a []egraph.Id) ([]egraph.Id, error) {
	g := x.g
	bits := in.Type.Bits()
	switch in.Op {
	case ir.OpAssign, ir.OpCast:
		return one(a, 1, 1, func() egraph.Id { return a[0] })
	case ir.OpMulx:
		if err := x.sized(in, a, 2); err != nil {
			return nil, err
		}
		p := g.Mul(g.Mod(a[0], in.Size), g.Mod(a[1], in.Size))
		return []egraph.Id{g.Mod(p, in.Size), g.Shr(p, in.Size)}, nil
	case ir.OpAddCarryx:
		if err := x.sized(in, a, 3); err != nil {
			return nil, err
		}
		t := g.Plus(a...)
		return []egraph.Id{g.Mod(t, in.Size), g.Shr(t, in.Size)}, nil
	case ir.OpSubBorrowx:
		if err := x.sized(in, a, 3); err != nil {
			return nil, err
		}
		d, b := SubBorrow(g, a[1], a[2], a[0])
		return []egraph.Id{g.Mod(d, in.Size), b}, nil
	case ir.OpCmovznz:
		return one(a, 3, 3, func() egraph.Id { return g.Select(a[0], a[1], a[2]) })
	case ir.OpMul:
		return one(a, 2, -1, func() egraph.Id { return g.Mul(a...) })
	case ir.OpAdd:
		return one(a, 2, -1, func() egraph.Id { return g.Plus(a...) })
	case ir.OpSub:
		if bits == 128 && len(a) == 2 {
			return []egraph.Id{sub128(g, a[0], a[1])}, nil
		}
		return one(a, 2, 2, func() egraph.Id {
			return g.Plus(a[0], g.Not(g.Mod(a[1], bits), bits), g.Word(1))
		})
	case ir.OpAnd, ir.OpOr:
		return one(a, 2, -1, func() egraph.Id {
			acc := a[0]
			for _, b := range a[1:] {
				if in.Op == ir.OpAnd {
					acc = g.And(acc, b)
				} else {
					acc = g.Or(acc, b)
				}
			}
			return acc
		})
	case ir.OpNot:
		return one(a, 1, 1, func() egraph.Id { return g.Not(g.Mod(a[0], bits), bits) })
	case ir.OpLNot:
		return one(a, 1, 1, func() egraph.Id { return g.IsZero(a[0]) })
	}
	return x.shift(in, a)
}

func (x *irExec) shift(in *ir.Instr, a []egraph.Id) ([]egraph.Id, error) {
	g := x.g
	n := len(a) - 1
	if n < 1 || (in.Op != ir.OpShrd && n != 1) || (in.Op == ir.OpShrd && n != 2) {
		return nil, fmt.Errorf("%s with %d arguments", in.Op, len(a))
	}
	k, ok := g.ConstVal(a[n])
	if !ok || k.Hi != 0 || k.Lo > 128 {
		return nil, fmt.Errorf("%s needs a constant shift count below 129", in.Op)
	}
	s := int(k.Lo)
	switch in.Op {
	case ir.OpShr:
		return []egraph.Id{g.Shr(a[0], s)}, nil
	case ir.OpShl:
		return []egraph.Id{g.Scale(a[0], egraph.Pow2(s))}, nil
	case ir.OpShrd:
		wide := g.Sum(egraph.U128{}, egraph.Term{Id: g.Mod(a[1], 64), Coef: egraph.Pow2(64)},
			egraph.Term{Id: g.Mod(a[0], 64), Coef: egraph.W(1)})
		return []egraph.Id{g.Shr(wide, s)}, nil
	}
	return nil, fmt.Errorf("unsupported operation %s", in.Op)
}

func (x *irExec) sized(in *ir.Instr, a []egraph.Id, n int) error {
	if len(a) != n {
		return fmt.Errorf("%s with %d arguments", in.Op, len(a))
	}
	if in.Size < 1 || in.Size > 64 {
		return fmt.Errorf("%s size %d not in 1..64", in.Op, in.Size)
	}
	return nil
}

func one(a []egraph.Id, lo, hi int, f func() egraph.Id) ([]egraph.Id, error) {
	if err := needArgs(a, lo, hi); err != nil {
		return nil, err
	}
	return []egraph.Id{f()}, nil
}

// SubBorrow is a - b - bin for words a, b and a bit bin, as the pair (difference mod 2^64,
// borrow). It is written as the non-negative t = a + ~b + ~bin = a - b - bin + 2^64, so
// that sub/sbb chains and Fiat's subborrowx meet at the same nodes.
func SubBorrow(g *egraph.EGraph, a, b, bin egraph.Id) (diff, borrow egraph.Id) {
	t := g.Plus(g.Mod(a, 64), g.Not(g.Mod(b, 64), 64), g.Not(g.Mod(bin, 1), 1))
	return g.Mod(t, 64), g.Not(g.Shr(t, 64), 1)
}

// sub128 is (a - b) mod 2^128 by words, as the machine's sub/sbb computes it: the low
// words' difference and borrow, then the high words' difference less the borrow.
func sub128(g *egraph.EGraph, a, b egraph.Id) egraph.Id {
	alo, ahi := g.Mod(a, 64), g.Mod(g.Shr(a, 64), 64)
	blo, bhi := g.Mod(b, 64), g.Mod(g.Shr(b, 64), 64)
	lo, borrow := SubBorrow(g, alo, blo, g.Word(0))
	hi, _ := SubBorrow(g, ahi, bhi, borrow)
	return g.Plus(lo, g.Scale(hi, egraph.Pow2(64)))
}
