package fields

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// The ops a Montgomery ladder needs beyond the arithmetic ones (Field.LadderOps).
//
// Byte strings are u64 arrays here: to_bytes returns, and from_bytes takes, the canonical
// little-endian encoding as ceil(k/64) little-endian 64-bit words. On x86-64 (little-endian)
// the memory image of those words is exactly Fiat's u8[32], so a caller passes its byte
// buffer; keeping u64 arrays keeps every op on the one field ABI that codegen, measure and
// the checker share (Fiat's JSON for these ops uses u8 arrays and is not read here).
//
// cswap swaps two elements stored one after the other: out1[0..2n) = arg2[0] ? (b, a) :
// (a, b) for arg1 = (a, b), with arg2 a one-word array holding 0 or 1. Both halves are
// written through cmovznz, so the code has no branch or index that depends on the bit.
const (
	OpScmul     = "scmul"
	OpFromBytes = "from_bytes"
	OpToBytes   = "to_bytes"
	OpCswap     = "cswap"
)

// ladderOps are the ladder ops of the fields that have them (curve25519 in both layouts;
// OpLadderStep is added for the saturated one).
var ladderOps = []string{OpScmul, OpFromBytes, OpToBytes, OpCswap}

// IsLadderOp reports whether op is one of the ladder ops.
func IsLadderOp(op string) bool {
	for _, o := range ladderOps {
		if o == op {
			return true
		}
	}
	return false
}

// ScmulName is the IR function name of scmul by k: "<field>_scmul_<k>" (Fiat: carry_scmul_121666).
func (F Field) ScmulName(k uint64) string { return fmt.Sprintf("%s_scmul_%d", F.Name, k) }

// ScmulFunc generates out1 = k·arg1 mod p. k must be at least 1 and small enough that the
// representation's reduction cannot overflow (the error says the limit).
func (F Field) ScmulFunc(k uint64) (*ir.Func, error) {
	if !F.hasLadderOp(OpScmul) {
		return nil, fmt.Errorf("field %s has no op %q", F.Name, OpScmul)
	}
	if max := F.MaxScmulConstant(); k < 1 || k > max {
		return nil, fmt.Errorf("scmul constant %d out of range for %s: want 1..%d", k, F.Name, max)
	}
	var f *ir.Func
	var err error
	switch F.Method {
	case Solinas:
		f, err = solinasScmul(F, k)
	case SaturatedSolinas:
		f, err = satSolinasScmul(F, k)
	default:
		err = fmt.Errorf("no scmul for method %s", F.Method)
	}
	if err != nil {
		return nil, fmt.Errorf("field %s op scmul %d: %w", F.Name, k, err)
	}
	return f, nil
}

// MaxScmulConstant is the largest constant ScmulFunc accepts for F (0: none). Unsaturated
// limbs take any constant whose limb products and carries fit u128 (we cap at 2^32 so the
// top carry times c stays far inside a limb); saturated words need k·c' < 2^64 for the
// single-word fold of the top word.
func (F Field) MaxScmulConstant() uint64 {
	switch F.Method {
	case Solinas:
		return 1 << 32
	case SaturatedSolinas:
		c, err := satSolinasConst(F.Prime, len(F.LimbBits))
		if err != nil || c == 0 {
			return 0
		}
		return (^uint64(0)) / c
	}
	return 0
}

func (F Field) hasLadderOp(op string) bool {
	for _, o := range F.LadderOps {
		if o == op {
			return true
		}
	}
	return false
}

// ladderFunc generates from_bytes, to_bytes or cswap.
func ladderFunc(F Field, op, name string) (*ir.Func, error) {
	if op == OpScmul {
		return nil, errors.New("scmul needs its constant: use --constant K (ScmulFunc)")
	}
	if op == OpCswap {
		return cswapFunc(F, name)
	}
	if op == OpLadderStep {
		return ladderStepFunc(F, name)
	}
	switch F.Method {
	case Solinas:
		if op == OpFromBytes {
			return solinasFromBytes(F, name)
		}
		return solinasToBytes(F, name)
	case SaturatedSolinas:
		if op == OpFromBytes {
			return satFromBytes(F, name)
		}
		return satToBytes(F, name)
	}
	return nil, fmt.Errorf("no %s for method %s", op, F.Method)
}

