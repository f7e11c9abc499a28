package egraph

// The s-expression reader and direct evaluator the rule tests write terms and reference
// values with (test-only: the checker builds nodes from symbolic execution, not text).

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Expr is a parsed s-expression: an atom (number or symbol) or a list headed by Op.
type Expr struct {
	Atom string
	Op   string
	Args []Expr
}

// Parse reads one s-expression such as "(mod (+ a (* 2 b)) 64)". Operators: + * mod >>
// << ~ & | ^ ? zero, and @tag for uninterpreted functions.
func Parse(s string) (Expr, error) {
	toks := tokenize(s)
	e, rest, err := parseExpr(toks, 0)
	if err != nil {
		return Expr{}, err
	}
	if len(rest) > 0 {
		return Expr{}, fmt.Errorf("unexpected %q after expression", rest[0])
	}
	return e, nil
}

func tokenize(s string) []string {
	s = strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s)
	return strings.Fields(s)
}

const maxDepth = 200

func parseExpr(toks []string, depth int) (Expr, []string, error) {
	if len(toks) == 0 {
		return Expr{}, nil, fmt.Errorf("unexpected end of expression")
	}
	if depth > maxDepth {
		return Expr{}, nil, fmt.Errorf("expression nested deeper than %d", maxDepth)
	}
	t := toks[0]
	switch t {
	case ")":
		return Expr{}, nil, fmt.Errorf("unexpected )")
	case "(":
	default:
		return Expr{Atom: t}, toks[1:], nil
	}
	if len(toks) < 2 || toks[1] == "(" || toks[1] == ")" {
		return Expr{}, nil, fmt.Errorf("list without an operator")
	}
	e := Expr{Op: toks[1]}
	toks = toks[2:]
	for {
		if len(toks) == 0 {
			return Expr{}, nil, fmt.Errorf("missing )")
		}
		if toks[0] == ")" {
			return e, toks[1:], nil
		}
		a, rest, err := parseExpr(toks, depth+1)
		if err != nil {
			return Expr{}, nil, err
		}
		e.Args = append(e.Args, a)
		toks = rest
	}
}

// parseNum reads a decimal or 0x-prefixed constant below 2^128.
func parseNum(s string) (U128, bool) {
	v, ok := new(big.Int).SetString(s, 0)
	if !ok || v.Sign() < 0 || v.BitLen() > 128 {
		return U128{}, false
	}
	lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0)))
	return U128{new(big.Int).Rsh(v, 64).Uint64(), lo.Uint64()}, true
}

// arity is the number of arguments of each operator (-1: at least two).
var arity = map[string]int{"+": -1, "*": -1, "&": -1, "|": -1, "^": -1,
	"mod": 2, ">>": 2, "<<": 2, "~": 2, "?": 3, "zero": 1}

// Build adds e to g; symbols get the upper bound in bounds, else 2^64-1.
func Build(g *EGraph, e Expr, bounds map[string]U128) (Id, error) {
	if e.Op == "" {
		if v, ok := parseNum(e.Atom); ok {
			return g.Const(v), nil
		}
		if e.Atom == "" || strings.ContainsAny(e.Atom[:1], "0123456789") {
			return 0, fmt.Errorf("bad atom %q", e.Atom)
		}
		ub, ok := bounds[e.Atom]
		if !ok {
			ub = Mask(64)
		}
		return g.Sym(e.Atom, ub), nil
	}
	args := make([]Id, len(e.Args))
	for i, a := range e.Args {
		id, err := Build(g, a, bounds)
		if err != nil {
			return 0, err
		}
		args[i] = id
	}
	if strings.HasPrefix(e.Op, "@") {
		return g.Opaque(e.Op[1:], Mask(64), args...), nil
	}
	n, ok := arity[e.Op]
	if !ok {
		return 0, fmt.Errorf("unknown operator %q", e.Op)
	}
	if (n < 0 && len(args) < 2) || (n >= 0 && len(args) != n) {
		return 0, fmt.Errorf("%s takes %d arguments, got %d", e.Op, n, len(args))
	}
	return buildOp(g, e, args)
}

func buildOp(g *EGraph, e Expr, args []Id) (Id, error) {
	switch e.Op {
	case "+":
		return g.Plus(args...), nil
	case "*":
		return g.Mul(args...), nil
	case "&", "|", "^":
		acc := args[0]
		for _, a := range args[1:] {
			acc = map[string]func(a, b Id) Id{"&": g.And, "|": g.Or, "^": g.Xor}[e.Op](acc, a)
		}
		return acc, nil
	case "?":
		return g.Select(args[0], args[1], args[2]), nil
	case "zero":
		return g.IsZero(args[0]), nil
	}
	k, err := strconv.Atoi(e.Args[1].Atom)
	if err != nil || k < 0 || k > 128 {
		return 0, fmt.Errorf("%s needs a bit count 0..128, got %q", e.Op, e.Args[1].Atom)
	}
	switch e.Op {
	case "mod":
		return g.Mod(args[0], k), nil
	case ">>":
		return g.Shr(args[0], k), nil
	case "<<":
		return g.Scale(args[0], Pow2(k)), nil
	}
	if !fits(g.UB(args[0]), k) {
		return 0, fmt.Errorf("~ of a value that may not fit %d bits", k)
	}
	return g.Not(args[0], k), nil
}

// EvalExpr computes e directly from its text, without the graph: the reference that
// rule tests compare normalised nodes with.
func EvalExpr(e Expr, env map[string]*big.Int) (*big.Int, error) {
	if e.Op == "" {
		if v, ok := parseNum(e.Atom); ok {
			return v.Big(), nil
		}
		v, ok := env[e.Atom]
		if !ok {
			return nil, fmt.Errorf("no value for %s", e.Atom)
		}
		return v, nil
	}
	args := make([]*big.Int, len(e.Args))
	for i, a := range e.Args {
		v, err := EvalExpr(a, env)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	k := 0
	switch e.Op {
	case "mod", ">>", "<<", "~":
		var err error
		if k, err = strconv.Atoi(e.Args[1].Atom); err != nil {
			return nil, fmt.Errorf("bad bit count %q", e.Args[1].Atom)
		}
	}
	return apply(e.Op, k, args), nil
}
