package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/testenv"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// needTimingCPU skips tests that run generated code when this CPU cannot.
func needTimingCPU(t *testing.T) uarch.Info {
	t.Helper()
	info := uarch.Detect()
	if err := uarch.Supported(info); err != nil {
		t.Skipf("cannot run generated code here: %v", err)
	}
	return info
}

// TestOptimizeShortRun is the CI run: a few hundred evaluations on a small field give a
// .S whose header carries this CPU's tag and whose code computes the function.
func TestOptimizeShortRun(t *testing.T) {
	info := needTimingCPU(t)
	dir := t.TempDir()
	asm, genome := filepath.Join(dir, "out.S"), filepath.Join(dir, "g.json")
	trace, plot := filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.svg")
	code, stdout, stderr := runCLI("optimize", "--curve", "poly1305", "--op", "mul", "--evals", "300",
		"--bets", "4", "--batches", "5", "--seed", "3", "--baseline", "gcc", "--expect-uarch", info.Tag,
		"-o", asm, "--genome-out", genome, "--trace", trace, "--plot", plot)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "evaluations: 300 ")
	require.Contains(t, stdout, "ratio: ")
	require.Contains(t, stdout, fmt.Sprintf(" %d interleaved comparisons", optimizer.RaceRepeats), "--duel's default is the final race's")

	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	h := parseAsmHeader(text)
	require.Equal(t, info.Tag, h["uarch"])
	require.Equal(t, "300", h["evaluations"])
	require.Equal(t, "3", h["seed"])
	src, err := (&sourceFlags{curve: "poly1305", op: "mul"}).load()
	require.NoError(t, err)
	plan, err := codegen.NewPlan(src.Func)
	require.NoError(t, err)
	require.Equal(t, plan.Func().Hash(), h["ir-hash"])

	requireComputes(t, text, "poly1305", "mul")

	data, err := os.ReadFile(genome)
	require.NoError(t, err)
	g, err := search.ParseFile(data)
	require.NoError(t, err)
	require.Equal(t, h["genome-hash"], g.Genome.Hash())
	require.Equal(t, h["ir-hash"], g.IRHash)

	// The genome pins the code: emit reproduces the file (only the command word differs).
	code, emitted, stderr := runCLI("emit", "--curve", "poly1305", "--op", "mul", "--genome", genome)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, strings.Replace(string(text), " optimize.", " emit.", 1), emitted)

	rows, err := os.ReadFile(trace)
	require.NoError(t, err)
	require.Equal(t, 301, strings.Count(string(rows), "\n"), "header + one row per evaluation")
	svg, err := os.ReadFile(plot)
	require.NoError(t, err)
	require.Contains(t, string(svg), "<svg")
}

// requireComputes runs the .S text as written (parsed back, not the in-memory program)
// against the reference interpreter of curve's op on the timer's random and edge inputs.
func requireComputes(t *testing.T, text []byte, curve, op string) {
	t.Helper()
	src, err := (&sourceFlags{curve: curve, op: op}).load()
	require.NoError(t, err)
	prog, err := x86.ParseGNU(text)
	require.NoError(t, err)
	r, err := measure.NewRunner(measure.DefaultRunnerOptions())
	require.NoError(t, err)
	defer r.Close()
	shape, err := measure.ShapeOf(src.Func)
	require.NoError(t, err)
	fn, err := r.Load(prog, shape)
	require.NoError(t, err)
	timer, err := measure.NewTimer(r, measure.TimerOptions{Batches: 50})
	require.NoError(t, err)
	_, err = timer.Compare([]measure.Fn{fn}, src.Func, rand.New(rand.NewSource(1)))
	require.NoError(t, err, "the optimized code must compute the function")
}

