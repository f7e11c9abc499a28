package gopkg

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// Composite ops work on several elements at once (fields.OpLadderStep: four in, four out,
// and the base point's x1). Their assembly takes *[4]Element and *Element, so the API
// needs no conversion; the pure-Go path copies through flat arrays (ladderstepPure), as
// the generic code is printed from the IR's flat u64 arrays.
func isComposite(name string) bool { return name == fields.OpLadderStep }

// compositeSig is the signature of the ladder step's internal function.
const compositeSig = "out1, arg1 *[4]Element, arg2 *Element"

// checkComposite requires the ladder step's shape: 4n limbs out and in, n limbs of x1.
func checkComposite(o *op, n int) error {
	f := o.fn
	if len(f.Params) != 2 || len(f.Rets) != 1 || len(f.Rets[0].Limbs) != 4*n ||
		len(f.Params[0].Limbs) != 4*n || len(f.Params[1].Limbs) != n {
		return fmt.Errorf("op %s: not the shape (4 elements, 1 element) -> 4 elements of %d limbs", o.name, n)
	}
	return nil
}

// compositeDecl is the amd64 file's declaration of the assembly.
func compositeDecl(c Config, o *op) string {
	return fmt.Sprintf("// %s is implemented in %s_amd64.s (proved equivalent to the IR %.12s).\n//\n//go:noescape\nfunc %s(%s)\n\n",
		o.name, c.Field.Name, o.fn.Hash(), o.name, compositeSig)
}

// compositePure adapts the generic code (flat arrays) to the composite signature; it is in
// the arith file, compiled everywhere, so tests compare both paths on amd64.
func compositePure(o *op, n int) string {
	return fmt.Sprintf(`// %[1]sPure is the pure-Go %[1]s through flat arrays.
func %[1]sPure(%[2]s) {
	var out, in [%[3]d]uint64
	for i := range arg1 {
		copy(in[%[4]d*i:], arg1[i][:])
	}
	%[1]sGeneric(&out, &in, (*[%[4]d]uint64)(arg2))
	for i := range out1 {
		copy(out1[i][:], out[%[4]d*i:])
	}
}

`, o.name, compositeSig, 4*n, n)
}

// compositeAPI is the exported LadderStep.
func compositeAPI(c Config, o *op, n int) string {
	p, r := o.fn.Params, o.fn.Rets[0]
	return fmt.Sprintf(`// LadderStep sets out to one step of the RFC 7748 Montgomery ladder, after the
// conditional swap: in and out hold (x2, x3, z2, z3) (the pairs a swap exchanges are
// adjacent), x1 is the u-coordinate of the base point (a24 = 121665):
//
//	A = x2+z2, B = x2−z2, C = x3+z3, D = x3−z3, AA = A², BB = B², E = AA−BB,
//	x2' = AA·BB, z2' = E·(AA + a24·E), x3' = (D·A + C·B)², z3' = x1·(D·A − C·B)²
//
// One function (the field's own mul, square, add, sub and scmul inlined and scheduled
// together) instead of eighteen calls.
//
// Input in: limbs within %s .. %s.
// Input x1: limbs within %s .. %s.
// Output: limbs within %s .. %s.
// out may be in; otherwise out, in and x1 must not overlap.
func LadderStep(out, in *[4]Element, x1 *Element) {
	if out == in || x1 == &out[0] || x1 == &out[1] || x1 == &out[2] || x1 == &out[3] {
		var t [4]Element
		%[7]s(&t, in, x1)
		*out = t
		return
	}
	%[7]s(out, in, x1)
}

`, lowerBounds(p[0].Lower, n), bounds(p[0].Upper, n, p[0].Type), lowerBounds(p[1].Lower, n), bounds(p[1].Upper, n, p[1].Type),
		lowerBounds(r.Lower, n), bounds(r.Upper, n, r.Type), o.name)
}

// compositeTest is the generated test of the ladder step: the assembly (API) and the pure
// Go against math/big on edge and random inputs, output bounds, and out == in.
func compositeTest(o *op, n int) string {
	p, r := o.fn.Params, o.fn.Rets[0]
	var b strings.Builder
	el := func(lo []uint64) string { return "Element{" + hexList(lo[:n]) + "}" }
	fmt.Fprintf(&b, "var ladderInLo, ladderInHi = Element{%s}, Element{%s}\n",
		strings.Trim(lowerBounds(p[0].Lower, n), "[]"), strings.Trim(bounds(p[0].Upper, n, p[0].Type), "[]"))
	fmt.Fprintf(&b, "var ladderX1Lo, ladderX1Hi = Element{%s}, Element{%s}\n",
		strings.Trim(lowerBounds(p[1].Lower, n), "[]"), strings.Trim(bounds(p[1].Upper, n, p[1].Type), "[]"))
	fmt.Fprintf(&b, "var ladderOutLo, ladderOutHi = Element{%s}, Element{%s}\n\n",
		strings.Trim(lowerBounds(r.Lower, n), "[]"), strings.Trim(bounds(r.Upper, n, r.Type), "[]"))
	b.WriteString("var ladderEdges = []struct {\n\tin [4]Element\n\tx1 Element\n}{\n")
	for _, in := range interp.EdgeInputs(o.fn) {
		b.WriteString("\t{[4]Element{")
		for k := range 4 {
			b.WriteString(el(in[0][k*n:]) + ", ")
		}
		b.WriteString("}, " + el(in[1]) + "},\n")
	}
	b.WriteString("}\n\n")
	b.WriteString(ladderTestBody)
	return b.String()
}

