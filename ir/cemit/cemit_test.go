package cemit_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/internal/fiatdata"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/cemit"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
)

func fiatFuncs(t *testing.T) []*ir.Func {
	dir := fiatdata.Dir(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		testenv.Missing(t, "Fiat JSON test data not found at %s (expected ../shared/fiat-json from the repository root)", dir)
	}
	var all []*ir.Func
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		fns, err := ir.ReadFiat(data)
		require.NoError(t, err, p)
		all = append(all, fns...)
	}
	return all
}

// harness is one C program holding every function under test and a main that reads
// "index limb..." lines and prints the outputs, then the outputs of the same call with
// out1 aliasing arg1.
func harness(t *testing.T, fns []*ir.Func) string {
	var sb strings.Builder
	sb.WriteString("#include <stdio.h>\n#include <inttypes.h>\n")
	for i, f := range fns {
		code, err := cemit.Emit(f, fmt.Sprintf("f%d", i))
		require.NoError(t, err, f.Name)
		sb.Write(code)
	}
	sb.WriteString("int main(void) {\n  int idx;\n  while (scanf(\"%d\", &idx) == 1) {\n    switch (idx) {\n")
	for i, f := range fns {
		fmt.Fprintf(&sb, "    case %d: {\n", i)
		var call, alias []string
		for _, r := range f.Rets {
			fmt.Fprintf(&sb, "      uint64_t %s[%d];\n", r.Name, len(r.Limbs))
			call = append(call, r.Name)
			alias = append(alias, r.Name)
		}
		for k, p := range f.Params {
			fmt.Fprintf(&sb, "      uint64_t %s[%d], %s_alias[%d];\n", p.Name, len(p.Limbs), p.Name, max(len(p.Limbs), 16))
			fmt.Fprintf(&sb, "      for (int j = 0; j < %d; j++) { if (scanf(\"%%\" SCNx64, &%s[j]) != 1) return 2; %s_alias[j] = %s[j]; }\n",
				len(p.Limbs), p.Name, p.Name, p.Name)
			arg := p.Name
			if p.Scalar {
				arg = p.Name + "[0]"
			}
			call = append(call, arg)
			if k == 0 && !p.Scalar {
				alias[0] = p.Name + "_alias"
				arg = p.Name + "_alias"
			}
			alias = append(alias, arg)
		}
		fmt.Fprintf(&sb, "      f%d(%s);\n", i, strings.Join(call, ", "))
		printOuts(&sb, f, "")
		fmt.Fprintf(&sb, "      f%d(%s);\n", i, strings.Join(alias, ", "))
		printOuts(&sb, f, "_alias")
		sb.WriteString("      break;\n    }\n")
	}
	sb.WriteString("    default: return 3;\n    }\n  }\n  return 0;\n}\n")
	return sb.String()
}

// printOuts prints every result limb (the first result from the aliased buffer).
func printOuts(sb *strings.Builder, f *ir.Func, suffix string) {
	for k, r := range f.Rets {
		name := r.Name
		if k == 0 && suffix != "" && len(f.Params) > 0 && !f.Params[0].Scalar {
			name = f.Params[0].Name + suffix
		}
		fmt.Fprintf(sb, "      for (int j = 0; j < %d; j++) printf(\"%%\" PRIx64 \" \", %s[j]);\n", len(r.Limbs), name)
	}
	sb.WriteString("      printf(\"\\n\");\n")
}

func compilers() []string {
	cs := []string{"gcc"}
	for _, c := range []string{"clang-19", "clang"} {
		if _, err := exec.LookPath(c); err == nil {
			return append(cs, c)
		}
	}
	return cs
}

// TestEmitMatchesInterp compiles every Fiat function, raw and lowered, with gcc -O2 (and
// clang when installed) and compares the outputs, also with out1 aliasing arg1, with the
// interpreter on edge inputs and 1,000 random inputs per function.
func TestEmitMatchesInterp(t *testing.T) {
	var fns []*ir.Func
	for _, f := range fiatFuncs(t) {
		g, err := ir.Lower(f)
		require.NoError(t, err)
		fns = append(fns, f, g)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "harness.c")
	require.NoError(t, os.WriteFile(src, []byte(harness(t, fns)), 0o644))
	input, want := vectors(t, fns, 1000)
	for _, cc := range compilers() {
		t.Run(cc, func(t *testing.T) {
			t.Parallel() // the compilers run side by side
			if _, err := exec.LookPath(cc); err != nil {
				testenv.Missing(t, "%s not on PATH", cc)
			}
			bin := filepath.Join(dir, "harness-"+cc)
			out, err := exec.Command(cc, "-O2", "-o", bin, src).CombinedOutput()
			require.NoError(t, err, string(out))
			cmd := exec.Command(bin)
			cmd.Stdin = strings.NewReader(input)
			got, err := cmd.Output()
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
			require.Len(t, lines, len(want))
			for i := range want {
				require.Equal(t, want[i].line, lines[i], "%s on %s", want[i].fn, want[i].input)
			}
		})
	}
	if len(compilers()) == 1 {
		t.Run("clang", func(t *testing.T) { testenv.Missing(t, "clang-19/clang not on PATH") })
	}
}

type expectation struct{ fn, input, line string }

// vectors builds the harness input and the expected output lines (each call prints its
// outputs twice: plain and aliased).
func vectors(t *testing.T, fns []*ir.Func, n int) (string, []expectation) {
	rng := rand.New(rand.NewSource(8))
	var in strings.Builder
	var want []expectation
	for i, f := range fns {
		m, err := interp.New(f)
		require.NoError(t, err)
		out := m.NewOutputs()
		inputs := interp.EdgeInputs(f)
		for range n {
			inputs = append(inputs, interp.RandomInputs(f, rng))
		}
		for _, args := range inputs {
			line := strconv.Itoa(i)
			for _, limbs := range args {
				for _, x := range limbs {
					line += " " + strconv.FormatUint(x, 16)
				}
			}
			in.WriteString(line + "\n")
			require.NoError(t, m.Eval(args, out))
			var sb strings.Builder
			for _, limbs := range out {
				for _, x := range limbs {
					sb.WriteString(strconv.FormatUint(x, 16) + " ")
				}
			}
			e := expectation{fn: f.Name, input: line, line: sb.String()}
			want = append(want, e, e)
		}
	}
	return in.String(), want
}

func TestEmitErrors(t *testing.T) {
	b := ir.NewBuilder("f")
	x := b.Param("arg1", ir.U64, []uint64{0}, []uint64{1})
	b.Return("out1", ir.U64, []ir.Arg{ir.V(x[0])}, nil, nil)
	_, err := cemit.Emit(b.Func(), "1bad")
	require.ErrorContains(t, err, "not a C identifier")
	code, err := cemit.Emit(b.Func(), "good")
	require.NoError(t, err)
	require.Contains(t, string(code), "void good(uint64_t *out1, const uint64_t *arg1)")
	b.Func().Body = append(b.Func().Body, ir.Instr{Op: ir.OpAdd})
	_, err = cemit.Emit(b.Func(), "good")
	require.Error(t, err)
}
