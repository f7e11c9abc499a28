//go:build amd64 && !purego

package weierstrass

import "golang.org/x/sys/cpu"

// The lookups' assembly (select_amd64.s): AVX2 where the CPU and the OS support it (a
// public choice made once), else SSE2, which every amd64 CPU has.

// select2 sets out[0..1] to entry d−1 of two coordinate arrays (n ≥ 1 entries each, the
// second stride bytes after the first; 0 for d = 0), select3 out[0..2] of three.
func select2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64) {
	if useAVX2 {
		select2AVX2(out, tab, n, stride, d)
	} else {
		select2SSE2(out, tab, n, stride, d)
	}
}

func select3(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64) {
	if useAVX2 {
		select3AVX2(out, tab, n, stride, d)
	} else {
		select3SSE2(out, tab, n, stride, d)
	}
}

// useAVX2: CPUID's AVX2 flag with the OS saving the YMM registers, as golang.org/x/sys/cpu
// reads it (a maintained detector rather than our own CPUID and XGETBV).
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func select2SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select3SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select2AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select3AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