const ladderTestBody = `// ladderWant is the ladder step in math/big, as RFC 7748 §5 writes it.
func ladderWant(in *[4]Element, x1 *Element) [4]*big.Int {
	p := testPrime
	md := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	add := func(x, y *big.Int) *big.Int { return md(new(big.Int).Add(x, y)) }
	sub := func(x, y *big.Int) *big.Int { return md(new(big.Int).Sub(x, y)) }
	mul := func(x, y *big.Int) *big.Int { return md(new(big.Int).Mul(x, y)) }
	x2, x3, z2, z3 := testValue(&in[0]), testValue(&in[1]), testValue(&in[2]), testValue(&in[3])
	a, b, c, d := add(x2, z2), sub(x2, z2), add(x3, z3), sub(x3, z3)
	aa, bb := mul(a, a), mul(b, b)
	e := sub(aa, bb)
	da, cb := mul(d, a), mul(c, b)
	s, t := add(da, cb), sub(da, cb)
	return [4]*big.Int{mul(aa, bb), mul(s, s), mul(e, add(aa, mul(big.NewInt(121665), e))), mul(testValue(x1), mul(t, t))}
}

func ladderCheck(t *testing.T, in *[4]Element, x1 *Element) {
	t.Helper()
	var viaAPI, viaPure [4]Element
	LadderStep(&viaAPI, in, x1)
	ladderstepPure(&viaPure, in, x1)
	if viaAPI != viaPure {
		t.Fatalf("LadderStep(%x, %x): assembly %x, pure Go %x", *in, *x1, viaAPI, viaPure)
	}
	want := ladderWant(in, x1)
	for k := range viaAPI {
		for i, l := range viaAPI[k] {
			if l < ladderOutLo[i] || l > ladderOutHi[i] {
				t.Fatalf("LadderStep(%x, %x) = %x: element %d limb %d outside its bounds", *in, *x1, viaAPI, k, i)
			}
		}
		if got := testValue(&viaAPI[k]); got.Mod(got, testPrime).Cmp(want[k]) != 0 {
			t.Fatalf("LadderStep(%x, %x) element %d = %x, want value %x mod p", *in, *x1, k, viaAPI[k], want[k])
		}
	}
	saved := *in
	LadderStep(in, in, x1) // out == in
	if *in != viaAPI {
		t.Fatalf("LadderStep with out == in: %x, want %x", *in, viaAPI)
	}
	*in = saved
}

// TestLadderStep checks the ladder step on every edge input and on random ones (20,000;
// 1,000 with -short), through the assembly and the pure Go, against math/big.
func TestLadderStep(t *testing.T) {
	for _, e := range ladderEdges {
		ladderCheck(t, &e.in, &e.x1)
	}
	n := 20000
	if testing.Short() {
		n = 1000
	}
	rng := rand.New(rand.NewSource(7))
	for range n {
		var in [4]Element
		for k := range in {
			in[k] = testRandom(rng, &ladderInLo, &ladderInHi)
		}
		x1 := testRandom(rng, &ladderX1Lo, &ladderX1Hi)
		ladderCheck(t, &in, &x1)
	}
}

func benchLadder(b *testing.B, f func(out, in *[4]Element, x1 *Element)) {
	rng := rand.New(rand.NewSource(1))
	var in, out [4]Element
	for k := range in {
		in[k] = testRandom(rng, &ladderInLo, &ladderInHi)
	}
	x1 := testRandom(rng, &ladderX1Lo, &ladderX1Hi)
	for b.Loop() {
		f(&out, &in, &x1)
	}
}

// BenchmarkLadderStep times the API and the pure-Go ladder step (independent calls).
func BenchmarkLadderStep(b *testing.B) {
	b.Run("asm", func(b *testing.B) { benchLadder(b, LadderStep) })
	b.Run("generic", func(b *testing.B) { benchLadder(b, ladderstepPure) })
}
`
