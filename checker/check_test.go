package checker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// mixFunc is the IR of testdata/mix.asm.
func mixFunc() *ir.Func {
	b := ir.NewBuilder("mix")
	max2 := []uint64{^uint64(0), ^uint64(0)}
	a := b.Param("arg1", ir.U64, []uint64{0, 0}, max2)
	c := b.Param("arg2", ir.U64, []uint64{0, 0}, max2)
	p := b.Op1(ir.OpMul, ir.U128, ir.V(a[0]), ir.V(c[0]))
	q := b.Op1(ir.OpMul, ir.U128, ir.V(a[1]), ir.V(c[1]))
	s := b.Op1(ir.OpAdd, ir.U128, ir.V(p), ir.V(q))
	lo := b.Op1(ir.OpCast, ir.U64, ir.V(s))
	hi := b.Op1(ir.OpCast, ir.U64, ir.V(b.Op1(ir.OpShr, ir.U128, ir.V(s), ir.C(64))))
	_, borrow := b.SubBorrow(ir.C(0), ir.V(a[0]), ir.V(c[0]))
	sel := b.Op1(ir.OpCmovznz, ir.U64, ir.V(borrow), ir.V(a[0]), ir.V(c[0]))
	m19 := b.Op1(ir.OpMul, ir.U64, ir.V(a[1]), ir.C(19))
	m9 := b.Op1(ir.OpMul, ir.U64, ir.V(a[1]), ir.C(9))
	_, carry := b.AddCarry(ir.C(0), ir.V(a[0]), ir.V(c[0]))
	c64 := b.Op1(ir.OpCast, ir.U64, ir.V(carry))
	limbs := []ir.Arg{ir.V(lo), ir.V(hi), ir.V(sel), ir.V(m19), ir.V(m9), ir.V(c64)}
	b.Return("out1", ir.U64, limbs, make([]uint64, 6), []uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), 1})
	return b.Func()
}

func readTestdata(t *testing.T, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return data
}

func TestMixProved(t *testing.T) {
	rep, err := Check(mixFunc(), readTestdata(t, "mix.asm"), Options{})
	require.NoError(t, err)
	require.True(t, rep.Proved, "%+v", rep)
	require.Equal(t, 6, rep.Outputs)
	// Proved with the default trials: the 49 edge inputs of two arguments, 32 more.
	require.Equal(t, len(interp.EdgeInputs(mixFunc()))+ProvedExtraTrials, rep.Trials)
	rep, err = Check(mixFunc(), readTestdata(t, "mix.asm"), Options{RandomTrials: DefaultTrials})
	require.NoError(t, err)
	require.True(t, rep.Proved)
	require.Equal(t, DefaultTrials, rep.Trials, "an explicit count is run, proved or not")
}

// TestTrialCount: an explicit count is the count; by default a proof gets its edge inputs
// (at most DefaultTrials) and ProvedExtraTrials more, a failed proof DefaultTrials.
func TestTrialCount(t *testing.T) {
	for _, tc := range []struct {
		asked, edges int
		proved       bool
		want         int
	}{
		{0, 49, true, 49 + ProvedExtraTrials},
		{0, 7, true, 7 + ProvedExtraTrials},
		{0, 343, true, DefaultTrials + ProvedExtraTrials},
		{0, 49, false, DefaultTrials},
		{5, 49, true, 5},
		{5, 49, false, 5},
		{1000, 49, true, 1000},
	} {
		require.Equal(t, tc.want, trialCount(tc.asked, tc.edges, tc.proved), "%+v", tc)
	}
}