// ByteWords is the number of 64-bit words of the byte encoding (32 bytes: 4 words).
func (F Field) ByteWords() int { return (F.Prime.BitLen() + 63) / 64 }

// byteBounds are the bounds of an encoding of a value below 2^k: full words, the top one
// holding only the bits below k (Fiat's from_bytes: last byte at most 0x7f for 2^255-19).
func (F Field) byteBounds() []uint64 {
	n, k := F.ByteWords(), F.Prime.BitLen()
	ub := repeat(^uint64(0), n)
	if r := k - 64*(n-1); r < 64 {
		ub[n-1] = 1<<r - 1
	}
	return ub
}

// cswapFunc swaps the two halves of arg1 when arg2[0] is 1 (bounds: the field's widest
// element bounds, unchanged by the swap).
func cswapFunc(F Field, name string) (*ir.Func, error) {
	ub := repeat(^uint64(0), len(F.LimbBits))
	if F.Method == Solinas {
		r, err := newRepr(F)
		if err != nil {
			return nil, err
		}
		ub = r.loose()
	}
	b := ir.NewBuilder(name)
	w := words{b}
	n := len(ub)
	both := append(append([]uint64(nil), ub...), ub...)
	x := vals(b.Param("arg1", ir.U64, repeat(0, 2*n), both))
	c := ir.V(b.Param("arg2", ir.U64, []uint64{0}, []uint64{1})[0])
	out := make([]ir.Arg, 2*n)
	for i := 0; i < n; i++ {
		out[i] = w.cmov(c, x[i], x[n+i])
		out[n+i] = w.cmov(c, x[n+i], x[i])
	}
	b.Return("out1", ir.U64, out, repeat(0, 2*n), both)
	return b.Func(), nil
}

// cDigit is c of p = 2^k - c when c fits below limb 0's width (the ladder ops' condition).
func cDigit(r *repr) (uint64, error) {
	if len(r.digits) != 1 || r.digits[0].pos != 0 || r.digits[0].coef >= 1<<r.width[0] {
		return 0, errors.New("to_bytes needs p = 2^k - c with c inside limb 0")
	}
	return r.digits[0].coef, nil
}

// solinasScmul is Fiat's carry_scmul: each loose limb times k in u128, then the carry chain.
func solinasScmul(F Field, k uint64) (*ir.Func, error) {
	r, err := newRepr(F)
	if err != nil {
		return nil, err
	}
	g := &bounded{b: ir.NewBuilder(F.ScmulName(k))}
	a, _ := boundedParams(g, "carry", r.loose())
	cols := make([]bval, len(a))
	for i := range a {
		cols[i] = g.mulConst(a[i], k)
	}
	res, err := r.carryChain(g, cols, r.tight())
	if err != nil {
		return nil, err
	}
	if err := g.results(res, r.tight()); err != nil {
		return nil, err
	}
	return g.b.Func(), nil
}

// satSolinasScmul is k·a as n+1 words, the top word folded back times c' = 2^(64n) mod p
// (k·c' < 2^64, so one word), then a last carry folded as c' (which cannot carry again).
func satSolinasScmul(F Field, k uint64) (*ir.Func, error) {
	n := len(F.LimbBits)
	c, err := satSolinasConst(F.Prime, n)
	if err != nil {
		return nil, err
	}
	if hi, _ := bits.Mul64(k, c); hi != 0 {
		return nil, fmt.Errorf("k·%d does not fit 64 bits", c)
	}
	b := ir.NewBuilder(F.ScmulName(k))
	w := words{b}
	a, _ := saturatedParams(b, "carry", n)
	x := w.row(ir.C(k), a)
	t, _ := w.mulx(x[n], ir.C(c))
	s, carry := w.addChain(x[:n], append([]ir.Arg{t}, consts(repeat(0, n-1))...))
	s[0], _ = w.addc(zero, s[0], w.cmov(carry, zero, ir.C(c)))
	saturatedReturn(b, s)
	return b.Func(), nil
}
