package checker

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheck runs the whole checker on arbitrary assembly text against mixFunc: it must
// never panic, only reject bad input with an error, and never prove a program that random
// testing contradicts.
func FuzzCheck(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "mix.asm")); err == nil {
		f.Add(data)
	}
	f.Add([]byte("SECTION .text\nGLOBAL mix\nmix:\nret\n"))
	f.Add([]byte(".intel_syntax noprefix\n.globl mix\nmix:\n\tpush rbx\n\tpop rbx\n\tret\n"))
	fn := mixFunc()
	f.Fuzz(func(t *testing.T, asm []byte) {
		rep, err := Check(fn, asm, Options{RandomTrials: 4})
		if err != nil {
			return
		}
		if rep.Proved && rep.Counterexample != nil {
			t.Fatalf("proved with a counterexample: %+v", rep)
		}
		if rep.CheckerBug && rep.Counterexample != nil {
			t.Fatalf("the rules proved a wrong program: %+v", rep)
		}
	})
}