// Each edit breaks mix.asm in one way; the report must say what and where.
func TestMixBroken(t *testing.T) {
	src := string(readTestdata(t, "mix.asm"))
	for _, tc := range []struct {
		name, from, to, what string
		counterexample       bool
	}{
		{"adc-as-add", "adc r9, rdx", "add r9, rdx", "out1[1]", true},
		{"wrong-sum", "add r8, rax", "add r8, rdx", "out1[0]", true},
		{"wrong-cmov", "cmovc rbx, rdx", "cmovnc rbx, rdx", "out1[2]", true},
		{"wrong-imm", "0x13", "0x14", "out1[3]", true},
		{"wrong-scale", "8 * rax", "4 * rax", "out1[4]", true},
		{"rbx-not-restored", "mov rbx, [ rsp - 0x10 ] ; restore rbx", "nop_removed: ", "rbx", true},
		{"below-red-zone", "[ rsp - 0x10 ], rbx", "[ rsp - 0x88 ], rbx", "program", false},
		{"write-outside", "[ rdi + 0x28 ], rax", "[ rdi + 0x30 ], rax", "program", true},
		{"write-input", "mov [ rdi ], r8", "mov [ rsi ], r8", "program", true},
		{"value-as-address", "mov rax, [ rsi + 0x8 ]\nlea", "mov rax, [ rax + 0x8 ]\nlea", "program", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(src, tc.from, tc.to, 1)
			require.NotEqual(t, src, text)
			text = strings.ReplaceAll(text, "nop_removed: ", "")
			rep, err := Check(mixFunc(), []byte(text), Options{RandomTrials: 64})
			require.NoError(t, err)
			require.False(t, rep.Proved)
			require.NotEmpty(t, rep.Failures)
			require.Equal(t, tc.what, rep.Failures[0].What, "%+v", rep.Failures)
			if tc.from == "adc r9, rdx" || tc.from == "add r8, rax" {
				require.Contains(t, rep.Failures[0].Instruction, tc.to, "the diverging instruction")
				require.Positive(t, rep.Failures[0].Line)
			}
			if tc.counterexample {
				require.NotNil(t, rep.Counterexample, "%+v", rep)
				require.False(t, rep.CheckerBug)
			}
		})
	}
}

func TestAliasing(t *testing.T) {
	src := readTestdata(t, "mix.asm")
	// mix.asm reads arg1[0] after writing out1[0]: wrong when the two are one array.
	rep, err := Check(mixFunc(), src, Options{Aliasing: ir.AliasOut1Arg1})
	require.NoError(t, err)
	require.False(t, rep.Proved)
	require.NotNil(t, rep.Counterexample)
	_, err = Check(mixFunc(), src, Options{Aliasing: ir.Aliasing(5)})
	require.Error(t, err)
}

// TestAliasSafe: a proof says whether out1 may be an input as well (every input limb read
// before out1's limb at its offset is written), as gopkg's wrappers rely on.
func TestAliasSafe(t *testing.T) {
	src := string(readTestdata(t, "mix.asm"))
	stores := "mov [ rdi ], r8\nmov [ rdi + 0x8 ], r9\n"
	require.Contains(t, src, stores)
	late := strings.Replace(strings.Replace(src, stores, "", 1), "mov rbx, [ rsp - 0x10 ]", stores+"mov rbx, [ rsp - 0x10 ]", 1)
	// The same stores after an input read at their offsets: arg2[1] read late (write-then-read
	// at offset 8 only).
	readBack := strings.Replace(late, "ret", "mov rax, [ rcx + 0x8 ]\nret", 1)
	for _, tc := range []struct {
		name, text string
		safe       bool
	}{
		{"stores-before-reads", src, false},
		{"stores-last", late, true},
		{"input-read-after-store", readBack, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Check(mixFunc(), []byte(tc.text), Options{RandomTrials: 16})
			require.NoError(t, err)
			require.True(t, rep.Proved, "%+v", rep.Failures)
			require.Equal(t, tc.safe, rep.AliasSafe)
		})
	}
}

func TestBadInput(t *testing.T) {
	_, err := Check(mixFunc(), []byte("SECTION .text\nGLOBAL f\nf:\nvpaddq xmm0, xmm1\nret\n"), Options{})
	require.Error(t, err)
	_, err = Check(mixFunc(), []byte("SECTION .text\nGLOBAL f\nf:\njmp f\n"), Options{})
	require.Error(t, err)
}

// fiatDir is ../shared/fiat-json from the repository root.
func fiatDir(t *testing.T) string {
	dir := fiatdata.Dir(t)
	return dir
}

