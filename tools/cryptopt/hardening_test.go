package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// requireRefused checks the promise for bad input: exit 2, one line naming the problem,
// nothing on stdout, no Go stack dump, under a second.
func requireRefused(t *testing.T, want string, args ...string) {
	t.Helper()
	start := time.Now()
	code, out, errs := runCLI(args...)
	require.Equal(t, 2, code, "stderr: %s", errs)
	require.Empty(t, out)
	require.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	require.Contains(t, errs, want)
	require.NotContains(t, errs, "goroutine ")
	require.LessOrEqual(t, len(errs), maxErrorLine+80, "bounded line")
	require.Less(t, time.Since(start), time.Second)
}

// listDir is the names in dir (to check nothing was left behind).
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// genomeFile writes compile's genome of p256 mul to dir, edited by edit.
func genomeFile(t *testing.T, dir, name string, edit func(map[string]any)) string {
	t.Helper()
	g := filepath.Join(dir, "base-"+name)
	code, _, errs := runCLI("compile", "--curve", "p256", "--op", "mul", "-o", "/dev/null", "--genome-out", g)
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(g)
	require.NoError(t, err)
	require.NoError(t, os.Remove(g))
	d := map[string]any{}
	require.NoError(t, json.Unmarshal(data, &d))
	edit(d)
	b, err := json.Marshal(d)
	require.NoError(t, err)
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return p
}

