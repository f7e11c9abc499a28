package fields

import (
	"fmt"
	"math/big"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// solinasFromBytes cuts the little-endian words (value < 2^k) into tight limbs.
func solinasFromBytes(F Field, name string) (*ir.Func, error) {
	r, err := newRepr(F)
	if err != nil {
		return nil, err
	}
	b := ir.NewBuilder(name)
	in := vals(b.Param("arg1", ir.U64, repeat(0, F.ByteWords()), F.byteBounds()))
	out := make([]ir.Arg, len(r.width))
	for i, wd := range r.width {
		out[i] = extractBits(b, in, r.off[i], wd)
	}
	ub := make([]uint64, len(r.width))
	for i, wd := range r.width {
		ub[i] = 1<<wd - 1
	}
	b.Return("out1", ir.U64, out, repeat(0, len(out)), ub)
	return b.Func(), nil
}

// extractBits is bits [lo, lo+width) of the word vector (width <= 64), as one u64.
func extractBits(b *ir.Builder, w []ir.Arg, lo, width int) ir.Arg {
	j, s := lo/64, lo%64
	x := w[j]
	if s > 0 {
		x = ir.V(b.Op1(ir.OpShr, ir.U64, x, ir.C(uint64(s))))
		if s+width > 64 && j+1 < len(w) {
			hi := b.Op1(ir.OpShl, ir.U64, w[j+1], ir.C(uint64(64-s)))
			x = ir.V(b.Op1(ir.OpOr, ir.U64, x, ir.V(hi)))
		}
	}
	if width < 64 && (s+width < 64 || j+1 < len(w)) {
		x = ir.V(b.Op1(ir.OpAnd, ir.U64, x, ir.C(1<<width-1)))
	}
	return x
}

// solinasToBytes fully reduces tight limbs and packs them into words. With v the value
// (v < 2p for tight limbs), q = (v + c) >> k is 1 exactly when v >= p, and v - q·p is
// v + c·q with bit k dropped: two carry chains of shifts and masks, no branch.
func solinasToBytes(F Field, name string) (*ir.Func, error) {
	r, err := newRepr(F)
	if err != nil {
		return nil, err
	}
	c, err := cDigit(r)
	if err != nil {
		return nil, err
	}
	g := &bounded{b: ir.NewBuilder(name)}
	a, _ := boundedParams(g, "carry", r.tight())
	n := len(a)
	// q: the carry out of limb n-1 of v + c.
	q := g.add(a[0], bval{ir.C(c), bigU(c)})
	for i := 0; i < n; i++ {
		q = g.shr(q, r.width[i])
		if i+1 < n {
			q = g.add(q, a[i+1])
		}
	}
	// v + c·q, carried, the top carry (2^k) dropped by the mask.
	limbs := make([]ir.Arg, n)
	x := g.add(a[0], g.mulConst(q, c))
	for i := 0; i < n; i++ {
		limbs[i] = g.mask(x, r.width[i]).a
		if i+1 < n {
			x = g.add(g.shr(x, r.width[i]), a[i+1])
		}
	}
	if g.err != nil {
		return nil, g.err
	}
	b := g.b
	for i, l := range limbs {
		if !l.IsConst && b.Func().TypeOf(l.Val) != ir.U64 {
			limbs[i] = ir.V(b.Op1(ir.OpCast, ir.U64, l))
		}
	}
	out := packWords(b, limbs, r.off, F.ByteWords())
	b.Return("out1", ir.U64, out, repeat(0, len(out)), F.byteBounds())
	return b.Func(), nil
}

// packWords ORs limbs (each below 2^width, at bit offsets off) into n 64-bit words.
func packWords(b *ir.Builder, limbs []ir.Arg, off []int, n int) []ir.Arg {
	out := make([]ir.Arg, n)
	or := func(j int, x ir.Arg) {
		if out[j] == (ir.Arg{}) {
			out[j] = x
			return
		}
		out[j] = ir.V(b.Op1(ir.OpOr, ir.U64, out[j], x))
	}
	for i, l := range limbs {
		lo, hi := off[i], off[i+1]
		j, s := lo/64, lo%64
		if s == 0 {
			or(j, l)
		} else {
			or(j, ir.V(b.Op1(ir.OpShl, ir.U64, l, ir.C(uint64(s)))))
		}
		if s > 0 && hi > 64*(j+1) && j+1 < n {
			or(j+1, ir.V(b.Op1(ir.OpShr, ir.U64, l, ir.C(uint64(64-s)))))
		}
	}
	for j := range out {
		if out[j] == (ir.Arg{}) {
			out[j] = ir.C(0)
		}
	}
	return out
}

// satFromBytes is the identity on words below 2^k (saturated limbs are the encoding).
func satFromBytes(F Field, name string) (*ir.Func, error) {
	b := ir.NewBuilder(name)
	in := vals(b.Param("arg1", ir.U64, repeat(0, F.ByteWords()), F.byteBounds()))
	b.Return("out1", ir.U64, in, repeat(0, len(in)), repeat(^uint64(0), len(in)))
	return b.Func(), nil
}

// satToBytes fully reduces n words for p = 2^k - c with k = 64n - 1 (curve25519): fold bit
// k times c (value then < 2^k + c < 2p), then subtract p when v + c reaches 2^k, selecting
// words by cmovznz.
func satToBytes(F Field, name string) (*ir.Func, error) {
	n := len(F.LimbBits)
	k := F.Prime.BitLen()
	if k != 64*n-1 {
		return nil, fmt.Errorf("to_bytes for saturated limbs needs a %d-bit prime", 64*n-1)
	}
	c := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), F.Prime)
	if !c.IsUint64() || c.Uint64() >= 1<<32 {
		return nil, fmt.Errorf("to_bytes needs p = 2^%d - c with c < 2^32", k)
	}
	cc := c.Uint64()
	b := ir.NewBuilder(name)
	w := words{b}
	a := vals(b.Param("arg1", ir.U64, repeat(0, n), repeat(^uint64(0), n)))
	top := ir.V(b.Op1(ir.OpShr, ir.U64, a[n-1], ir.C(63)))
	low := append([]ir.Arg(nil), a...)
	low[n-1] = ir.V(b.Op1(ir.OpAnd, ir.U64, a[n-1], ir.C(1<<63-1)))
	fold := ir.V(b.Op1(ir.OpMul, ir.U64, top, ir.C(cc)))
	v, _ := w.addChain(low, append([]ir.Arg{fold}, consts(repeat(0, n-1))...))
	s, _ := w.addChain(v, append([]ir.Arg{ir.C(cc)}, consts(repeat(0, n-1))...))
	q := ir.V(b.Op1(ir.OpShr, ir.U64, s[n-1], ir.C(63)))
	out := make([]ir.Arg, n)
	for i := range out {
		out[i] = w.cmov(q, v[i], s[i])
	}
	out[n-1] = ir.V(b.Op1(ir.OpAnd, ir.U64, out[n-1], ir.C(1<<63-1)))
	b.Return("out1", ir.U64, out, repeat(0, n), F.byteBounds())
	return b.Func(), nil
}
