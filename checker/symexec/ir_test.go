package symexec

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker/egraph"
	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
)

// fiatDir is ../shared/fiat-json relative to the repository root.
func fiatDir(t testing.TB) string {
	dir := fiatdata.Dir(t)
	return dir
}

func readFiat(t testing.TB, file, name string) *ir.Func {
	data, err := os.ReadFile(filepath.Join(fiatDir(t), file))
	require.NoError(t, err)
	fn, err := ir.ReadFiatFunc(data, name)
	require.NoError(t, err)
	return fn
}

// Two IR functions computing the same thing through different Fiat shapes must meet:
// a u128 sum of products versus mulx + addcarryx chains.
func TestIRShapesMeet(t *testing.T) {
	wide := ir.NewBuilder("wide")
	a := wide.Param("arg1", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	b := wide.Param("arg2", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	p0 := wide.Op1(ir.OpMul, ir.U128, ir.V(a[0]), ir.V(b[0]))
	p1 := wide.Op1(ir.OpMul, ir.U128, ir.V(a[1]), ir.V(b[1]))
	lo := wide.Op1(ir.OpCast, ir.U64, ir.V(p0))
	s := wide.Op1(ir.OpAdd, ir.U128, ir.V(wide.Op1(ir.OpShr, ir.U128, ir.V(p0), ir.C(64))), ir.V(p1))
	wide.Return("out1", ir.U64, []ir.Arg{ir.V(lo), ir.V(wide.Op1(ir.OpCast, ir.U64, ir.V(s))),
		ir.V(wide.Op1(ir.OpCast, ir.U64, ir.V(wide.Op1(ir.OpShr, ir.U128, ir.V(s), ir.C(64)))))}, nil, nil)

	chain := ir.NewBuilder("chain")
	a = chain.Param("arg1", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	b = chain.Param("arg2", ir.U64, []uint64{0, 0}, []uint64{^uint64(0), ^uint64(0)})
	l0, h0 := chain.Mulx(ir.V(a[0]), ir.V(b[0]))
	l1, h1 := chain.Mulx(ir.V(a[1]), ir.V(b[1]))
	s0, c0 := chain.AddCarry(ir.C(0), ir.V(h0), ir.V(l1))
	s1, _ := chain.AddCarry(ir.V(c0), ir.V(h1), ir.C(0))
	chain.Return("out1", ir.U64, []ir.Arg{ir.V(l0), ir.V(s0), ir.V(s1)}, nil, nil)

	requireMeet(t, wide.Func(), chain.Func())
}

// requireMeet executes both functions into one graph: their outputs must be one class.
func requireMeet(t *testing.T, f1, f2 *ir.Func) {
	t.Helper()
	g := egraph.New()
	r1, err := ExecIR(g, f1)
	require.NoError(t, err)
	r2, err := ExecIR(g, f2)
	require.NoError(t, err)
	for i := range r1.Outputs[0] {
		require.Equal(t, g.Format(r1.Outputs[0][i], 8), g.Format(r2.Outputs[0][i], 8), "limb %d", i)
	}
}

// A u128 difference (the IR's sub, as golden-ratio Karatsuba writes it) must meet the
// machine's sub/sbb of its words: the IR side is executed by words for that.
func TestIRSub128MeetsBorrowChain(t *testing.T) {
	max2 := []uint64{^uint64(0), ^uint64(0)}
	wide := ir.NewBuilder("wide")
	a := wide.Param("arg1", ir.U64, []uint64{0, 0}, max2)
	b := wide.Param("arg2", ir.U64, []uint64{0, 0}, max2)
	p0 := wide.Op1(ir.OpMul, ir.U128, ir.V(a[0]), ir.V(b[0]))
	p1 := wide.Op1(ir.OpMul, ir.U128, ir.V(a[1]), ir.V(b[1]))
	d := wide.Op1(ir.OpSub, ir.U128, ir.V(p0), ir.V(p1))
	wide.Return("out1", ir.U64, []ir.Arg{ir.V(wide.Op1(ir.OpCast, ir.U64, ir.V(d))),
		ir.V(wide.Op1(ir.OpCast, ir.U64, ir.V(wide.Op1(ir.OpShr, ir.U128, ir.V(d), ir.C(64)))))}, nil, nil)

	chain := ir.NewBuilder("chain")
	a = chain.Param("arg1", ir.U64, []uint64{0, 0}, max2)
	b = chain.Param("arg2", ir.U64, []uint64{0, 0}, max2)
	l0, h0 := chain.Mulx(ir.V(a[0]), ir.V(b[0]))
	l1, h1 := chain.Mulx(ir.V(a[1]), ir.V(b[1]))
	s0, b0 := chain.SubBorrow(ir.C(0), ir.V(l0), ir.V(l1))
	s1, _ := chain.SubBorrow(ir.V(b0), ir.V(h0), ir.V(h1))
	chain.Return("out1", ir.U64, []ir.Arg{ir.V(s0), ir.V(s1)}, nil, nil)

	requireMeet(t, wide.Func(), chain.Func())
}

func TestExecFiat(t *testing.T) {
	for _, tc := range []struct{ file, name string }{
		{"p521_64.json", "fiat_p521_carry_mul"},
		{"p256_64.json", "fiat_p256_mul"},
		{"curve25519_64.json", "fiat_25519_carry_square"},
		{"p224_64.json", "fiat_p224_sub"},
	} {
		fn := readFiat(t, tc.file, tc.name)
		g := egraph.New()
		res, err := ExecIR(g, fn)
		require.NoError(t, err)
		require.Len(t, res.Outputs[0], len(fn.Rets[0].Limbs))
		t.Logf("%s: %d classes; out1[0] = %s", tc.name, g.Len(), g.Format(res.Outputs[0][0], 3))
	}
}
