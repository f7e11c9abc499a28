package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// ProvedMutantInputs is how many inputs each mutant the checker proved is re-run on.
const provedMutantInputs = 100_000

// provedMutant is a mutant the checker proved equivalent to its function.
type provedMutant struct {
	fn   *ir.Func
	base *x86.Program // the unmutated program (the reference on the CPU)
	prog *x86.Program
	desc string
}

// mutantHarnessC runs, per set, the reference on every input and each mutant of the set,
// and prints per mutant the number of inputs whose outputs differ and the first one.
const mutantHarnessC = `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef void (*fn_t)(uint64_t *, const uint64_t *, const uint64_t *);
struct set { fn_t ref; int first, count; };
extern fn_t mutants[];
extern struct set sets[];
extern int nsets;
int main(int argc, char **argv) {
	FILE *in = fopen(argv[1], "rb");
	if (!in) return 2;
	for (int s = 0; s < nsets; s++) {
		uint32_t h[5];
		if (fread(h, 4, 5, in) != 5) return 3;
		size_t w = h[1] + h[2];
		uint64_t *data = malloc(8 * (size_t)h[0] * w + 8), *exp = malloc(8 * (size_t)h[4] * h[3] + 8);
		if (fread(data, 8, (size_t)h[0] * w, in) != (size_t)h[0] * w) return 4;
		if (fread(exp, 8, (size_t)h[4] * h[3], in) != (size_t)h[4] * h[3]) return 5;
		long refbad = 0;
		for (uint32_t i = 0; i < h[4]; i++) {
			uint64_t got[64];
			const uint64_t *x = data + (size_t)i * w;
			sets[s].ref(got, x, x + h[1]);
			refbad += memcmp(got, exp + (size_t)i * h[3], 8 * h[3]) != 0;
		}
		printf("ref %d %ld\n", s, refbad);
		for (int m = sets[s].first; m < sets[s].first + sets[s].count; m++) {
			long bad = 0, firstbad = -1;
			for (uint32_t i = 0; i < h[0]; i++) {
				uint64_t want[64], got[64];
				const uint64_t *x = data + (size_t)i * w;
				memset(want, 0x5a, sizeof want);
				memset(got, 0xa5, sizeof got);
				sets[s].ref(want, x, x + h[1]);
				mutants[m](got, x, x + h[1]);
				if (memcmp(want, got, 8 * h[3]) != 0) { if (firstbad < 0) firstbad = i; bad++; }
			}
			printf("%d %ld %ld\n", m, bad, firstbad);
		}
		free(data);
		free(exp);
	}
	return 0;
}
`

// rerunProved runs every proved mutant natively on provedMutantInputs inputs per function
// (edge inputs, carry-biased and uniform ones) against the unmutated program, which itself
// is compared with the interpreter on the first 2,000 of them; it fails on any mutant
// whose outputs differ anywhere: the checker would have proved a wrong program.
func rerunProved(t *testing.T, muts []provedMutant) {
	if len(muts) == 0 {
		return
	}
	bad := runMutants(t, muts)
	for k, m := range muts {
		require.Zero(t, bad[k], "the checker proved %s: %s, which differs from the original on %d of %d inputs",
			m.fn.Name, m.desc, bad[k], provedMutantInputs)
	}
	t.Logf("%d proved mutants re-run natively on %d inputs each (edge, carry-biased, uniform): all agree",
		len(muts), provedMutantInputs)
}