// The CryptOpt-style NASM files in testdata (frame or red-zone saves of callee-saved
// registers with mov, footer comments) are proved against the Fiat functions.
func TestCryptOptStyleNASM(t *testing.T) {
	dir := fiatDir(t)
	for file, fn := range map[string]string{
		"p256_64.json": "fiat_p256_mul", "curve25519_64.json": "fiat_25519_carry_mul",
		"p521_64.json": "fiat_p521_carry_square", "secp256k1_montgomery_64.json": "fiat_secp256k1_montgomery_square",
		"poly1305_64.json": "fiat_poly1305_carry_mul",
	} {
		t.Run(fn, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, file))
			require.NoError(t, err)
			f, err := ir.ReadFiatFunc(data, fn)
			require.NoError(t, err)
			rep, err := Check(f, readTestdata(t, fn+".asm"), Options{RandomTrials: 64})
			require.NoError(t, err)
			require.True(t, rep.Proved, "%+v", rep)
		})
	}
}

// flagsFunc is the IR of testdata/flags.asm: a two-word add and its carry.
func flagsFunc() *ir.Func {
	b := ir.NewBuilder("flags")
	max2 := []uint64{^uint64(0), ^uint64(0)}
	a := b.Param("arg1", ir.U64, []uint64{0, 0}, max2)
	c := b.Param("arg2", ir.U64, []uint64{0, 0}, max2)
	x1, c1 := b.AddCarry(ir.C(0), ir.V(a[0]), ir.V(c[0]))
	x2, c2 := b.AddCarry(ir.V(c1), ir.V(a[1]), ir.V(c[1]))
	c64 := b.Op1(ir.OpCast, ir.U64, ir.V(c2))
	b.Return("out1", ir.U64, []ir.Arg{ir.V(x1), ir.V(x2), ir.V(c64)}, make([]uint64, 3),
		[]uint64{^uint64(0), ^uint64(0), 1})
	return b.Func()
}

// TestFlagIdioms: the byte ALU and OF idioms of CryptOpt's output are proved, and breaking
// any of them is caught.
func TestFlagIdioms(t *testing.T) {
	src := string(readTestdata(t, "flags.asm"))
	rep, err := Check(flagsFunc(), []byte(src), Options{})
	require.NoError(t, err)
	require.True(t, rep.Proved, "%+v", rep)
	for _, tc := range []struct{ from, to, what string }{
		{"add byte [ rsp - 0x8 ], 0x7F", "add byte [ rsp - 0x8 ], 0x7E", "out1[1]"},
		{"mov r10, -0x2", "mov r10, 0x7fffffffffffffff", "out1[0]"},
		{"dec rcx", "inc rcx", "out1[2]"},
		{"adc r8b, 0x0", "add r8b, 0x0", "out1[2]"},
		{"add cl, r11b", "add cl, r8b", "out1[2]"},
		{"add r11b, 0xFF", "add r11b, 0xFE", "out1[2]"},
	} {
		t.Run(tc.to, func(t *testing.T) {
			text := strings.Replace(src, tc.from, tc.to, 1)
			require.NotEqual(t, src, text)
			rep, err := Check(flagsFunc(), []byte(text), Options{RandomTrials: 64})
			require.NoError(t, err)
			require.False(t, rep.Proved)
			require.Equal(t, tc.what, rep.Failures[0].What, "%+v", rep.Failures)
			require.NotNil(t, rep.Counterexample, "%+v", rep)
		})
	}
}

// A flag the checker cannot express is named in the report: here OF comes from adding
// two unknown words instead of the restored carry bit.
func TestOpaqueFlagReported(t *testing.T) {
	src := strings.Replace(string(readTestdata(t, "flags.asm")), "add byte [ rsp - 0x8 ], 0x7F", "add r9, rax", 1)
	rep, err := Check(flagsFunc(), []byte(src), Options{RandomTrials: 64})
	require.NoError(t, err)
	require.False(t, rep.Proved)
	require.Equal(t, "out1[1]", rep.Failures[0].What)
	require.Contains(t, rep.Failures[0].Opaque, "of_add64 from #")
	require.Contains(t, rep.Failures[0].Opaque, "add r9, rax")
}