// TestOptimizeWarmStart: a genome file starts a bet of the search (as a genome tuned on
// another CPU would), the report names the given starts by hash, and the output still
// computes the function. The file is compile's random genome, not a short search's best:
// a 200-evaluation search of this tiny function can end on the greedy genome itself,
// and the report then (rightly) reads "genomes <greedy> ×2".
func TestOptimizeWarmStart(t *testing.T) {
	info := needTimingCPU(t)
	dir := t.TempDir()
	hashOf := func(name string, args ...string) string {
		file := filepath.Join(dir, name+".json")
		code, _, stderr := runCLI(append([]string{"compile", "--curve", "poly1305", "--op", "square",
			"-o", filepath.Join(dir, name+".S"), "--genome-out", file}, args...)...)
		require.Equal(t, 0, code, stderr)
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		g, err := search.ParseFile(data)
		require.NoError(t, err)
		return g.Genome.Hash()[:12]
	}
	greedy, warm := hashOf("greedy", "--order", "greedy"), hashOf("warm", "--seed", "7")
	require.NotEqual(t, greedy, warm, "the test needs two different starts")

	code, stdout, stderr := runCLI("optimize", "--curve", "poly1305", "--op", "square", "--evals", "200",
		"--bets", "4", "--batches", "5", "--baseline", "gcc", "--expect-uarch", info.Tag, "--seed", "2",
		"--start", "greedy,"+filepath.Join(dir, "warm.json"), "-o", filepath.Join(dir, "b.S"))
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "start: genomes "+greedy+" "+warm+" (bets 0 to 1), the other bets random")
	text, err := os.ReadFile(filepath.Join(dir, "b.S"))
	require.NoError(t, err)
	requireComputes(t, text, "poly1305", "square")
}

// TestOptimizeBadInput: one line, exit 2, no output file left behind.
func TestOptimizeBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.S")
	other := filepath.Join(t.TempDir(), "p384.json") // a genome of another function
	code, _, stderr := runCLI("compile", "--curve", "p384", "--op", "mul", "--genome-out", other, "-o", filepath.Join(filepath.Dir(other), "p384.S"))
	require.Equal(t, 0, code, stderr)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown curve", []string{"--curve", "p999", "--op", "mul"}, "p999"},
		{"zero evals", []string{"--curve", "p256", "--op", "mul", "--evals", "0"}, "evaluations must be at least 1"},
		{"bad ratio", []string{"--curve", "p256", "--op", "mul", "--bet-ratio", "1.5"}, "bet ratio"},
		{"unwritable output", []string{"--curve", "p256", "--op", "mul", "--genome-out", filepath.Join(dir, "no", "g.json")}, "--genome-out: output"},
		{"bad symbol", []string{"--curve", "p256", "--op", "mul", "--symbol", "1x"}, "--symbol"},
		{"other uarch", []string{"--curve", "p256", "--op", "mul", "--expect-uarch", "pentium4"}, "but the build asked for pentium4"},
		{"bad if-slower", []string{"--curve", "p256", "--op", "mul", "--if-slower", "panic"}, `--if-slower "panic": want warn or fail`},
		{"negative slower rounds", []string{"--curve", "p256", "--op", "mul", "--slower-rounds", "-1"}, "--slower-rounds -1 out of range"},
		{"race too long", []string{"--curve", "p256", "--op", "mul", "--duel", "1001"}, "--duel 1001 out of range 0..1000"},
		{"negative anchor", []string{"--curve", "p256", "--op", "mul", "--anchor", "-1"}, "--anchor -1 out of range 0..10000000"},
		{"empty baseline in a list", []string{"--curve", "p256", "--op", "mul", "--baseline", "gcc,"}, "--baseline gcc,: a list names compilers only"},
		{"compiler named twice", []string{"--curve", "p256", "--op", "mul", "--baseline", "gcc,gcc"}, "--baseline gcc,gcc: gcc is named twice"},
		{"keyword in a list", []string{"--curve", "p256", "--op", "mul", "--baseline", "gcc,none"}, "a list names compilers only"},
		{"two starts, one bet", []string{"--curve", "p256", "--op", "mul", "--start", "greedy,fiat"}, "--start lists 2 genomes, at most 1: one per bet"},
		{"random in a start list", []string{"--curve", "p256", "--op", "mul", "--bets", "2", "--start", "random,greedy"}, "random is a start only on its own"},
		{"empty start item", []string{"--curve", "p256", "--op", "mul", "--bets", "2", "--start", "greedy,"}, "--start \"greedy,\": an empty item"},
		{"missing start file", []string{"--curve", "p256", "--op", "mul", "--bets", "2", "--start", "greedy,no-such.json"}, "--start: open no-such.json"},
		{"start of another function", []string{"--curve", "p256", "--op", "mul", "--bets", "2", "--start", "greedy," + other}, "--start " + strconv.Quote(other) + ": genome is for IR"},
		{"missing baseline compiler", []string{"--curve", "p256", "--op", "mul", "--baseline", "gcc,no-such-cc"}, `baseline compiler "no-such-cc" not found`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"optimize", "-o", out, "--evals", "5", "--bets", "1"}, tc.args...)
			code, stdout, stderr := runCLI(args...)
			require.Equal(t, 2, code, stderr)
			require.Empty(t, stdout)
			require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			require.Contains(t, stderr, tc.want)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.Empty(t, entries, "no partial files")
		})
	}
}