func TestRefusedInput(t *testing.T) {
	in := t.TempDir()
	fifo := filepath.Join(in, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	dup := filepath.Join(in, "dup.json")
	fiat := fiatJSON(t, "p256_64.json")
	data, err := os.ReadFile(fiat)
	require.NoError(t, err)
	var fns []any
	require.NoError(t, json.Unmarshal(data, &fns))
	twice, err := json.Marshal(append(fns, fns[0]))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dup, twice, 0o644))
	dupName := fns[0].(map[string]any)["operation"].(string)
	n := 0
	bad := func(field string, v any) string {
		n++
		return genomeFile(t, in, fmt.Sprintf("%s%d.json", field, n), func(d map[string]any) { d[field] = v })
	}
	long := strings.Repeat("2^64*", 5000) + "1"
	p256 := []string{"--curve", "p256", "--op", "mul"}
	a := func(xs ...[]string) []string {
		var out []string
		for _, x := range xs {
			out = append(out, x...)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		// Inputs: size caps, special files.
		{"fiat dev zero", a([]string{"ir", "--fiat", "/dev/zero", "--func", "f"}), "more than the limit"},
		{"fiat fifo without writer", a([]string{"ir", "--fiat", fifo, "--func", "f"}), "sent no data"},
		{"fiat directory", a([]string{"ir", "--fiat", in, "--func", "f"}), "is a directory"},
		{"fiat duplicate function", a([]string{"ir", "--fiat", dup, "--func", dupName}), "defined twice"},
		{"genome dev zero", a([]string{"emit"}, p256, []string{"--genome", "/dev/zero"}), "more than the limit"},
		{"start dev zero", a([]string{"optimize"}, p256, []string{"--start", "/dev/zero", "-o", "/dev/null"}), "--start: /dev/zero is more than the limit"},
		{"check asm dev zero", a([]string{"check"}, p256, []string{"--asm", "/dev/zero"}), "not a regular file"},
		{"check object dev zero", a([]string{"check"}, p256, []string{"--object", "/dev/zero"}), "not a regular file"},
		{"bench asm dev zero", a([]string{"bench"}, p256, []string{"--asm", "/dev/zero"}), "more than the limit"},
		// --prime: bounded before any arithmetic, errors clipped.
		{"prime huge power", a([]string{"ir", "--prime", "3^100000000-2", "--method", "montgomery", "--limbs", "4", "--op", "mul"}), "does not fit 4 limbs"},
		{"prime long product", a([]string{"ir", "--prime", long, "--method", "montgomery", "--limbs", "4", "--op", "mul"}), "longer than 1024"},
		{"prime 30 factors", a([]string{"ir", "--prime", strings.Repeat("99991^30*", 29) + "99991^30-1", "--method", "montgomery", "--limbs", "16", "--op", "mul"}), "bits"},
		{"prime too wide for limbs", a([]string{"ir", "--prime", "2^521-1", "--method", "montgomery", "--limbs", "4", "--op", "mul"}), "does not fit 4 limbs"},
		{"limbs out of range", a([]string{"ir", "--prime", "2^127-1", "--method", "montgomery", "--limbs", "1000", "--op", "mul"}), "--limbs 1000 out of range"},
		{"long unknown flag value", a([]string{"ir", "--curve", strings.Repeat("x", 200000), "--op", "mul"}), "…(200000 bytes)"},
		{"long positional", a([]string{"ir"}, p256, []string{strings.Repeat("y", 200000)}), "unexpected argument"},
		// --symbol.
		{"symbol rax", a([]string{"compile"}, p256, []string{"--symbol", "rax"}), "register or assembler"},
		{"symbol RSP", a([]string{"compile"}, p256, []string{"--symbol", "RSP"}), "register or assembler"},
		{"symbol qword", a([]string{"compile"}, p256, []string{"--symbol", "qword"}), "register or assembler"},
		{"symbol byte", a([]string{"emit-c"}, p256, []string{"--symbol", "byte"}), "register or assembler"},
		{"symbol offset", a([]string{"compile"}, p256, []string{"--symbol", "offset"}), "register or assembler"},
		{"symbol ptr", a([]string{"compile"}, p256, []string{"--symbol", "ptr"}), "register or assembler"},
		{"symbol r8d", a([]string{"compile"}, p256, []string{"--symbol", "r8d"}), "register or assembler"},
		{"symbol xmm15", a([]string{"compile"}, p256, []string{"--symbol", "xmm15"}), "register or assembler"},
		{"symbol newline", a([]string{"compile"}, p256, []string{"--symbol", "f\n.globl x"}), "not a valid symbol"},
		{"symbol too long", a([]string{"compile"}, p256, []string{"--symbol", strings.Repeat("f", 300)}), "longer than 256"},
		// Work sizes.
		{"optimize batches", a([]string{"optimize"}, p256, []string{"--batches", "100000000", "-o", "/dev/null"}), "--batches 100000000 out of range 1..1000"},
		{"optimize evals", a([]string{"optimize"}, p256, []string{"--evals", "2000000000", "--bets", "1", "-o", "/dev/null"}), "--evals 2000000000 out of range"},
		{"check trials", a([]string{"check"}, p256, []string{"--asm", "x.S", "--trials", "2000000000"}), "--trials 2000000000 out of range 1..1000000"},
		{"bench repeats", a([]string{"bench"}, p256, []string{"--asm", "x.S", "--repeats", "1000000"}), "--repeats 1000000 out of range 1..1000"},
		{"bench batches", a([]string{"bench"}, p256, []string{"--asm", "x.S", "--batches", "0"}), "--batches 0 out of range"},
		// Conflicting flags.
		{"bench all with curve", []string{"bench", "--all", "--dir", in, "--curve", "p256"}, "--curve does not go with it"},
		{"bench all with asm", []string{"bench", "--all", "--dir", in, "--asm", "x.S"}, "--asm does not go with it"},
		{"bench dir without all", a([]string{"bench"}, p256, []string{"--dir", in, "--asm", "x.S"}), "--dir goes with --all"},
		{"compile genome and seed", a([]string{"compile"}, p256, []string{"--genome", "g.json", "--seed", "3"}), "--seed and --genome exclude"},
		{"compile genome and order", a([]string{"compile"}, p256, []string{"--genome", "g.json", "--order", "random"}), "--order and --genome exclude"},
		{"baseline with newline", a([]string{"optimize"}, p256, []string{"--baseline", "gcc\n.ident", "-o", "/dev/null"}), "not a compiler name"},
		// Header injection through genome fields (issue 9 item 5).
		{"genome cpu newline", a([]string{"emit"}, p256, []string{"--genome", bad("cpu", "x\n.ident \"evil\"")}), `field "cpu" contains the non-printable character U+000A`},
		{"genome uarch newline", a([]string{"emit"}, p256, []string{"--genome", bad("uarch", "znver5\nret")}), `field "uarch"`},
		{"genome baseline cr", a([]string{"compile"}, p256, []string{"--genome", bad("baseline", "gcc\r.p2align 12")}), `field "baseline"`},
		{"genome func escape", a([]string{"emit"}, p256, []string{"--genome", bad("func", "p256_mul\x1b[2J")}), `field "func"`},
		{"genome cpu too long", a([]string{"emit"}, p256, []string{"--genome", bad("cpu", strings.Repeat("A", 1000))}), `field "cpu" is 1000 bytes`},
		{"genome negative cycles", a([]string{"emit"}, p256, []string{"--genome", bad("cycles", -5)}), "must not be negative"},
		{"start cpu newline", a([]string{"optimize"}, p256, []string{"--start", bad("cpu", "a\nb"), "-o", "/dev/null"}), `--start`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := listDir(t, in)
			requireRefused(t, tc.want, tc.args...)
			require.Equal(t, before, listDir(t, in), "nothing left behind")
		})
	}
}

