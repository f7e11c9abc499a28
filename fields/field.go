package fields

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// The representation methods a Field can use.
const (
	Montgomery       = "montgomery"        // saturated n×64 limbs, word-by-word Montgomery (CIOS)
	Solinas          = "solinas"           // unsaturated limbs of ~k/n bits, p = 2^k - c
	SaturatedSolinas = "saturated-solinas" // saturated n×64 limbs, p = 2^k - c
	Dettman          = "dettman"           // secp256k1 5×52 (libsecp256k1's field)
)

// Field is a prime field with a limb representation, as in Fiat Cryptography.
//
// Montgomery add/sub/opp, like Fiat's, assume operand values < p (their per-limb bounds
// cannot say so); Montgomery mul/square accept any in-bound limbs and return a value
// congruent to a·b·2^(-64n), fully reduced when the operands are < p.
type Field struct {
	Name     string   // catalogue name, e.g. "p256"
	Prime    *big.Int // the modulus
	Method   string   // Montgomery, Solinas, SaturatedSolinas or Dettman
	LimbBits []int    // bits per limb (64 for saturated)
	Ops      []string // supported ops among mul, square, add, sub, opp, carry
	// LadderOps are the ops beyond arithmetic (scmul, from_bytes, to_bytes, cswap; see
	// ladder.go), of other shapes, so loops over Ops keep the arithmetic shape.
	LadderOps []string
	// WeierOps are the short-Weierstrass ops of some Montgomery fields (from_montgomery,
	// to_montgomery, from_bytes, to_bytes, selectznz, nonzero; see weier.go).
	WeierOps []string
}

// opArity is the number of field-element arguments of each op.
var opArity = map[string]int{"mul": 2, "square": 1, "add": 2, "sub": 2, "opp": 1, "carry": 1}

// Func generates the IR of op, named "<field>_<op>".
func (F Field) Func(op string) (*ir.Func, error) {
	if F.hasLadderOp(op) {
		f, err := ladderFunc(F, op, F.Name+"_"+op)
		if err != nil {
			return nil, fmt.Errorf("field %s op %s: %w", F.Name, op, err)
		}
		return f, nil
	}
	if F.hasWeierOp(op) {
		f, err := weierFunc(F, op, F.Name+"_"+op)
		if err != nil {
			return nil, fmt.Errorf("field %s op %s: %w", F.Name, op, err)
		}
		return f, nil
	}
	if !F.supports(op) {
		return nil, fmt.Errorf("field %s has no op %q (valid: %s)", F.Name, op, strings.Join(F.AllOps(), ", "))
	}
	name := F.Name + "_" + op
	var f *ir.Func
	var err error
	switch F.Method {
	case Montgomery:
		f, err = montgomeryFunc(F, op, name)
	case SaturatedSolinas:
		f, err = satSolinasFunc(F, op, name)
	case Solinas:
		f, err = solinasFunc(F, op, name)
	case Dettman:
		f, err = dettmanFunc(F, op, name)
	default:
		return nil, fmt.Errorf("field %s: unknown method %q", F.Name, F.Method)
	}
	if err != nil {
		return nil, fmt.Errorf("field %s op %s: %w", F.Name, op, err)
	}
	return f, nil
}

// AllOps is Ops followed by LadderOps and WeierOps.
func (F Field) AllOps() []string {
	return append(append(append([]string(nil), F.Ops...), F.LadderOps...), F.WeierOps...)
}

func (F Field) supports(op string) bool {
	for _, o := range F.Ops {
		if o == op {
			return true
		}
	}
	return false
}

// offsets are the bit positions of the limbs.
func (F Field) offsets() []int {
	off := make([]int, len(F.LimbBits)+1)
	for i, b := range F.LimbBits {
		off[i+1] = off[i] + b
	}
	return off
}

// Value is the integer the limbs represent: the sum of limb_i · 2^offset_i.
func (F Field) Value(limbs []uint64) *big.Int {
	off := F.offsets()
	v := new(big.Int)
	for i := len(limbs) - 1; i >= 0; i-- {
		o := 64 * i
		if i < len(off) {
			o = off[i]
		}
		v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(limbs[i]), uint(o)))
	}
	return v
}

// Limbs is the canonical encoding of x mod p (limb i holds LimbBits[i] bits).
func (F Field) Limbs(x *big.Int) []uint64 {
	r := new(big.Int).Mod(x, F.Prime)
	out := make([]uint64, len(F.LimbBits))
	for i, b := range F.LimbBits {
		mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(b)), big.NewInt(1))
		out[i] = new(big.Int).And(r, mask).Uint64()
		r.Rsh(r, uint(b))
	}
	return out
}

// Expected is the field result of op on args, reduced mod p. Montgomery mul/square
// include the factor 2^(-64n); carry is the identity.
func (F Field) Expected(op string, args [][]uint64) (*big.Int, error) {
	n, ok := opArity[op]
	if !ok || !F.supports(op) {
		return nil, fmt.Errorf("field %s has no op %q (valid: %s)", F.Name, op, strings.Join(F.Ops, ", "))
	}
	if len(args) != n {
		return nil, fmt.Errorf("%s_%s takes %d arguments, got %d", F.Name, op, n, len(args))
	}
	p := F.Prime
	a := F.Value(args[0])
	r := new(big.Int)
	switch op {
	case "mul":
		r.Mul(a, F.Value(args[1]))
	case "square":
		r.Mul(a, a)
	case "add":
		r.Add(a, F.Value(args[1]))
	case "sub":
		r.Sub(a, F.Value(args[1]))
	case "opp":
		r.Neg(a)
	case "carry":
		r.Set(a)
	}
	if F.Method == Montgomery && (op == "mul" || op == "square") {
		rinv := new(big.Int).Lsh(big.NewInt(1), uint(64*len(F.LimbBits)))
		if rinv.ModInverse(rinv, p) == nil {
			return nil, fmt.Errorf("field %s: 2^64n has no inverse mod p", F.Name)
		}
		r.Mul(r, rinv)
	}
	return r.Mod(r, p), nil
}

// words64 splits a non-negative x into n 64-bit words (x must fit).
func words64(x *big.Int, n int) []uint64 {
	out := make([]uint64, n)
	r := new(big.Int).Set(x)
	m := new(big.Int).SetUint64(^uint64(0))
	for i := range out {
		out[i] = new(big.Int).And(r, m).Uint64()
		r.Rsh(r, 64)
	}
	return out
}

// repeat is n copies of x.
func repeat(x uint64, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = x
	}
	return s
}