// TestOptimizeFastestBaseline: with two baseline compilers the search is scored against
// the faster of them, timed side by side first, and the report says how it was chosen;
// the final measurement times the winner beside both and the report and the header quote
// the faster there (kept or re-chosen, whichever this machine's timing says).
func TestOptimizeFastestBaseline(t *testing.T) {
	needTimingCPU(t)
	testenv.Tool(t, "gcc")
	testenv.Tool(t, "clang-19", "clang")
	asm := filepath.Join(t.TempDir(), "out.S")
	code, stdout, stderr := runCLI("optimize", "--curve", "poly1305", "--op", "mul", "--evals", "50",
		"--bets", "2", "--batches", "5", "--baseline", "fastest", "-o", asm)
	require.Equal(t, 0, code, stderr)
	m := regexp.MustCompile(`baseline choice: (\S+) -O3 \S+, the faster in 7 side-by-side comparisons \((\S+) -O3 \S+ ([0-9.]+)x its time\)`).FindStringSubmatch(stdout)
	require.NotNil(t, m, stdout)
	require.ElementsMatch(t, []string{"gcc", "clang"}, []string{strings.TrimSuffix(m[1], "-19"), strings.TrimSuffix(m[2], "-19")})
	rel, err := strconv.ParseFloat(m[3], 64)
	require.NoError(t, err)
	require.GreaterOrEqual(t, rel, 1.0, "the other baseline is the slower one")
	f := regexp.MustCompile(`\nbaseline (kept|re-chosen) in the final measurement: (\S+ -O3 \S+), the faster in 7 side-by-side comparisons with the winner \((\S+) -O3 \S+(, picked before the search, was)? [0-9.]+x its time\)\n`).FindStringSubmatch(stdout)
	require.NotNil(t, f, stdout)
	require.Equal(t, f[1] == "kept", strings.HasPrefix(f[2], m[1]+" "), "kept means the pre-search pick")
	require.Equal(t, f[1] == "re-chosen", f[4] != "", "a re-choice names the pre-search pick")
	require.Contains(t, stdout, "\nbaseline: "+f[2]+", ")
	text, err := os.ReadFile(asm)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(parseAsmHeader(text)["baseline"], f[2]+", "), "the header names the quoted baseline")
}

// TestOptimizeRefusesCPUWithoutADX fakes the CPU: the refusal comes before anything runs.
func TestOptimizeRefusesCPUWithoutADX(t *testing.T) {
	dir := t.TempDir()
	old := uarch.Info{Vendor: "Intel", Model: "Old CPU", Family: 6, ModelNum: 0x3a, Tag: "ivybridge", ADX: false, BMI2: false}
	var stdout, stderr bytes.Buffer
	err := runOptimize(&cliEnv{stdout: &stdout, stderr: &stderr},
		[]string{"--curve", "p256", "--op", "mul", "-o", filepath.Join(dir, "x.S")},
		func() uarch.Info { return old })
	require.ErrorContains(t, err, "lacks ADX and BMI2")
	require.NotContains(t, err.Error(), "\n")
	entries, _ := os.ReadDir(dir)
	require.Empty(t, entries)
}

// TestHelperCLI is not a test: it runs the CLI when the interrupt test starts this binary.
func TestHelperCLI(t *testing.T) {
	if os.Getenv("CRYPTOPT_TEST_CLI") != "1" {
		t.Skip("helper process for TestOptimizeInterrupt")
	}
	args := strings.Split(os.Getenv("CRYPTOPT_TEST_ARGS"), "\x1f")
	os.Exit(run(&cliEnv{stdout: os.Stdout, stderr: os.Stderr}, args))
}
