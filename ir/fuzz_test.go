package ir_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// FuzzReadFiat: reading never panics; what reads verifies, survives a write/read round
// trip unchanged, and either lowers to a verified machine form computing the same
// outputs or fails with an error.
func FuzzReadFiat(f *testing.F) {
	f.Add([]byte(smallFiat("", okBody)))
	f.Add([]byte(smallFiat(`{"datatype":"u1","name":"arg1","lbound":"0x0","ubound":"0x1"}`,
		`{"datatype":"u64","name":["out1[0]"],"operation":"cmovznz","arguments":["arg1","0x0","0xff"]},`+
			`{"datatype":"u128","name":["x1"],"operation":"<<","arguments":["arg1","70"]},`+
			`{"datatype":"u64","name":["out1[1]"],"operation":">>","arguments":["x1","66"]}`)))
	if paths, _ := filepath.Glob(filepath.Join(fiatDirOrEmpty(), "*.json")); len(paths) > 0 {
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fns, err := ir.ReadFiat(data)
		if err != nil {
			return
		}
		for _, fn := range fns {
			if err := ir.Verify(fn); err != nil {
				t.Fatalf("read function does not verify: %v", err)
			}
		}
		out, err := ir.WriteFiat(fns)
		if err != nil {
			t.Fatalf("write: %v", err)
		}
		back, err := ir.ReadFiat(out)
		if err != nil {
			t.Fatalf("read back: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(fns, back) {
			t.Fatalf("round trip changed the functions:\n%s\n%s", fns[0].Text(), back[0].Text())
		}
		for _, fn := range fns {
			checkLower(t, fn)
		}
	})
}

func checkLower(t *testing.T, fn *ir.Func) {
	g, err := ir.Lower(fn)
	if err != nil {
		return
	}
	if err := ir.VerifyMachine(g); err != nil {
		t.Fatalf("lowered function: %v", err)
	}
	rng := rand.New(rand.NewSource(1))
	for range 3 {
		args := interp.RandomInputs(fn, rng)
		want, err1 := interp.Run(fn, args)
		got, err2 := interp.Run(g, args)
		if (err1 == nil) != (err2 == nil) || !reflect.DeepEqual(want, got) {
			t.Fatalf("lowered %s differs on %x: %x (%v) vs %x (%v)", fn.Name, args, want, err1, got, err2)
		}
	}
}

// fiatDirOrEmpty is the Fiat test data folder, or "" when absent (fuzzing then starts
// from the small seeds only).
func fiatDirOrEmpty() string {
	dir := filepath.Join("..", "..", "shared", "fiat-json")
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	return dir
}
