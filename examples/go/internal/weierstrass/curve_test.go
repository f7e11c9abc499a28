package weierstrass

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// The curve packages (nistp256, secp256k1) test the whole against standards and references;
// these are the curve-independent helpers on their own.

type elem [4]uint64

func TestLessAndIsZero(t *testing.T) {
	ones := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for _, c := range []struct {
		a, b [4]uint64
		less bool
	}{
		{[4]uint64{}, [4]uint64{}, false},
		{[4]uint64{}, [4]uint64{1}, true},
		{[4]uint64{1}, [4]uint64{}, false},
		{[4]uint64{0, 0, 0, 1}, [4]uint64{^uint64(0), ^uint64(0), ^uint64(0)}, false},
		{[4]uint64{^uint64(0), ^uint64(0), ^uint64(0)}, [4]uint64{0, 0, 0, 1}, true},
		{ones, ones, false},
	} {
		require.Equal(t, c.less, Less(c.a, c.b), "%x < %x", c.a, c.b)
		z := elem(c.a)
		want := uint64(0)
		if c.a == ([4]uint64{}) {
			want = 1
		}
		require.Equal(t, want, IsZero(&z), "IsZero(%x)", c.a)
	}
}

func TestScalarDigits(t *testing.T) {
	n := [4]uint64{0x10, 0, 0, 0x8000000000000000} // 2^255 + 16, as big-endian bytes below
	c := &Curve[elem]{p: Params[elem]{N: n}}
	be := func(w [4]uint64) []byte {
		b := make([]byte, 32)
		for i := range 4 {
			for j := range 8 {
				b[31-8*i-j] = byte(w[i] >> (8 * j))
			}
		}
		return b
	}
	for _, tc := range []struct {
		name string
		k    []byte
		ok   bool
	}{
		{"zero", be([4]uint64{}), false},
		{"one", be([4]uint64{1}), true},
		{"n-1", be([4]uint64{0xf, 0, 0, 0x8000000000000000}), true},
		{"n", be(n), false},
		{"n+1", be([4]uint64{0x11, 0, 0, 0x8000000000000000}), false},
		{"31 bytes", make([]byte, 31), false},
		{"2^255 - 1", be([4]uint64{^uint64(0), ^uint64(0), ^uint64(0), 1<<63 - 1}), true},
		{"runs of 16", be([4]uint64{0x8421084210842108, 0x4210842108421084, 0x2108421084210842, 0x0842108421084210}), true},
		{"alternating", be([4]uint64{0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 0x2aaaaaaaaaaaaaaa}), true},
		{"2^128 - 1 (a GLV half)", be([4]uint64{^uint64(0), ^uint64(0)}), true},
	} {
		words, ok := c.scalarWords(tc.k)
		require.Equal(t, tc.ok, ok, tc.name)
		if len(tc.k) != 32 {
			continue
		}
		for _, wc := range []struct {
			w     uint
			count int
		}{{5, 52}, {6, 43}, {BaseBits, BaseWindows}, {5, 26}} {
			if wc.count == 26 && words[2]|words[3] != 0 {
				continue // 26 digits take k < 2^129 only
			}
			mag, neg := make([]uint64, wc.count), make([]uint64, wc.count)
			Booth(mag, neg, &words, wc.w)
			sum := new(big.Int) // the signed digits put back together
			for i := wc.count - 1; i >= 0; i-- {
				require.LessOrEqual(t, mag[i], uint64(1)<<(wc.w-1), tc.name)
				require.LessOrEqual(t, neg[i], uint64(1), tc.name)
				d := big.NewInt(int64(mag[i]))
				if neg[i] == 1 {
					d.Neg(d)
				}
				sum.Lsh(sum, wc.w).Add(sum, d)
			}
			require.Zero(t, new(big.Int).SetBytes(tc.k).Cmp(sum), "%s, w = %d: digits sum to %x", tc.name, wc.w, sum)
			require.Zero(t, neg[wc.count-1], "top digit of %s, w = %d", tc.name, wc.w)
		}
	}
}

func TestSelect(t *testing.T) {
	one := elem{1, 2, 3, 4}
	var tab Table16[elem]
	for j := range 16 {
		v := uint64(10 * (j + 1))
		tab.Set(j, &Point[elem]{elem{v + 1, v}, elem{v + 2, v}, elem{v + 3, v}})
	}
	r := Point[elem]{elem{9}, elem{9}, elem{9}} // overwritten
	tab.Lookup(&r, 0, &one)
	require.Equal(t, Point[elem]{Y: one}, r, "digit 0 is infinity")
	for d := range 16 {
		tab.Lookup(&r, uint64(d+1), &one)
		require.Equal(t, Point[elem]{tab.X[d], tab.Y[d], tab.Z[d]}, r, "digit %d", d+1)
		require.Equal(t, uint64(10*(d+1)+2), r.Y[0], "digit %d", d+1)
	}
	var row AffineRow[elem]
	for j := range BaseRow {
		row.X[j], row.Y[j] = elem{uint64(j), 7}, elem{uint64(j), 8}
	}
	q := [2]elem{{9}, {9}}
	row.Lookup(&q, 0)
	require.Equal(t, [2]elem{}, q, "affine digit 0")
	for d := range BaseRow {
		row.Lookup(&q, uint64(d+1))
		require.Equal(t, [2]elem{{uint64(d), 7}, {uint64(d), 8}}, q, "affine digit %d", d+1)
	}
	row.Lookup(&q, BaseRow+1)
	require.Equal(t, [2]elem{}, q, "no entry past the row")
	var x elem
	r.Set(&tab.Z[0], &tab.X[1], &tab.Y[2])
	require.Equal(t, Point[elem]{tab.Z[0], tab.X[1], tab.Y[2]}, r, "Set")
	x = elem{1, 2, 3, 4}
	Choose(&x, &elem{5, 6, 7, 8}, 0)
	require.Equal(t, elem{1, 2, 3, 4}, x, "mask 0 keeps")
	Choose(&x, &elem{5, 6, 7, 8}, ^uint64(0))
	require.Equal(t, elem{5, 6, 7, 8}, x, "mask ones takes")
}
