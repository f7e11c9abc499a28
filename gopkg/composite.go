package gopkg

import (
	"fmt"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// Composite ops work on several elements at once: fields.OpLadderStep (four elements in,
// four out, and the base point's x1), fields.OpJacDouble (a point (X, Y, Z) in and out)
// and the Jacobian additions fields.OpJacAdd and fields.OpJacAddAffine. Their assembly is declared on *[k]Element and *Element, so the API needs no
// conversion; the pure-Go path copies through flat arrays (<op>Pure), as the generic code
// is printed from the IR's flat u64 arrays.
type composite struct {
	api  string   // the exported function
	args []string // its parameter names for arg1 (and arg2)
	doc  string   // the doc comment's first part (without "// ")
}

var composites = map[string]composite{
	fields.OpLadderStep: {api: "LadderStep", args: []string{"in", "x1"}, doc: `LadderStep sets out to one step of the RFC 7748 Montgomery ladder, after the
conditional swap: in and out hold (x2, x3, z2, z3) (the pairs a swap exchanges are
adjacent), x1 is the u-coordinate of the base point (a24 = 121665):

	A = x2+z2, B = x2−z2, C = x3+z3, D = x3−z3, AA = A², BB = B², E = AA−BB,
	x2' = AA·BB, z2' = E·(AA + a24·E), x3' = (D·A + C·B)², z3' = x1·(D·A − C·B)²

One function (the field's own mul, square, add, sub and scmul inlined and scheduled
together) instead of eighteen calls.`},
	fields.OpJacDouble: {api: "JacDouble", args: []string{"in"}, doc: `JacDouble sets out = 2·in for a point in = (X, Y, Z) in Jacobian coordinates
(x = X/Z², y = Y/Z³), each coordinate in Montgomery form with value below p: the
doubling formula of the field's curve (a = −3: dbl-2001-b; a = 0: dbl-2009-l), exact for
Y ≠ 0 and Z ≠ 0, with Z = 0 (infinity) kept. One function (the field's own mul, square,
add and sub inlined and scheduled together) instead of 17–19 calls.`},
	fields.OpJacAdd: {api: "JacAdd", args: []string{"p", "q"}, doc: `JacAdd sets out = p + q for points in Jacobian coordinates, each coordinate in
Montgomery form with value below p (add-2007-bl): exact when neither is infinity (Z ≠ 0)
and p ≠ q; p = −q gives Z = 0. One function instead of 27 calls.`},
	fields.OpJacAddAffine: {api: "JacAddAffine", args: []string{"p", "q"}, doc: `JacAddAffine sets out = p + q for a point p in Jacobian coordinates and an affine
q = (x, y), each coordinate in Montgomery form with value below p (madd-2007-bl): exact
when p is not infinity (Z ≠ 0) and p ≠ q; p = −q gives Z = 0. One function instead of
24 calls.`},
}

func isComposite(name string) bool { _, ok := composites[name]; return ok }

// shape is the number of elements of out1, arg1 (and arg2) of a composite.
func shape(o *op, n int) []int {
	k := []int{len(o.fn.Rets[0].Limbs) / n}
	for _, p := range o.fn.Params {
		k = append(k, len(p.Limbs)/n)
	}
	return k
}

// elemType is the Go type of an array of k elements.
func elemType(k int) string {
	if k == 1 {
		return "*Element"
	}
	return fmt.Sprintf("*[%d]Element", k)
}

// compositeSig is the internal function's parameter list: out1, arg1[, arg2].
func compositeSig(o *op, n int) string {
	var ps []string
	for i, k := range shape(o, n) {
		ps = append(ps, []string{"out1", "arg1", "arg2"}[i]+" "+elemType(k))
	}
	return strings.Join(ps, ", ")
}

// checkComposite requires every array of the op to be whole elements of n limbs and its
// arity to match the API's.
func checkComposite(o *op, n int) error {
	f := o.fn
	ok := len(f.Rets) == 1 && len(f.Params) == len(composites[o.name].args)
	for _, l := range append([]int{len(f.Rets[0].Limbs)}, paramLens(f.Params)...) {
		ok = ok && l%n == 0 && l > 0
	}
	if !ok {
		return fmt.Errorf("op %s: not made of whole %d-limb elements", o.name, n)
	}
	return nil
}

func paramLens(ps []ir.Param) []int {
	var out []int
	for _, p := range ps {
		out = append(out, len(p.Limbs))
	}
	return out
}

// compositeDecl is the amd64 file's declaration of the assembly.
func compositeDecl(c Config, o *op, n int) string {
	return fmt.Sprintf("// %s is implemented in %s_amd64.s (proved equivalent to the IR %.12s).\n//\n//go:noescape\nfunc %s(%s)\n\n",
		o.name, c.Field.Name, o.fn.Hash(), o.name, compositeSig(o, n))
}

// compositePure adapts the generic code (flat arrays) to the composite signature; it is in
// the arith file, compiled everywhere, so tests compare both paths on amd64.
func compositePure(o *op, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// %sPure is the pure-Go %s through flat arrays.\nfunc %sPure(%s) {\n", o.name, o.name, o.name, compositeSig(o, n))
	names := []string{"out1", "arg1", "arg2"}
	var call []string
	for i, k := range shape(o, n) {
		v := names[i]
		if k == 1 {
			call = append(call, fmt.Sprintf("(*[%d]uint64)(%s)", n, v))
			continue
		}
		fmt.Fprintf(&b, "\tvar %sFlat [%d]uint64\n", v, k*n)
		if i > 0 {
			fmt.Fprintf(&b, "\tfor i := range %s {\n\t\tcopy(%sFlat[%d*i:], %s[i][:])\n\t}\n", v, v, n, v)
		}
		call = append(call, "&"+v+"Flat")
	}
	fmt.Fprintf(&b, "\t%sGeneric(%s)\n", o.name, strings.Join(call, ", "))
	if k := shape(o, n)[0]; k == 1 {
		return b.String() + "}\n\n"
	}
	fmt.Fprintf(&b, "\tfor i := range out1 {\n\t\tcopy(out1[i][:], out1Flat[%d*i:])\n\t}\n}\n\n", n)
	return b.String()
}

// compositeAPI is the exported function: the doc, the bounds, and a temporary when out
// is one of the inputs (the assembly is generated without aliasing).
func compositeAPI(c Config, o *op, n int) string {
	cp := composites[o.name]
	var b strings.Builder
	for _, l := range strings.Split(cp.doc, "\n") {
		b.WriteString(strings.TrimRight("// "+l, " ") + "\n")
	}
	b.WriteString("//\n")
	for i, p := range o.fn.Params {
		fmt.Fprintf(&b, "// Input %s: each element's limbs within %s .. %s.\n", cp.args[i], lowerBounds(p.Lower, n), bounds(p.Upper, n, p.Type))
	}
	r := o.fn.Rets[0]
	fmt.Fprintf(&b, "// Output: each element's limbs within %s .. %s.\n", lowerBounds(r.Lower, n), bounds(r.Upper, n, r.Type))
	k := shape(o, n)
	var params, alias []string
	for i, a := range cp.args {
		params = append(params, a+" "+elemType(k[i+1]))
		switch {
		case k[i+1] == k[0]:
			alias = append(alias, "out == "+a)
		case k[i+1] == 1 && k[0] > 1:
			for j := range k[0] {
				alias = append(alias, fmt.Sprintf("%s == &out[%d]", a, j))
			}
		}
	}
	b.WriteString("// out may be an input of the same type; otherwise out and the inputs must not overlap.\n")
	args := strings.Join(cp.args, ", ")
	fmt.Fprintf(&b, "func %s(out %s, %s) {\n\tif %s {\n\t\tvar t %s\n\t\t%s(&t, %s)\n\t\t*out = t\n\t\treturn\n\t}\n\t%s(out, %s)\n}\n\n",
		cp.api, elemType(k[0]), strings.Join(params, ", "), strings.Join(alias, " || "), strings.TrimPrefix(elemType(k[0]), "*"),
		o.name, args, o.name, args)
	return b.String()
}

// compositeTest is the generated test of a composite: the ladder step's against math/big
// (ladderTest), the others' assembly (API) against the pure Go (genericCompositeTest; the
// IR itself is tested against math/big in package fields, and the checker proves the
// assembly equal to it).
func compositeTest(o *op, n int) string {
	if o.name == fields.OpLadderStep {
		return ladderTest(o, n)
	}
	return genericCompositeTest(o, n)
}

// genericCompositeTest: random inputs (values below p for Montgomery fields), the API
// against <op>Pure, output bounds, out == the first input.
func genericCompositeTest(o *op, n int) string {
	cp := composites[o.name]
	k := shape(o, n)
	var b strings.Builder
	p := o.fn.Params[0]
	r := o.fn.Rets[0]
	fmt.Fprintf(&b, "// Test%[1]s: %[1]s through the assembly and the pure Go on random inputs (20,000;\n"+
		"// 1,000 with -short), output bounds, and out == %[2]s.\nfunc Test%[1]s(t *testing.T) {\n", cp.api, cp.args[0])
	fmt.Fprintf(&b, "\tlo, hi := Element{%s}, Element{%s}\n", strings.Trim(lowerBounds(p.Lower, n), "[]"), strings.Trim(bounds(p.Upper, n, p.Type), "[]"))
	fmt.Fprintf(&b, "\toutLo, outHi := Element{%s}, Element{%s}\n", strings.Trim(lowerBounds(r.Lower, n), "[]"), strings.Trim(bounds(r.Upper, n, r.Type), "[]"))
	b.WriteString("\tn := 20000\n\tif testing.Short() {\n\t\tn = 1000\n\t}\n\trng := rand.New(rand.NewSource(11))\n\tfor range n {\n")
	var args []string
	for i, a := range cp.args {
		if k[i+1] == 1 {
			fmt.Fprintf(&b, "\t\t%s := testRandom(rng, &lo, &hi)\n", a)
		} else {
			fmt.Fprintf(&b, "\t\tvar %s [%d]Element\n\t\tfor j := range %s {\n\t\t\t%s[j] = testRandom(rng, &lo, &hi)\n\t\t}\n", a, k[i+1], a, a)
		}
		args = append(args, "&"+a)
	}
	out := strings.TrimPrefix(elemType(k[0]), "*")
	fmt.Fprintf(&b, "\t\tvar viaAPI, viaPure %s\n\t\t%s(&viaAPI, %s)\n\t\t%sPure(&viaPure, %s)\n", out, cp.api, strings.Join(args, ", "), o.name, strings.Join(args, ", "))
	b.WriteString("\t\tif viaAPI != viaPure {\n\t\t\tt.Fatalf(\"" + cp.api + "(%x): assembly %x, pure Go %x\", " + strings.TrimPrefix(args[0], "&") + ", viaAPI, viaPure)\n\t\t}\n")
	elems := "viaAPI[:]"
	if k[0] == 1 {
		elems = "[]Element{viaAPI}"
	}
	b.WriteString("\t\tfor _, e := range " + elems + " {\n\t\t\tfor i := range e {\n\t\t\t\tif e[i] < outLo[i] || e[i] > outHi[i] {\n" +
		"\t\t\t\t\tt.Fatalf(\"" + cp.api + " = %x: limb %d outside its bounds\", viaAPI, i)\n\t\t\t\t}\n\t\t\t}\n\t\t}\n")
	if k[1] == k[0] {
		fmt.Fprintf(&b, "\t\t%s(&%s, %s) // out == %s\n\t\tif %s != viaAPI {\n\t\t\tt.Fatalf(\"%s with out == %s: %%x, want %%x\", %s, viaAPI)\n\t\t}\n",
			cp.api, cp.args[0], strings.Join(args, ", "), cp.args[0], cp.args[0], cp.api, cp.args[0], cp.args[0])
	}
	b.WriteString("\t}\n}\n")
	return b.String()
}

// ladderTest is the generated test of the ladder step: the assembly (API) and the pure
// Go against math/big on edge and random inputs, output bounds, and out == in.
func ladderTest(o *op, n int) string {
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
