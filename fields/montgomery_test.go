package fields

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// TestMontShifts: the reduction step takes the shift form exactly where it saves
// multiplications (P-256: C = 2^32 + p_3·2^128 as two shifts and one mulx; p434: one row
// over C's four words), the small-c form, in the composites' mul and square, where
// p = 2^(64n) − c saves one (secp256k1: m and hi(m·c), two mulx per step instead of
// three), and the functions then make that many fewer mulx; the composites' square by
// montSquare makes n(n+1)/2 products instead of n². Their values are TestOps',
// TestMatchesFiat's and TestMontLimbsMatchModel's concern (limb for limb with Fiat's).
func TestMontShifts(t *testing.T) {
	for _, tc := range []struct {
		field string
		form  bool   // the shift form is used
		terms bool   // per word (else one row)
		c     uint64 // the small-c form's c (0: not used)
		// mulx codegen sees (after ir.Lower): the catalogue's mul, the composites' mul and
		// square, and Fiat's mul.
		mulx, fusedMul, fusedSquare, fiats int
	}{
		{"p256", true, true, 0, 20, 20, 14, 28},
		{"p434", true, false, 0, 77, 77, 56, 84},
		{"p224", false, false, 0, 32, 32, 26, 32},
		{"p384", false, false, 0, 66, 66, 51, 66},
		{"sm2", false, false, 0, 28, 28, 22, 28},
		{"secp256k1_montgomery", false, false, 0x1000003d1, 28, 24, 18, 28},
	} {
		t.Run(tc.field, func(t *testing.T) {
			F, err := Lookup(tc.field)
			require.NoError(t, err)
			f := montShifts(F.Prime, len(F.LimbBits))
			require.Equal(t, tc.form, f != nil)
			if f != nil {
				require.Equal(t, tc.terms, f.terms)
			}
			sc, ok := montSmallC(F.Prime, len(F.LimbBits))
			require.Equal(t, tc.c != 0, ok)
			require.Equal(t, tc.c, sc)
			for _, k := range []struct {
				op    string
				fused bool
				want  int
			}{{"mul", false, tc.mulx}, {"mul", true, tc.fusedMul}, {"square", true, tc.fusedSquare}} {
				fn, err := montgomeryForm(F, k.op, "f", k.fused)
				require.NoError(t, err)
				require.Equal(t, k.want, countOps(t, fn, ir.OpMulx), "%s fused=%v", k.op, k.fused)
			}
			// Fiat's form of the same field: the reduction step without the shift form.
			b := ir.NewBuilder("fiat_form")
			w := words{b}
			n := len(F.LimbBits)
			a, c := saturatedParams(b, "mul", n)
			saturatedReturn(b, montMul(w, a, c, consts(words64(F.Prime, n)), fiatStep(consts(words64(F.Prime, n)), montInv(F.Prime))))
			require.Equal(t, tc.fiats, countOps(t, b.Func(), ir.OpMulx))
		})
	}
}

// countOps counts op in f lowered as codegen lowers it (equal multiplications shared).
func countOps(t *testing.T, f *ir.Func, op ir.Op) int {
	f, err := ir.Lower(f)
	require.NoError(t, err)
	n := 0
	for _, in := range f.Body {
		if in.Op == op {
			n++
		}
	}
	return n
}

// montModel is CIOS's result in math/big: T = (a·b + M·p)/2^(64n) with M < 2^(64n) making
// the sum divisible, less p once when T >= p; n words (inputs below 2^(64n), so T < 2^(64n) + p).
func montModel(p *big.Int, n int, a, b *big.Int) []uint64 {
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	pinv := new(big.Int).ModInverse(p, r)
	ab := new(big.Int).Mul(a, b)
	m := new(big.Int).Mul(ab, pinv)
	m.Neg(m).Mod(m, r)
	t := new(big.Int).Add(ab, m.Mul(m, p))
	t.Rsh(t, uint(64*n))
	if t.Cmp(p) >= 0 {
		t.Sub(t, p)
	}
	return words64(t, n)
}

// montInputs are edge and random inputs of a Montgomery mul or square: the interpreter's
// edge patterns, 0, 1, p−1, p and 2^(64n)−1 in every combination, and uniform limbs.
func montInputs(F Field, f *ir.Func, rng *rand.Rand, random int) [][][]uint64 {
	n := len(F.LimbBits)
	vals := [][]uint64{repeat(0, n), words64(big.NewInt(1), n), words64(new(big.Int).Sub(F.Prime, big.NewInt(1)), n),
		words64(F.Prime, n), repeat(^uint64(0), n)}
	inputs := interp.EdgeInputs(f)
	for _, v := range vals {
		for _, u := range vals {
			inputs = append(inputs, [][]uint64{v, u}[:len(f.Params)])
		}
	}
	for range random {
		inputs = append(inputs, interp.RandomInputs(f, rng))
	}
	return inputs
}

// checkMontLimbs: F's mul and square, the catalogue's and the composites' forms, equal
// montModel limb for limb on montInputs, all in-bound inputs and not only reduced ones
// (the reduction and squaring forms change how the value is computed, never the value).
func checkMontLimbs(t *testing.T, F Field, random int) {
	n := len(F.LimbBits)
	rng := rand.New(rand.NewSource(5))
	for _, op := range []string{"mul", "square"} {
		for _, fused := range []bool{false, true} {
			f, err := montgomeryForm(F, op, "f", fused)
			require.NoError(t, err)
			m, err := interp.New(f)
			require.NoError(t, err)
			out := m.NewOutputs()
			for _, args := range montInputs(F, f, rng, random) {
				require.NoError(t, m.Eval(args, out))
				a := F.Value(args[0])
				b := a
				if op == "mul" {
					b = F.Value(args[1])
				}
				require.Equal(t, montModel(F.Prime, n, a, b), out[0], "%s %s fused=%v on %#x", F.Name, op, fused, args)
			}
		}
	}
}

// TestMontLimbsMatchModel: every Montgomery field of the catalogue, and custom primes
// 2^(64n) − c of the small-c form (c of 8, 63 and 64 bits), against montModel.
func TestMontLimbsMatchModel(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var fs []Field
	for _, F := range All() {
		if F.Method == Montgomery {
			fs = append(fs, F)
		}
	}
	// Custom fields are all named "custom": the test names say which.
	for _, tc := range []struct{ limbs, cbits int }{{4, 8}, {3, 63}, {4, 64}, {2, 40}} {
		p := smallCPrime(rng, tc.limbs, tc.cbits)
		F, err := Custom(p, Montgomery, tc.limbs)
		require.NoError(t, err)
		c, ok := montSmallC(p, tc.limbs)
		require.True(t, ok, "%x", p)
		require.Equal(t, tc.cbits, bits.Len64(c))
		F.Name = fmt.Sprintf("small-c_%dx64_c%d", tc.limbs, tc.cbits)
		fs = append(fs, F)
	}
	for _, F := range fs {
		t.Run(F.Name, func(t *testing.T) {
			t.Parallel()
			checkMontLimbs(t, F, count(3000))
		})
	}
}

// smallCPrime is a prime 2^(64·limbs) − c with c a random odd number of cbits bits.
func smallCPrime(rng *rand.Rand, limbs, cbits int) *big.Int {
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*limbs))
	for {
		c := rng.Uint64()>>(64-cbits) | 1<<(cbits-1) | 1
		p := new(big.Int).Sub(r, new(big.Int).SetUint64(c))
		if p.ProbablyPrime(32) {
			return p
		}
	}
}
