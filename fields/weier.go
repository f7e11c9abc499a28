package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// The ops a short-Weierstrass implementation needs beyond the arithmetic ones, for the
// Montgomery fields that have them (Field.WeierOps), modelled on Fiat's definitions of the
// same names (fiat_p256_from_montgomery, ..., fiat_p256_selectznz, fiat_p256_nonzero).
//
// As with the ladder ops, byte strings are u64 words: from_bytes/to_bytes move between the
// little-endian 32-byte encoding (as 4 little-endian words, whose memory image on x86-64
// is the byte string) and the plain (non-Montgomery) words. Unlike Fiat's to_bytes, which
// requires its input < p, ours reduces once (v - p when v >= p), so every 256-bit input
// gets its canonical encoding and a caller can test an encoding's range by a round trip.
//
// selectznz takes a pair (a, b) stored one after the other as arg1[0..2n) and a one-word
// arg2 holding 0 or 1 and returns arg2[0] ? b : a, by cmovznz only (Fiat's selectznz with
// the condition moved to arg2 to fit the field ABI). nonzero returns one word that is zero
// exactly when every limb is (the OR of the limbs, as Fiat's).
const (
	OpFromMontgomery = "from_montgomery"
	OpToMontgomery   = "to_montgomery"
	OpSelectznz      = "selectznz"
	OpNonzero        = "nonzero"
)

// weierOps are the Weierstrass ops (from_bytes/to_bytes are shared with the ladder ops;
// OpJacDouble, OpJacAdd and OpJacAddAffine are composites, jacdbl.go and jacadd.go).
var weierOps = []string{OpFromMontgomery, OpToMontgomery, OpFromBytes, OpToBytes, OpSelectznz, OpNonzero, OpJacDouble, OpJacAdd, OpJacAddAffine}

// weierFields are the catalogue fields that have the Weierstrass ops.
var weierFields = map[string]bool{"p256": true, "secp256k1_montgomery": true}

func (F Field) hasWeierOp(op string) bool {
	for _, o := range F.WeierOps {
		if o == op {
			return true
		}
	}
	return false
}

// weierFunc generates one of weierOps for a Montgomery field.
func weierFunc(F Field, op, name string) (*ir.Func, error) {
	if F.Method != Montgomery {
		return nil, fmt.Errorf("no %s for method %s", op, F.Method)
	}
	switch op {
	case OpJacDouble:
		return jacDoubleFunc(F, name)
	case OpJacAdd, OpJacAddAffine:
		return jacAddFunc(F, op, name)
	case OpJacAddUnified:
		return jacAddUnifiedFunc(F, name)
	case OpCoZAdd:
		return coZAddFunc(F, name)
	}
	n := len(F.LimbBits)
	b := ir.NewBuilder(name)
	w := words{b}
	p := consts(words64(F.Prime, n))
	switch op {
	case OpSelectznz:
		return selectFunc(b, n), nil
	case OpNonzero:
		a := vals(b.Param("arg1", ir.U64, repeat(0, n), repeat(^uint64(0), n)))
		acc := a[0]
		for _, x := range a[1:] {
			acc = ir.V(b.Op1(ir.OpOr, ir.U64, acc, x))
		}
		b.Return("out1", ir.U64, []ir.Arg{acc}, []uint64{0}, []uint64{^uint64(0)})
		return b.Func(), nil
	}
	a, _ := saturatedParams(b, op, n)
	var out []ir.Arg
	switch op {
	case OpFromMontgomery:
		out = montMul(w, a, consts(words64(big.NewInt(1), n)), p, fiatStep(p, montInv(F.Prime)))
	case OpToMontgomery:
		r2 := new(big.Int).Lsh(big.NewInt(1), uint(128*n))
		out = montMul(w, a, consts(words64(r2.Mod(r2, F.Prime), n)), p, fiatStep(p, montInv(F.Prime)))
	case OpFromBytes:
		out = a
	case OpToBytes:
		out = condSub(w, append(append([]ir.Arg(nil), a...), zero), p)
	default:
		return nil, fmt.Errorf("unknown op %q", op)
	}
	saturatedReturn(b, out)
	return b.Func(), nil
}

// selectFunc is out1[n] = arg2[0] ? arg1[n..2n) : arg1[0..n).
func selectFunc(b *ir.Builder, n int) *ir.Func {
	w := words{b}
	full := repeat(^uint64(0), 2*n)
	x := vals(b.Param("arg1", ir.U64, repeat(0, 2*n), full))
	c := ir.V(b.Param("arg2", ir.U64, []uint64{0}, []uint64{1})[0])
	out := make([]ir.Arg, n)
	for i := range out {
		out[i] = w.cmov(c, x[i], x[n+i])
	}
	b.Return("out1", ir.U64, out, repeat(0, n), full[:n])
	return b.Func()
}
