//go:build amd64 && !purego

package weierstrass

// select2 sets out[0..1] to entry d−1 of two coordinate arrays (n entries each, the second
// stride bytes after the first; 0 for d = 0), select3 out[0..2] of three; select_amd64.s.
//
//go:noescape
func select2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)

//go:noescape
func select3(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64)