// runMutants runs muts natively (grouped by function, in order) and returns, per mutant,
// on how many of the provedMutantInputs inputs its outputs differ from the original's.
func runMutants(t *testing.T, muts []provedMutant) []int {
	gcc := testenv.Tool(t, "gcc")
	dir := t.TempDir()
	var asm, table, sets, inputs bytes.Buffer
	asm.WriteString(".intel_syntax noprefix\n")
	rng := rand.New(rand.NewSource(17))
	for s := 0; s < len(muts); {
		e := s
		for e < len(muts) && muts[e].fn == muts[s].fn {
			e++
		}
		fn := muts[s].fn
		ref := *muts[s].base
		ref.Symbol = fmt.Sprintf("ref%d", s)
		asm.Write(x86.PrintGNU(&ref))
		fmt.Fprintf(&sets, "{%s, %d, %d},\n", ref.Symbol, s, e-s)
		for k := s; k < e; k++ {
			m := *muts[k].prog
			m.Symbol = fmt.Sprintf("mut%d", k)
			asm.Write(x86.PrintGNU(&m))
			fmt.Fprintf(&table, "%s,\n", m.Symbol)
		}
		writeMutantInputs(t, &inputs, fn, rng)
		s = e
	}
	var decls strings.Builder
	for k := range muts {
		fmt.Fprintf(&decls, "void mut%d(uint64_t *, const uint64_t *, const uint64_t *);\n", k)
	}
	for _, line := range strings.Split(sets.String(), "\n") {
		if sym, _, ok := strings.Cut(strings.TrimPrefix(line, "{"), ","); ok {
			fmt.Fprintf(&decls, "void %s(uint64_t *, const uint64_t *, const uint64_t *);\n", sym)
		}
	}
	c := mutantHarnessC + decls.String() + "fn_t mutants[] = {\n" + table.String() + "};\nstruct set sets[] = {\n" +
		sets.String() + fmt.Sprintf("};\nint nsets = %d;\n", strings.Count(sets.String(), "\n"))
	for name, data := range map[string][]byte{"h.c": []byte(c), "m.S": asm.Bytes(), "in.bin": inputs.Bytes()} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	bin := filepath.Join(dir, "h")
	out, err := exec.Command(gcc, "-O1", "-o", bin, filepath.Join(dir, "h.c"), filepath.Join(dir, "m.S")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin, filepath.Join(dir, "in.bin")).Output()
	require.NoError(t, err)
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if f[0] == "ref" {
			require.Equal(t, "0", f[2], "reference program of set %s disagrees with the interpreter", f[1])
			continue
		}
		lines = append(lines, f...)
	}
	require.Len(t, lines, 3*len(muts))
	bad := make([]int, len(muts))
	for k := range muts {
		bad[k], err = strconv.Atoi(lines[3*k+1])
		require.NoError(t, err)
		if bad[k] > 0 {
			t.Logf("%s: %s: first differing input is #%s (the first %d are edge inputs)", muts[k].fn.Name, muts[k].desc,
				lines[3*k+2], len(interp.EdgeInputs(muts[k].fn)))
		}
	}
	return bad
}

// writeMutantInputs appends one input set: header (count, n1, n2, nout) and the inputs.
func writeMutantInputs(t *testing.T, w *bytes.Buffer, fn *ir.Func, rng *rand.Rand) {
	args := interp.EdgeInputs(fn)
	for len(args) < provedMutantInputs {
		if len(args)%2 == 0 {
			args = append(args, checker.CarryInputs(fn, rng))
		} else {
			args = append(args, interp.RandomInputs(fn, rng))
		}
	}
	n2 := 0
	if len(fn.Params) > 1 {
		n2 = len(fn.Params[1].Limbs)
	}
	const nexp = 2000
	hdr := []uint32{uint32(len(args)), uint32(len(fn.Params[0].Limbs)), uint32(n2), uint32(len(fn.Rets[0].Limbs)), nexp}
	require.NoError(t, binary.Write(w, binary.LittleEndian, hdr))
	for _, a := range args {
		for _, p := range a {
			require.NoError(t, binary.Write(w, binary.LittleEndian, p))
		}
	}
	for _, a := range args[:nexp] {
		want, err := interp.Run(fn, a)
		require.NoError(t, err)
		require.NoError(t, binary.Write(w, binary.LittleEndian, want[0]))
	}
}