func TestRefusedOutput(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.S")
	require.NoError(t, os.WriteFile(ro, []byte("keep"), 0o444))
	theirs := filepath.Join(dir, "theirs.S")
	require.NoError(t, os.WriteFile(theirs, []byte("keep"), 0o644))
	if os.Geteuid() == 0 {
		require.NoError(t, os.Chown(theirs, 4242, 4242))
	}
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	dangling := filepath.Join(dir, "dangling.S")
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere", "x.S"), dangling))
	ok := filepath.Join(dir, "ok.S")
	p256 := []string{"--curve", "p256", "--op", "mul"}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"read-only -o", []string{"compile", "-o", ro}, "read-only"},
		{"read-only genome-out after a good -o", []string{"compile", "-o", ok, "--genome-out", ro}, "--genome-out: output"},
		{"foreign-owned", []string{"emit-c", "-o", theirs}, "owned by another user"},
		{"fifo without reader", []string{"ir", "-o", fifo}, "cannot open"},
		{"dangling symlink", []string{"compile", "-o", dangling}, "dangling symlink"},
		{"directory", []string{"compile", "--genome-out", dir, "-o", ok}, "is a directory"},
		{"two outputs to stdout", []string{"compile", "--genome-out", "-"}, "-o and --genome-out both write standard output"},
		{"same file twice", []string{"compile", "-o", ok, "--genome-out", ok}, "both write"},
		{"optimize trace dir before search", []string{"optimize", "--trace", filepath.Join(dir, "no", "t.csv"), "-o", ok}, "--trace: output"},
		{"optimize plot read-only", []string{"optimize", "--plot", ro, "-o", ok}, "--plot: output"},
		{"optimize trace and asm on stdout", []string{"optimize", "--trace", "-"}, "both write standard output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "owned by another user" && os.Geteuid() != 0 {
				t.Skip("needs root to make a foreign-owned file")
			}
			before := listDir(t, dir)
			requireRefused(t, tc.want, append(tc.args, p256...)...)
			require.Equal(t, before, listDir(t, dir), "nothing created, nothing replaced")
			got, err := os.ReadFile(ro)
			require.NoError(t, err)
			require.Equal(t, "keep", string(got))
		})
	}
}

// TestOutputsEveryFlagHonoursDash: "-" means standard output for every output flag of
// compile and emit, and devices stay devices.
func TestOutputDestinations(t *testing.T) {
	dir := t.TempDir()
	gen := filepath.Join(dir, "g.json")
	p256 := []string{"--curve", "p256", "--op", "mul"}
	code, _, errs := runCLI(append([]string{"compile", "-o", "/dev/null", "--genome-out", gen}, p256...)...)
	require.Equal(t, 0, code, errs)
	nullLink := filepath.Join(t.TempDir(), "null.S")
	require.NoError(t, os.Symlink("/dev/null", nullLink))
	for _, tc := range []struct {
		name   string
		args   []string
		stdout string // regexp the standard output must match
	}{
		{"compile -o -", []string{"compile", "-o", "-"}, `(?s)^# Code generated.*cryptopt_p256_mul:`},
		{"emit -o -", []string{"emit", "--genome", gen, "-o", "-"}, `(?s)^# Code generated.*cryptopt_p256_mul:`},
		{"compile genome-out -", []string{"compile", "-o", "/dev/null", "--genome-out", "-"}, `^\{\n "format": "cryptopt-genome/1"`},
		{"emit genome-out -", []string{"emit", "--genome", gen, "-o", "/dev/null", "--genome-out", "-"}, `"format": "cryptopt-genome/1"`},
		{"ir -o -", []string{"ir", "-o", "-", "--format", "text"}, `p256`},
		{"emit-c -o -", []string{"emit-c", "-o", "-"}, `void cryptopt_p256_mul\(`},
		{"ir -o /dev/null", []string{"ir", "-o", "/dev/null"}, `^$`},
		{"compile -o symlink to /dev/null", []string{"compile", "-o", nullLink, "--genome-out", "-"}, `^\{`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(append(tc.args, p256...)...)
			require.Equal(t, 0, code, errs)
			require.Regexp(t, regexp.MustCompile(tc.stdout), out)
			require.FileExists(t, "/dev/null")
			st, err := os.Stat("/dev/null")
			require.NoError(t, err)
			require.NotZero(t, st.Mode()&os.ModeCharDevice, "/dev/null is still a device")
			require.Equal(t, []string{"g.json"}, listDir(t, dir))
		})
	}
}

