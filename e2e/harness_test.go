package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// harnessC calls every function of the batch on its input set and writes the outputs:
// inputs file = per set: u32 count, u32 n1, u32 n2, then count × (n1+n2) words.
const harnessC = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef void (*fn_t)(uint64_t *, const uint64_t *, const uint64_t *);
struct entry { fn_t f; int nout, set, alias; };
extern const struct entry entries[];
extern const int nentries, nsets;
int main(int argc, char **argv) {
	FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
	if (!in || !out) return 2;
	uint32_t *cnt = calloc(nsets, 4), *n1 = calloc(nsets, 4), *n2 = calloc(nsets, 4);
	uint64_t **data = calloc(nsets, sizeof(uint64_t *));
	for (int s = 0; s < nsets; s++) {
		uint32_t h[3];
		if (fread(h, 4, 3, in) != 3) return 3;
		cnt[s] = h[0], n1[s] = h[1], n2[s] = h[2];
		size_t n = (size_t)h[0] * (h[1] + h[2]);
		data[s] = malloc(8 * n + 8);
		if (fread(data[s], 8, n, in) != n) return 4;
	}
	for (int e = 0; e < nentries; e++) {
		const struct entry *E = &entries[e];
		int s = E->set;
		for (uint32_t i = 0; i < cnt[s]; i++) {
			uint64_t o[64], a1[64], a2[64];
			const uint64_t *x = data[s] + (size_t)i * (n1[s] + n2[s]);
			memcpy(a1, x, 8 * n1[s]);
			memcpy(a2, x + n1[s], 8 * n2[s]);
			memset(o, 0xa5, sizeof o);
			if (E->alias) {
				memcpy(o, a1, 8 * n1[s]);
				E->f(o, o, a2);
			} else {
				E->f(o, a1, a2);
			}
			fwrite(o, 8, E->nout, out);
		}
	}
	return fclose(out) != 0;
}
`

// batch is many generated functions assembled into one program.
type batch struct {
	asm     []bytes.Buffer // one assembly file per input set, assembled in parallel
	table   bytes.Buffer
	decls   bytes.Buffer
	inputs  bytes.Buffer
	entries []entry
	sets    []inputSet
}

type entry struct {
	symbol string
	set    int
	nout   int
	what   string
}

type inputSet struct {
	f    *ir.Func
	args [][][]uint64
	want [][]uint64 // want[i] = out1 limbs for input i
}

// addSet registers inputs (≥ n: all edge inputs, then random ones) and their expected outputs.
func (b *batch) addSet(t testing.TB, f *ir.Func, rng *rand.Rand, n int) int {
	args := interp.EdgeInputs(f)
	for len(args) < n {
		args = append(args, interp.RandomInputs(f, rng))
	}
	m, err := interp.New(f)
	require.NoError(t, err)
	s := inputSet{f: f, args: args}
	out := m.NewOutputs()
	for _, a := range args {
		require.NoError(t, m.Eval(a, out))
		s.want = append(s.want, append([]uint64(nil), out[0]...))
	}
	n2 := 0
	if len(f.Params) > 1 {
		n2 = len(f.Params[1].Limbs)
	}
	hdr := []uint32{uint32(len(args)), uint32(len(f.Params[0].Limbs)), uint32(n2)}
	binary.Write(&b.inputs, binary.LittleEndian, hdr)
	for _, a := range args {
		for _, p := range a {
			binary.Write(&b.inputs, binary.LittleEndian, p)
		}
	}
	b.sets = append(b.sets, s)
	return len(b.sets) - 1
}

// add appends a program to the batch, to be run on input set s.
func (b *batch) add(prog *x86.Program, s int, alias bool, what string) {
	for len(b.asm) <= s {
		b.asm = append(b.asm, bytes.Buffer{})
	}
	b.asm[s].Write(x86.PrintGNU(prog))
	fmt.Fprintf(&b.decls, "void %s(uint64_t *, const uint64_t *, const uint64_t *);\n", prog.Symbol)
	nout := len(b.sets[s].f.Rets[0].Limbs)
	fmt.Fprintf(&b.table, "\t{%s, %d, %d, %d},\n", prog.Symbol, nout, s, boolInt(alias))
	b.entries = append(b.entries, entry{symbol: prog.Symbol, set: s, nout: nout, what: what})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// run assembles and links the batch with gcc, runs it, and returns one error per entry
// (nil when every output matched the interpreter).
func (b *batch) run(t testing.TB) []error {
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Missing(t, "gcc not found: cannot assemble and run generated code")
	}
	dir := t.TempDir()
	c := "#include <stdint.h>\n" + b.decls.String() +
		"struct entry { void (*f)(uint64_t *, const uint64_t *, const uint64_t *); int nout, set, alias; };\n" +
		"const struct entry entries[] = {\n" + b.table.String() + "};\n" +
		fmt.Sprintf("const int nentries = %d, nsets = %d;\n", len(b.entries), len(b.sets))
	files := map[string][]byte{"harness.c": []byte(harnessC), "table.c": []byte(c), "inputs.bin": b.inputs.Bytes()}
	objs := []string{"harness.c", "table.c"}
	for k := range b.asm {
		name := fmt.Sprintf("funcs%d.S", k)
		files[name] = b.asm[k].Bytes()
		objs = append(objs, fmt.Sprintf("funcs%d.o", k))
	}
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	require.NoError(t, assembleAll(dir, len(b.asm)))
	exe := filepath.Join(dir, "harness")
	cmd := exec.Command("gcc", append([]string{"-O1", "-o", exe}, objs...)...)
	cmd.Dir = dir
	outb, err := cmd.CombinedOutput()
	require.NoError(t, err, "gcc: %s", firstLines(outb, 20))
	res := filepath.Join(dir, "outputs.bin")
	outb, err = exec.Command(exe, filepath.Join(dir, "inputs.bin"), res).CombinedOutput()
	require.NoError(t, err, "harness: %s", outb)
	data, err := os.ReadFile(res)
	require.NoError(t, err)
	return b.compare(data)
}

// assembleAll runs GNU as (through gcc) on funcs<k>.S, one job per CPU.
func assembleAll(dir string, n int) error {
	jobs := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				cmd := exec.Command("gcc", "-c", fmt.Sprintf("funcs%d.S", k), "-o", fmt.Sprintf("funcs%d.o", k))
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					errs <- fmt.Errorf("assembling funcs%d.S: %v: %s", k, err, firstLines(out, 20))
				}
			}
		}()
	}
	for k := range n {
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	close(errs)
	return <-errs
}

func (b *batch) compare(data []byte) []error {
	errs := make([]error, len(b.entries))
	pos := 0
	for k, e := range b.entries {
		s := &b.sets[e.set]
		for i, want := range s.want {
			for j, w := range want {
				got := binary.LittleEndian.Uint64(data[pos:])
				pos += 8
				if got != w && errs[k] == nil {
					errs[k] = fmt.Errorf("%s (%s): input %d %x: limb %d is %#x, want %#x",
						e.symbol, e.what, i, s.args[i], j, got, w)
				}
			}
		}
	}
	return errs
}

func firstLines(b []byte, n int) string {
	lines := bytes.SplitN(b, []byte("\n"), n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

// modes are the four option combinations; genome k uses modes[k%4].
var modes = []codegen.Options{
	{FramePointer: codegen.FramePointerOmit, Aliasing: ir.AliasNone},
	{FramePointer: codegen.FramePointerSave, Aliasing: ir.AliasNone},
	{FramePointer: codegen.FramePointerOmit, Aliasing: ir.AliasOut1Arg1},
	{FramePointer: codegen.FramePointerSave, Aliasing: ir.AliasOut1Arg1},
}

func (b *batch) asmSize() int {
	n := 0
	for k := range b.asm {
		n += b.asm[k].Len()
	}
	return n
}
