package nistp256

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/examples/go/internal/cputime"
	field "github.com/rules-cryptopt/rules_cryptopt/examples/gofield/p256"
)

func zzTime(name string, n int, f func()) {
	var s []float64
	for range 41 {
		t0 := cputime.Thread()
		for range n {
			f()
		}
		s = append(s, float64(cputime.Thread()-t0)/float64(n))
	}
	slices.Sort(s)
	fmt.Printf("%-20s median %8.1f ns  min %8.1f\n", name, s[len(s)/2], s[0])
}

func TestZZ(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	var a, c [3]fe
	a = [3]fe{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}
	var x, y fe
	x = fe{1, 2, 3, 4}
	inv := fe{5, 6, 7, 8}
	for range 3 {
		zzTime("Invert", 200, func() { inv = curve.Invert(&inv) })
		zzTime("JacDouble pingpong", 500, func() { field.JacDouble(&c, &a); field.JacDouble(&a, &c) })
		zzTime("JacDouble indep", 1000, func() { field.JacDouble(&c, &a) })
		zzTime("Mul indep", 2000, func() { field.Mul(&y, &x, &x) })
		zzTime("JacAddAffine", 500, func() { field.JacAddAffine(&c, &a, (*[2]fe)(a[:2])) })
		zzTime("JacAdd", 500, func() { field.JacAdd(&c, &a, &a) })
		zzTime("Square", 2000, func() { field.Square(&y, &x); field.Square(&x, &y) })
		zzTime("Mul", 2000, func() { field.Mul(&y, &x, &x); field.Mul(&x, &y, &y) })
		zzTime("Add", 2000, func() { field.Add(&y, &x, &x); field.Add(&x, &y, &y) })
	}
}