// TestSymbolsAssemble: symbols that are accepted assemble with GNU as via gcc and are
// the function's global symbol; each refused one is a register or keyword.
func TestSymbols(t *testing.T) {
	for _, tc := range []struct {
		sym string
		ok  bool
	}{
		{"my_mul", true}, {"_f", true}, {"Rax2", true}, {"raxx", true}, {"r16", true}, {"movq_impl", true},
		{"rax", false}, {"EAX", false}, {"r15b", false}, {"rip", false}, {"ymm3", false}, {"k7", false},
		{"qword", false}, {"Byte", false}, {"offset", false}, {"ptr", false}, {"flat", false}, {"rel", false},
		{"wrt", false}, {"shr", false}, {"int", false}, {"1abc", false}, {"a-b", false}, {"", false}, {"a.b", false},
	} {
		t.Run(tc.sym, func(t *testing.T) {
			err := checkSymbol(tc.sym)
			if tc.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				require.NotContains(t, err.Error(), "\n")
			}
		})
	}
}

func TestHeaderValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ok   bool
		safe string
	}{
		{"AMD EPYC 9B45 96-Core Processor", true, "AMD EPYC 9B45 96-Core Processor"},
		{"Intel(R) Xeon(R) Platinum 8581C CPU @ 2.30GHz", true, "Intel(R) Xeon(R) Platinum 8581C CPU @ 2.30GHz"},
		{"x\n.ident \"y\"", false, "x?.ident \"y\""},
		{"a\rb", false, "a?b"},
		{"tab\there", false, "tab?here"},
		{"nul\x00", false, "nul?"},
		{"bad utf8 \xff", false, "bad utf8 ?"},
		{"line sep\u2028", false, "line sep?"},
		{strings.Repeat("a", 300), false, strings.Repeat("a", 200)},
	} {
		t.Run(tc.in[:min(len(tc.in), 20)], func(t *testing.T) {
			err := headerValueError(tc.in)
			require.Equal(t, tc.ok, err == nil, "%v", err)
			require.Equal(t, tc.safe, safeHeaderValue(tc.in))
		})
	}
	// Whatever reaches the header, it stays one line per value.
	h := asmHeader{Command: "optimize", Func: "f\nret", IRHash: "ab", GenomeHash: "cd", CPU: "c\n.p2align 12, 0xc3",
		Uarch: "u\n", Evals: 1, Cycles: 1, Baseline: "b\nx:", BaseCyc: 2}
	for _, l := range h.lines() {
		require.NoError(t, headerValueError(l), l)
	}
}

// TestProgressFits80Columns renders the live line as a terminal would see it and
// measures every state of it.
func TestProgressFits80Columns(t *testing.T) {
	ansi := regexp.MustCompile("\x1b\\[[0-9;]*[A-Za-z]")
	for _, tc := range []struct {
		name     string
		evals    int
		step     search.Step
		baseline string
	}{
		{"small", 100, search.Step{Eval: 10, Current: 90, Baseline: 100}, "clang-19"},
		{"large", maxEvals, search.Step{Eval: maxEvals - 1, Current: 123456.7, Baseline: 99999.9}, "clang-19 -O3 -march=native"},
		{"no baseline", 5000000, search.Step{Eval: 1, Current: 1e9}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := newProgressOn(&buf, true, tc.evals, 0, tc.baseline)
			p.every, p.next = 0, time.Time{}
			p.update(search.Step{Eval: 1, Current: tc.step.Current * 2, Baseline: tc.step.Baseline})
			p.next = time.Time{}
			p.update(tc.step)
			time.Sleep(150 * time.Millisecond) // past the bar's throttle
			p.next = time.Time{}
			p.update(tc.step)
			p.finish(search.Outcome{Evals: tc.evals, Cycles: tc.step.Current, Baseline: tc.step.Baseline}, 0)
			text := ansi.ReplaceAllString(buf.String(), "")
			require.Contains(t, text, "now ")
			for _, line := range regexp.MustCompile("[\r\n]").Split(text, -1) {
				if strings.HasPrefix(line, "optimize: stopped") {
					continue // the final summary is a log line, printed once
				}
				require.LessOrEqual(t, len([]rune(line)), ttyColumns, "%q", line)
			}
			cur, _ := p.walk.medians()
			require.Equal(t, tc.step.Current, cur, "the line shows the walk's median, not its first measurement")
		})
	}
}

