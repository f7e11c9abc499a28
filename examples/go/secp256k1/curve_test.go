package secp256k1

// This file is identical in nistp256 and secp256k1: it checks the package against the
// standard curve (params_test.go) through an affine math/big reference.

import (
	"bytes"
	"math/big"
	"math/rand"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/weierstrass"
	"github.com/stretchr/testify/require"
)

type knownMultiple struct{ k, x, y string }

type stdCurve struct {
	p, n, a, b, gx, gy string
	multiples          []knownMultiple
}

func hexInt(t testing.TB, s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	require.True(t, ok, s)
	return v
}

func words(v *big.Int) [4]uint64 {
	var w [4]uint64
	b := v.FillBytes(make([]byte, 32))
	for i := range 4 {
		for j := range 8 {
			w[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return w
}

// ref is an affine math/big implementation of the curve (variable time, test only).
type ref struct{ p, n, a, b, gx, gy *big.Int }

func newRef(t testing.TB) *ref {
	return &ref{hexInt(t, std.p), hexInt(t, std.n), hexInt(t, std.a), hexInt(t, std.b),
		hexInt(t, std.gx), hexInt(t, std.gy)}
}

// add returns P + Q; nil is infinity.
func (r *ref) add(p, q []*big.Int) []*big.Int {
	if p == nil {
		return q
	}
	if q == nil {
		return p
	}
	var l *big.Int
	if p[0].Cmp(q[0]) == 0 {
		if new(big.Int).Add(p[1], q[1]).Mod(new(big.Int).Add(p[1], q[1]), r.p).Sign() == 0 {
			return nil
		}
		num := new(big.Int).Mul(p[0], p[0])
		num.Mul(num, big.NewInt(3)).Add(num, r.a)
		den := new(big.Int).Lsh(p[1], 1)
		l = num.Mul(num, den.ModInverse(den, r.p))
	} else {
		num := new(big.Int).Sub(q[1], p[1])
		den := new(big.Int).Sub(q[0], p[0])
		den.Mod(den, r.p)
		l = num.Mul(num, den.ModInverse(den, r.p))
	}
	l.Mod(l, r.p)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, p[0]).Sub(x, q[0]).Mod(x, r.p)
	y := new(big.Int).Sub(p[0], x)
	y.Mul(y, l).Sub(y, p[1]).Mod(y, r.p)
	return []*big.Int{x, y}
}

func (r *ref) mul(k *big.Int, p []*big.Int) []*big.Int {
	var acc []*big.Int
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = r.add(acc, acc)
		if k.Bit(i) == 1 {
			acc = r.add(acc, p)
		}
	}
	return acc
}

func encode(p []*big.Int) []byte {
	out := []byte{4}
	out = append(out, p[0].FillBytes(make([]byte, 32))...)
	return append(out, p[1].FillBytes(make([]byte, 32))...)
}

func scalarBytes(k *big.Int) []byte { return k.FillBytes(make([]byte, 32)) }

func TestConstants(t *testing.T) {
	r := newRef(t)
	require.Equal(t, words(r.p), cP)
	require.Equal(t, words(r.n), cN)
	require.Equal(t, words(r.b), [4]uint64(cB))
	require.Equal(t, words(r.gx), [4]uint64(cGx))
	require.Equal(t, words(r.gy), [4]uint64(cGy))
	r2 := new(big.Int).Lsh(big.NewInt(1), 512)
	require.Equal(t, words(r2.Mod(r2, r.p)), [4]uint64(cR2))
	require.Equal(t, r.a.Cmp(new(big.Int).Sub(r.p, big.NewInt(3))) == 0, aIsMinus3)
	if !aIsMinus3 {
		require.Zero(t, r.a.Sign())
	}
	// BaseMult's last window is a Jacobian addition because bits 251..255 of n are ones.
	require.Equal(t, uint64(0x1f), cN[3]>>59, "bits 251..255 of n")
}

func TestFieldHelpers(t *testing.T) {
	r := newRef(t)
	rng := rand.New(rand.NewSource(1))
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	for i := range 2000 {
		v := new(big.Int).Rand(rng, r.p)
		if i < 3 {
			v.SetInt64(int64(i)) // 0, 1, 2
		} else if i == 3 {
			v.Sub(r.p, big.NewInt(1))
		}
		b := scalarBytes(v)
		x, ok := curve.DecodeFE(b)
		require.True(t, ok)
		want := new(big.Int).Mul(v, R)
		require.Equal(t, words(want.Mod(want, r.p)), [4]uint64(x), "to Montgomery")
		out := make([]byte, 32)
		curve.EncodeFE(out, &x)
		require.Equal(t, b, out, "round trip")
		inv := curve.Invert(&x)
		curve.EncodeFE(out, &inv)
		wantInv := new(big.Int).ModInverse(v, r.p)
		if wantInv == nil {
			wantInv = new(big.Int)
		}
		require.Equal(t, scalarBytes(wantInv), out, "inverse of %x", v)
		wantZero := uint64(0)
		if v.Sign() == 0 {
			wantZero = 1
		}
		require.Equal(t, wantZero, weierstrass.IsZero(&x))
	}
	for _, v := range []*big.Int{r.p, new(big.Int).Add(r.p, big.NewInt(1)), new(big.Int).Sub(R, big.NewInt(1))} {
		_, ok := curve.DecodeFE(scalarBytes(v))
		require.False(t, ok, "%x >= p accepted", v)
	}
}

func TestKnownMultiples(t *testing.T) {
	r := newRef(t)
	g := []*big.Int{r.gx, r.gy}
	gEnc := encode(g)
	cases := []struct {
		k    *big.Int
		want []byte
	}{
		{big.NewInt(1), gEnc},
		{new(big.Int).Sub(r.n, big.NewInt(1)), encode([]*big.Int{r.gx, new(big.Int).Sub(r.p, r.gy)})},
		{new(big.Int).Sub(r.n, big.NewInt(2)), nil},
		{big.NewInt(15), nil}, {big.NewInt(16), nil}, {big.NewInt(17), nil},
		{new(big.Int).Lsh(big.NewInt(1), 252), nil},
		{new(big.Int).Rsh(r.n, 1), nil},
	}
	for _, m := range std.multiples {
		k, _ := new(big.Int).SetString(m.k, 10)
		cases = append(cases, struct {
			k    *big.Int
			want []byte
		}{k, encode([]*big.Int{hexInt(t, m.x), hexInt(t, m.y)})})
	}
	for _, c := range cases {
		want := c.want
		if want == nil {
			want = encode(r.mul(c.k, g))
		} else {
			require.Equal(t, want, encode(r.mul(c.k, g)), "reference for k=%x", c.k)
		}
		got, err := ScalarBaseMult(scalarBytes(c.k))
		require.NoError(t, err)
		require.Equal(t, want, got, "k·G for k=%x", c.k)
		got, err = ScalarMult(scalarBytes(c.k), gEnc)
		require.NoError(t, err)
		require.Equal(t, want, got, "k·P (P = G) for k=%x", c.k)
	}
}

// TestEdgeScalars: k = j and n − j for small j, where the ladders' last additions can meet
// acc = ±q (P-256 k·P's last window adds q = d_0·P to acc = 32·M_1·P, equal for k = 2·d_0
// mod n) or infinity (acc = 0 before a nonzero digit), so a Jacobian addition where the
// complete one is needed fails here.
func TestEdgeScalars(t *testing.T) {
	r := newRef(t)
	g := []*big.Int{r.gx, r.gy}
	gEnc := encode(g)
	for j := int64(1); j <= 40; j++ {
		for _, k := range []*big.Int{big.NewInt(j), new(big.Int).Sub(r.n, big.NewInt(j))} {
			want := encode(r.mul(k, g))
			got, err := ScalarBaseMult(scalarBytes(k))
			require.NoError(t, err)
			require.Equal(t, want, got, "k·G for k=%x", k)
			got, err = ScalarMult(scalarBytes(k), gEnc)
			require.NoError(t, err)
			require.Equal(t, want, got, "k·P (P = G) for k=%x", k)
		}
	}
}

func TestRandomAgainstReference(t *testing.T) {
	r := newRef(t)
	rng := rand.New(rand.NewSource(3))
	n := 300
	if testing.Short() {
		n = 30
	}
	g := []*big.Int{r.gx, r.gy}
	for range n {
		k := new(big.Int).Rand(rng, r.n)
		j := new(big.Int).Rand(rng, r.n)
		if k.Sign() == 0 || j.Sign() == 0 {
			continue
		}
		p := r.mul(j, g)
		got, err := ScalarBaseMult(scalarBytes(k))
		require.NoError(t, err)
		require.Equal(t, encode(r.mul(k, g)), got, "k·G, k=%x", k)
		got, err = ScalarMult(scalarBytes(k), encode(p))
		require.NoError(t, err)
		require.Equal(t, encode(r.mul(k, p)), got, "k·P, k=%x, P=%x·G", k, j)
	}
}

func TestInvalidInputs(t *testing.T) {
	r := newRef(t)
	g := encode([]*big.Int{r.gx, r.gy})
	one := scalarBytes(big.NewInt(1))
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	badScalars := map[string][]byte{
		"nil":       nil,
		"31 bytes":  make([]byte, 31),
		"33 bytes":  append([]byte{0}, one...),
		"zero":      make([]byte, 32),
		"n":         scalarBytes(r.n),
		"n+1":       scalarBytes(new(big.Int).Add(r.n, big.NewInt(1))),
		"2^256 - 1": scalarBytes(new(big.Int).Sub(R, big.NewInt(1))),
	}
	for name, k := range badScalars {
		_, err := ScalarBaseMult(k)
		require.ErrorIs(t, err, ErrScalar, name)
		_, err = ScalarMult(k, g)
		require.ErrorIs(t, err, ErrScalar, name)
	}
	mod := func(f func(b []byte)) []byte {
		b := bytes.Clone(g)
		f(b)
		return b
	}
	badPoints := map[string][]byte{
		"nil":               nil,
		"infinity (0x00)":   {0},
		"64 bytes":          g[:64],
		"66 bytes":          append(bytes.Clone(g), 0),
		"compressed prefix": mod(func(b []byte) { b[0] = 2 }),
		"hybrid prefix":     mod(func(b []byte) { b[0] = 6 }),
		"zero prefix":       mod(func(b []byte) { b[0] = 0 }),
		"all zero":          make([]byte, 65),
		"(0, 0)":            append([]byte{4}, make([]byte, 64)...),
		"off curve":         mod(func(b []byte) { b[64] ^= 1 }),
		"x = p":             mod(func(b []byte) { copy(b[1:33], scalarBytes(r.p)) }),
		"y = p":             mod(func(b []byte) { copy(b[33:], scalarBytes(r.p)) }),
		"y = 2^256-1":       mod(func(b []byte) { copy(b[33:], scalarBytes(new(big.Int).Sub(R, big.NewInt(1)))) }),
	}
	// A valid point with a small x, then the same point with x + p (the same residue, not
	// the canonical encoding; it fits in 32 bytes because x is small).
	for x := big.NewInt(1); ; x.Add(x, big.NewInt(1)) {
		rhs := new(big.Int).Exp(x, big.NewInt(3), r.p)
		rhs.Add(rhs, new(big.Int).Mul(r.a, x)).Add(rhs, r.b).Mod(rhs, r.p)
		if y := new(big.Int).ModSqrt(rhs, r.p); y != nil {
			valid := encode([]*big.Int{x, y})
			_, err := ScalarMult(one, valid)
			require.NoError(t, err, "x=%d", x)
			badPoints["x + p"] = append(append([]byte{4}, scalarBytes(new(big.Int).Add(x, r.p))...), valid[33:]...)
			break
		}
	}
	for name, p := range badPoints {
		_, err := ScalarMult(one, p)
		require.ErrorIs(t, err, ErrPoint, name)
	}
	// The point is checked before the scalar; both bad: ErrPoint.
	_, err := ScalarMult(nil, nil)
	require.ErrorIs(t, err, ErrPoint)
}

func TestMultiplesCommute(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	r := newRef(t)
	for range 50 {
		a := scalarBytes(new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(r.n, big.NewInt(1))), big.NewInt(1)))
		b := scalarBytes(new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(r.n, big.NewInt(1))), big.NewInt(1)))
		aG, err := ScalarBaseMult(a)
		require.NoError(t, err)
		bG, err := ScalarBaseMult(b)
		require.NoError(t, err)
		abG, err := ScalarMult(b, aG)
		require.NoError(t, err)
		baG, err := ScalarMult(a, bG)
		require.NoError(t, err)
		require.Equal(t, abG, baG)
	}
}

func FuzzScalarMult(f *testing.F) {
	r := newRef(f)
	g := encode([]*big.Int{r.gx, r.gy})
	f.Add(scalarBytes(big.NewInt(1)), g)
	f.Add(scalarBytes(r.n), g)
	f.Add([]byte{1}, []byte{4})
	f.Fuzz(func(t *testing.T, k, p []byte) {
		got, err := ScalarMult(k, p)
		if err != nil {
			require.Nil(t, got)
			return
		}
		// Valid input: the result must agree with the reference and be a valid point.
		x, y := new(big.Int).SetBytes(p[1:33]), new(big.Int).SetBytes(p[33:])
		require.Equal(t, encode(r.mul(new(big.Int).SetBytes(k), []*big.Int{x, y})), got)
	})
}

func BenchmarkScalarBaseMult(b *testing.B) {
	k := scalarBytes(new(big.Int).Sub(newRef(b).n, big.NewInt(12345)))
	for b.Loop() {
		_, _ = ScalarBaseMult(k)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	r := newRef(b)
	k := scalarBytes(new(big.Int).Sub(r.n, big.NewInt(12345)))
	g := encode([]*big.Int{r.gx, r.gy})
	for b.Loop() {
		_, _ = ScalarMult(k, g)
	}
}
