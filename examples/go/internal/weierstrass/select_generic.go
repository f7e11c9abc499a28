//go:build !amd64 || purego

package weierstrass

func select2(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64) {
	selectGo(out, tab, n, stride, 2, d)
}

func select3(out *[4]uint64, tab *[4]uint64, n int, stride int, d uint64) {
	selectGo(out, tab, n, stride, 3, d)
}