// TestProgressScoreUnits: the live line names what the search minimises.
func TestProgressScoreUnits(t *testing.T) {
	for _, tc := range []struct {
		bySize bool
		v      float64
		want   string
		ratio  bool
	}{
		{false, 123.44, "123.4 cycles", true},
		{true, 700, "700 bytes", false},
		{false, optimizer.OverCap + 2048, "2048 B over cap", false},
		{true, optimizer.OverCap + 2048, "2048 B over cap", false},
	} {
		p := &progress{bySize: tc.bySize}
		require.Equal(t, tc.want, p.score(tc.v))
		require.Equal(t, tc.ratio, p.ratioOK(tc.v, 100))
	}
}

func TestPlotRange(t *testing.T) {
	pts := bucketMedians([]float32{500, 480, 480, 300})
	require.Equal(t, 300.0, pts[len(pts)-1].Y)
	lo, hi := yRange(pts)
	require.Less(t, lo, 300.0)
	top := 500.0
	require.GreaterOrEqual(t, (hi-top)/(hi-lo), legendBand-1e-9, "the legend band above the data is free")
}

// TestBenchReadsNASM: bench reads what compile writes in either syntax, as the same
// program, and times the NASM file.
func TestBenchReadsNASM(t *testing.T) {
	dir := t.TempDir()
	src, err := (&sourceFlags{curve: "p256", op: "mul"}).load()
	require.NoError(t, err)
	var progs []*x86.Program
	for _, tc := range []struct{ syntax, file string }{{"gnu", "a.S"}, {"nasm", "a.asm"}} {
		p := filepath.Join(dir, tc.file)
		code, _, errs := runCLI("compile", "--curve", "p256", "--op", "mul", "--seed", "5", "--syntax", tc.syntax, "-o", p)
		require.Equal(t, 0, code, errs)
		prog, err := readAsm(p, src)
		require.NoError(t, err, tc.syntax)
		progs = append(progs, prog)
	}
	require.Equal(t, progs[0].Insts, progs[1].Insts)
	needTimingCPU(t)
	code, out, errs := runCLI("bench", "--curve", "p256", "--op", "mul", "--asm", filepath.Join(dir, "a.asm"),
		"--compilers", "gcc", "--repeats", "1", "--batches", "3")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "| p256_mul (a.asm) |")
	code, out, errs = runCLI("bench", "--all", "--dir", dir, "--compilers", "gcc", "--repeats", "1", "--batches", "3")
	require.Equal(t, 0, code, errs)
	for _, f := range []string{"a.S", "a.asm"} { // both files of the directory, by name
		require.Equal(t, 1, strings.Count(out, "| p256_mul ("+f+") |"), f)
	}
}

// TestBenchTrustsNoHeader: a header that lies about the function is caught by the IR
// hash, and header figures are never printed as bench's own.
func TestBenchTrustsNoHeader(t *testing.T) {
	needTimingCPU(t)
	for _, tc := range []struct {
		name, from, to string
		code           int
		want, absent   string
	}{
		{"other function named", "# function: p256_mul", "# function: p224_mul", 2, "made for IR", ""},
		{"fake figures", "# cycles: n/a", "# cycles: 0.123\n# baseline: gcc, 98765.4 cycles\n# ratio: 0.0000042", 0, "| p256_mul |", "98765.4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := compileTo(t, dir, "p256", "mul")
			text, err := os.ReadFile(p)
			require.NoError(t, err)
			require.Contains(t, string(text), tc.from)
			require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(text), tc.from, tc.to, 1)), 0o644))
			code, out, errs := runCLI("bench", "--all", "--dir", dir, "--compilers", "gcc", "--repeats", "1", "--batches", "3")
			require.Equal(t, tc.code, code, errs)
			require.Contains(t, out+errs, tc.want)
			if tc.absent != "" {
				require.NotContains(t, out, tc.absent)
			}
		})
	}
}
