package gopkg

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// testGo is the package's test: every op on random and edge inputs through the public API
// (assembly on amd64) and the generic Go, each against math/big and the output bounds,
// plus benchmarks of both paths.
func testGo(c Config, ops []*op) string {
	var b strings.Builder
	n := limbs(ops)
	b.WriteString(head(c, ""))
	b.WriteString("import (\n\t\"fmt\"\n\t\"math/big\"\n\t\"math/rand\"\n\t\"slices\"\n\t\"testing\"\n\t\"time\"\n)\n\n")
	fmt.Fprintf(&b, "var testPrime, _ = new(big.Int).SetString(%q, 16)\n\n", c.Field.Prime.Text(16))
	fmt.Fprintf(&b, "var testOffsets = %#v\n\n", offsets(c.Field))
	fmt.Fprintf(&b, "const testMontgomery = %v\n\n", c.Field.Method == fields.Montgomery)
	b.WriteString("var testOps = []testOp{\n")
	for _, o := range ops {
		if !isComposite(o.name) {
			writeTestOp(&b, c, o, n)
		}
	}
	b.WriteString("}\n\n")
	b.WriteString(testBody)
	for _, o := range ops {
		if isComposite(o.name) {
			b.WriteString("\n" + compositeTest(o, n))
		}
	}
	return b.String()
}

func writeTestOp(b *strings.Builder, c Config, o *op, n int) {
	api := apiNames[o.name]
	fmt.Fprintf(b, "\t{name: %q, arity: %d,\n", api, len(o.fn.Params))
	if len(o.fn.Params) == 2 {
		fmt.Fprintf(b, "\t\tapi: func(out *Element, in []*Element) { %s(out, in[0], in[1]) },\n", api)
		fmt.Fprintf(b, "\t\tgeneric: func(out *Element, in []*Element) { %sGeneric((*[%d]uint64)(out), (*[%d]uint64)(in[0]), (*[%d]uint64)(in[1])) },\n", o.name, n, n, n)
	} else {
		fmt.Fprintf(b, "\t\tapi: func(out *Element, in []*Element) { %s(out, in[0]) },\n", api)
		fmt.Fprintf(b, "\t\tgeneric: func(out *Element, in []*Element) { %sGeneric((*[%d]uint64)(out), (*[%d]uint64)(in[0])) },\n", o.name, n, n)
	}
	fmt.Fprintf(b, "\t\twant: %s,\n", wantFunc(o.name))
	if c.Field.Method == fields.Montgomery && o.name != "mul" && o.name != "square" {
		b.WriteString("\t\tneedsReduced: true,\n")
	}
	if c.Field.Method == fields.Montgomery && (o.name == "mul" || o.name == "square") {
		b.WriteString("\t\tmontgomery: true,\n")
	}
	b.WriteString("\t\tinLo: []Element{")
	for _, p := range o.fn.Params {
		b.WriteString("{" + strings.Trim(lowerBounds(p.Lower, len(p.Limbs)), "[]") + "}, ")
	}
	b.WriteString("},\n\t\tinHi: []Element{")
	for _, p := range o.fn.Params {
		b.WriteString("{" + strings.Trim(bounds(p.Upper, len(p.Limbs), p.Type), "[]") + "}, ")
	}
	r := o.fn.Rets[0]
	fmt.Fprintf(b, "},\n\t\toutLo: Element{%s}, outHi: Element{%s},\n",
		strings.Trim(lowerBounds(r.Lower, len(r.Limbs)), "[]"), strings.Trim(bounds(r.Upper, len(r.Limbs), r.Type), "[]"))
	b.WriteString("\t\tedges: [][]Element{\n")
	for _, in := range interp.EdgeInputs(o.fn) {
		b.WriteString("\t\t\t{")
		for _, a := range in {
			b.WriteString("{" + hexList(a) + "}, ")
		}
		b.WriteString("},\n")
	}
	b.WriteString("\t\t},\n\t},\n")
}

func hexList(a []uint64) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = fmt.Sprintf("%#x", x)
	}
	return strings.Join(s, ", ")
}

