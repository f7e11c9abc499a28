package objrun

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

// Status is how one run of a function ended.
type Status uint8

// Run outcomes.
const (
	Ran      Status = iota // returned on every input
	Crashed                // signal, exit or time limit
	WroteOut               // wrote past out1's words
)

// Result is one blob's run: its status and, when it ran, the outputs per trial.
type Result struct {
	Status Status
	Outs   [][]uint64
}

// Runner is a compiled harness.
type Runner struct {
	exe string
}

// Build compiles the blob runner in dir with gcc.
func Build(dir string) (*Runner, error) { return build(dir, "", "") }

// BuildLinked compiles the harness linked with the object obj, calling symbol.
func BuildLinked(dir, obj, symbol string) (*Runner, error) { return build(dir, obj, symbol) }

func build(dir, obj, symbol string) (*Runner, error) {
	src := filepath.Join(dir, "runner.c")
	if err := os.WriteFile(src, []byte(runnerC), 0o644); err != nil {
		return nil, err
	}
	exe := filepath.Join(dir, "runner")
	args := []string{"-O1", "-o", exe, src}
	if obj != "" {
		args = append(args, "-DFN="+symbol, obj)
	}
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("gcc: %v: %s", err, out)
	}
	return &Runner{exe: exe}, nil
}

// Run runs every blob (or, for a linked runner, the function once: blobs must hold one
// nil) on inputs (per trial, the argument arrays of fn).
func (r *Runner) Run(fn *ir.Func, blobs [][]byte, inputs [][][]uint64) ([]Result, error) {
	n1, n2 := len(fn.Params[0].Limbs), 0
	if len(fn.Params) > 1 {
		n2 = len(fn.Params[1].Limbs)
	}
	no := len(fn.Rets[0].Limbs)
	var in bytes.Buffer
	w := func(v any) { _ = binary.Write(&in, binary.LittleEndian, v) }
	w([]uint32{uint32(len(blobs)), uint32(len(inputs)), uint32(n1), uint32(n2), uint32(no)})
	for _, args := range inputs {
		w(args[0])
		if n2 > 0 {
			w(args[1])
		}
	}
	for _, b := range blobs {
		if b != nil {
			w(uint32(len(b)))
			in.Write(b)
		}
	}
	cmd := exec.Command(r.exe)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("runner: %v", err)
	}
	res := make([]Result, len(blobs))
	per := 1 + 8*len(inputs)*no
	if len(out) != per*len(blobs) {
		return nil, fmt.Errorf("runner wrote %d bytes, want %d", len(out), per*len(blobs))
	}
	for i := range res {
		rec := out[i*per : (i+1)*per]
		res[i].Status = Status(rec[0])
		for t := range inputs {
			o := make([]uint64, no)
			for j := range o {
				o[j] = binary.LittleEndian.Uint64(rec[1+8*(t*no+j):])
			}
			res[i].Outs = append(res[i].Outs, o)
		}
	}
	return res, nil
}

// Wrong says why res is not fn on inputs ("" when every output is right).
func Wrong(fn *ir.Func, inputs [][][]uint64, res Result) (string, error) {
	switch res.Status {
	case Crashed:
		return "crashed or timed out", nil
	case WroteOut:
		return "wrote outside out1", nil
	}
	for t, args := range inputs {
		want, err := interp.Run(fn, args)
		if err != nil {
			return "", err
		}
		if !slices.Equal(want[0], res.Outs[t]) {
			return fmt.Sprintf("input %d: got %#x, want %#x", t, res.Outs[t], want[0]), nil
		}
	}
	return "", nil
}

// Inputs is n random in-bound inputs of fn after its edge inputs.
func Inputs(fn *ir.Func, rng *rand.Rand, n int) [][][]uint64 {
	ins := interp.EdgeInputs(fn)
	for i := 0; i < n; i++ {
		ins = append(ins, interp.RandomInputs(fn, rng))
	}
	return ins
}
