package egraph

import (
	"fmt"
	"math/big"
)

// Eval computes id's value with symbols taken from env.
func (g *EGraph) Eval(id Id, env map[string]*big.Int) (*big.Int, error) {
	memo := map[Id]*big.Int{}
	return g.eval(g.Find(id), env, memo)
}

func (g *EGraph) eval(id Id, env map[string]*big.Int, memo map[Id]*big.Int) (*big.Int, error) {
	if v, ok := memo[id]; ok {
		return v, nil
	}
	n := g.nodes[id]
	args := make([]*big.Int, len(n.Args))
	for i, a := range n.Args {
		v, err := g.eval(g.Find(a), env, memo)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	var r *big.Int
	switch n.Op {
	case OpConst:
		r = n.Val.Big()
	case OpSym:
		v, ok := env[n.Name]
		if !ok {
			return nil, fmt.Errorf("no value for %s", n.Name)
		}
		r = v
	case OpAdd:
		r = n.Val.Big()
		for i, a := range args {
			r.Add(r, new(big.Int).Mul(a, n.Coef[i].Big()))
		}
	case OpOpaque:
		return nil, fmt.Errorf("cannot evaluate uninterpreted %s", n.Name)
	default:
		r = apply(n.Op.String(), n.K, args)
	}
	memo[id] = r
	return r, nil
}

// apply is the meaning of an operator on values, shared by Eval and the tests' EvalExpr.
func apply(op string, k int, a []*big.Int) *big.Int {
	r := new(big.Int)
	switch op {
	case "+":
		for _, x := range a {
			r.Add(r, x)
		}
	case "*":
		r.SetInt64(1)
		for _, x := range a {
			r.Mul(r, x)
		}
	case "mod":
		r.And(a[0], new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1)))
	case ">>":
		r.Rsh(a[0], uint(k))
	case "<<":
		r.Lsh(a[0], uint(k))
	case "~":
		r.Sub(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), big.NewInt(1)), a[0])
	case "&", "|", "^":
		r.Set(a[0])
		for _, x := range a[1:] {
			map[string]func(x, y *big.Int) *big.Int{"&": r.And, "|": r.Or, "^": r.Xor}[op](r, x)
		}
	case "?":
		if a[0].Sign() == 0 {
			return r.Set(a[1])
		}
		r.Set(a[2])
	case "zero":
		if a[0].Sign() == 0 {
			r.SetInt64(1)
		}
	}
	return r
}

// EvalMemo is Eval sharing memo (keyed by canonical class) across calls: evaluating many
// classes of one graph under one env costs the graph once, not once per class.
func (g *EGraph) EvalMemo(id Id, env map[string]*big.Int, memo map[Id]*big.Int) (*big.Int, error) {
	return g.eval(g.Find(id), env, memo)
}
