//go:build amd64 && !purego

package weierstrass

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

var useAVX2 = hasAVX2()

// hasAVX2 reports CPUID's AVX2 flag with the OS saving the YMM registers (OSXSAVE, and
// XCR0's SSE and AVX state bits), as golang.org/x/sys/cpu decides it.
func hasAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

//go:noescape
func select2SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select3SSE2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select2AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select3AVX2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)