// wantFunc is the math/big reference of an op, before the Montgomery factor.
func wantFunc(name string) string {
	switch name {
	case "mul":
		return "func(in []*big.Int) *big.Int { return new(big.Int).Mul(in[0], in[1]) }"
	case "square":
		return "func(in []*big.Int) *big.Int { return new(big.Int).Mul(in[0], in[0]) }"
	case "add":
		return "func(in []*big.Int) *big.Int { return new(big.Int).Add(in[0], in[1]) }"
	case "sub":
		return "func(in []*big.Int) *big.Int { return new(big.Int).Sub(in[0], in[1]) }"
	case "opp":
		return "func(in []*big.Int) *big.Int { return new(big.Int).Neg(in[0]) }"
	}
	return "func(in []*big.Int) *big.Int { return new(big.Int).Set(in[0]) }"
}

var _ = big.NewInt

// testBody is the fixed part of the generated test.
const testBody = `type testOp struct {
	name          string
	arity         int
	api, generic  func(out *Element, in []*Element)
	want          func(in []*big.Int) *big.Int
	inLo, inHi    []Element
	outLo, outHi  Element
	edges         [][]Element
	// needsReduced: the op's contract holds for input values below p only (Montgomery
	// add, sub, opp, as in Fiat); other inputs are compared between the paths only.
	needsReduced bool
	montgomery   bool // the result carries the factor R⁻¹ (Montgomery mul, square)
}

func testValue(x *Element) *big.Int {
	v := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(x[i]), uint(testOffsets[i])))
	}
	return v
}

// testRInv is R⁻¹ mod p for Montgomery fields (R = 2^(64·limbs)), else 1.
func testRInv() *big.Int {
	if !testMontgomery {
		return big.NewInt(1)
	}
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*len(Element{})))
	return r.ModInverse(r, testPrime)
}

// testRandom draws limbs uniformly within the bounds; Montgomery inputs are values below p.
func testRandom(rng *rand.Rand, lo, hi *Element) Element {
	var x Element
	if testMontgomery {
		v := new(big.Int).Rand(rng, testPrime)
		for i := range x {
			x[i] = new(big.Int).Rsh(v, uint(64*i)).Uint64()
		}
		return x
	}
	for i := range x {
		span := hi[i] - lo[i]
		if span == ^uint64(0) {
			x[i] = rng.Uint64()
		} else {
			x[i] = lo[i] + rng.Uint64()%(span+1)
		}
	}
	return x
}

// testShow prints the inputs of a failure.
func testShow(in []*Element) string {
	s := ""
	for _, x := range in {
		s += fmt.Sprintf("%x ", *x)
	}
	return s
}

func testCheck(t *testing.T, op *testOp, in []*Element, rinv *big.Int) {
	t.Helper()
	vals := make([]*big.Int, len(in))
	reduced := testMontgomery
	for i, x := range in {
		vals[i] = testValue(x)
		reduced = reduced && vals[i].Cmp(testPrime) < 0
	}
	want := op.want(vals)
	if op.montgomery {
		want.Mul(want, rinv)
	}
	want.Mod(want, testPrime)
	var viaAPI, viaGeneric Element
	op.api(&viaAPI, in)
	op.generic(&viaGeneric, in)
	if viaAPI != viaGeneric {
		t.Fatalf("%s(%s): assembly %x, generic %x", op.name, testShow(in), viaAPI, viaGeneric)
	}
	for i := range viaAPI {
		if viaAPI[i] < op.outLo[i] || viaAPI[i] > op.outHi[i] {
			t.Fatalf("%s(%s) = %x: limb %d outside its bounds", op.name, testShow(in), viaAPI, i)
		}
	}
	got := testValue(&viaAPI)
	if op.needsReduced && !reduced {
		return
	}
	if reduced && got.Cmp(testPrime) >= 0 {
		t.Fatalf("%s(%s) = %x: not reduced below p", op.name, testShow(in), viaAPI)
	}
	if got.Mod(got, testPrime).Cmp(want) != 0 {
		t.Fatalf("%s(%s) = %x, want value %x mod p", op.name, testShow(in), viaAPI, want)
	}
}

// TestAgainstMathBig checks every op, through the assembly (on amd64 without purego) and
// the generic Go, on every edge input and on random inputs (100,000 per op; 2,000 with -short).
func TestAgainstMathBig(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 2000
	}
	rinv := testRInv()
	for i := range testOps {
		op := &testOps[i]
		t.Run(op.name, func(t *testing.T) {
			for _, e := range op.edges {
				in := make([]*Element, len(e))
				for j := range e {
					in[j] = &e[j]
				}
				testCheck(t, op, in, rinv)
			}
			rng := rand.New(rand.NewSource(int64(i) + 1))
			for range n {
				in := make([]*Element, op.arity)
				for j := range in {
					x := testRandom(rng, &op.inLo[j], &op.inHi[j])
					in[j] = &x
				}
				testCheck(t, op, in, rinv)
			}
		})
	}
}

// TestAliasing checks out == a (and out == b) against separate outputs.
func TestAliasing(t *testing.T) {
	rng := rand.New(rand.NewSource(99))
	for i := range testOps {
		op := &testOps[i]
		for range 100 {
			in := make([]*Element, op.arity)
			for j := range in {
				x := testRandom(rng, &op.inLo[j], &op.inHi[j])
				in[j] = &x
			}
			var want Element
			op.api(&want, in)
			for j := range in {
				saved := *in[j]
				alias := append([]*Element(nil), in...)
				out := in[j]
				alias[j] = out
				op.api(out, alias)
				if *out != want {
					t.Fatalf("%s with out == input %d: %x, want %x", op.name, j, *out, want)
				}
				*in[j] = saved
			}
		}
	}
}

// benchInputs draws one in-bound input per argument of op, the same on every run.
func benchInputs(op *testOp) []*Element {
	rng := rand.New(rand.NewSource(1))
	in := make([]*Element, op.arity)
	for j := range in {
		x := testRandom(rng, &op.inLo[j], &op.inHi[j])
		in[j] = &x
	}
	return in
}

func benchOp(b *testing.B, generic bool) {
	for i := range testOps {
		op := &testOps[i]
		b.Run(op.name, func(b *testing.B) {
			in := benchInputs(op)
			var out Element
			f := op.api
			if generic {
				f = op.generic
			}
			b.ResetTimer()
			for b.Loop() {
				f(&out, in)
			}
		})
	}
}

// BenchmarkAsm times the public API (the assembly on amd64 without purego).
func BenchmarkAsm(b *testing.B) { benchOp(b, false) }

// BenchmarkGeneric times the pure-Go fallback.
func BenchmarkGeneric(b *testing.B) { benchOp(b, true) }

// BenchmarkAsmVsGeneric times the public API and the pure-Go fallback of each op
// interleaved (1,001 rounds of 200 calls each, in alternating order) and reports both
// medians in ns per call and their ratio (x_generic/asm: above 1, the assembly is faster).
// On a shared machine a preempted batch is an outlier the median ignores; run it with
// -benchtime 1x.
func BenchmarkAsmVsGeneric(b *testing.B) {
	for i := range testOps {
		op := &testOps[i]
		b.Run(op.name, func(b *testing.B) {
			in := benchInputs(op)
			var out Element
			var med [2]float64
			for b.Loop() {
				med = benchMedians(&out, in, op.api, op.generic)
			}
			b.ReportMetric(med[0], "ns_asm")
			b.ReportMetric(med[1], "ns_generic")
			b.ReportMetric(med[1]/med[0], "x_generic/asm")
		})
	}
}

// benchMedians times api and generic in turn (the first of each round alternates) and
// returns their median batches in ns per call.
func benchMedians(out *Element, in []*Element, api, generic func(*Element, []*Element)) [2]float64 {
	const rounds, calls = 1001, 200
	fs := [2]func(*Element, []*Element){api, generic}
	var times [2][]float64
	for r := range rounds {
		for k := range fs {
			k = (k + r) % len(fs)
			t0 := time.Now()
			for range calls {
				fs[k](out, in)
			}
			times[k] = append(times[k], float64(time.Since(t0).Nanoseconds())/calls)
		}
	}
	var med [2]float64
	for k := range times {
		slices.Sort(times[k])
		med[k] = times[k][rounds/2]
	}
	return med
}
`
