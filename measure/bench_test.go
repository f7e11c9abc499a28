package measure

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
	"github.com/rules-cryptopt/rules_cryptopt/x86/encode"
)

// BenchmarkValidate: static validation (abi.Validate, as Load does it) of a ~75-instruction mulx/adcx/adox product.
func BenchmarkValidate(b *testing.B) {
	p := gnu(b, mul4Asm())
	for b.Loop() {
		if err := abi.Validate(p, abi.Shape{Out: 8, Arg1: 4, Arg2: 4}, abi.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad: validation + encoding (encode.Encoder memo warm, as in a search) + the first
// call, which copies the code into the arena.
func BenchmarkLoad(b *testing.B) {
	r := newRunner(b, DefaultRunnerOptions())
	p, enc := gnu(b, mul4Asm()), encode.NewEncoder()
	s := Shape{Out: 8, Arg1: 4, Arg2: 4}
	out, a1, a2 := make([]uint64, 8), make([]uint64, 4), make([]uint64, 4)
	for b.Loop() {
		fn, err := r.LoadWith(enc, p, s)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.Call(fn, out, a1, a2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCall: one call of resident code from Go (worker round trip + cgo).
func BenchmarkCall(b *testing.B) {
	for _, attached := range []bool{false, true} {
		b.Run(map[bool]string{false: "worker", true: "attached"}[attached], func(b *testing.B) {
			r := newRunner(b, DefaultRunnerOptions())
			fn := load(b, r, mul4Asm(), mul4Func(), false)
			if attached {
				detach, err := r.Attach()
				require.NoError(b, err)
				defer detach()
			}
			out, a1, a2 := make([]uint64, 8), make([]uint64, 4), make([]uint64, 4)
			for b.Loop() {
				if err := r.Call(fn, out, a1, a2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEvaluation is one search step: load a new candidate and compare it with the
// current best and the compiler baseline (3 functions × 31 batches, outputs checked).
// evals/s is what the search can do on this function.
func BenchmarkEvaluation(b *testing.B) {
	r := newRunner(b, DefaultRunnerOptions())
	tm := newTimer(b, r, TimerOptions{})
	f := mul4Func()
	p, enc := gnu(b, mul4Asm()), encode.NewEncoder()
	s := Shape{Out: 8, Arg1: 4, Arg2: 4}
	best, err := r.LoadWith(enc, p, s)
	require.NoError(b, err)
	fns := []Fn{best, best, best}
	if cc := DefaultCompiler(); cc != "" {
		if n, err := CompileC([]byte(mul4C), "mul4", cc, nil); err == nil {
			defer n.Close()
			fns[2] = n.Fn()
		}
	}
	rng := rand.New(rand.NewSource(1))
	var st []Stats
	for b.Loop() {
		cand, err := r.LoadWith(enc, p, s)
		if err != nil {
			b.Fatal(err)
		}
		fns[1] = cand
		if st, err = tm.Compare(fns, f, rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
	b.ReportMetric(st[0].Median, "cycles/call")
	b.ReportMetric(st[2].Median, "baseline-cycles/call")
	b.ReportMetric(tm.Overhead(), "overhead-cycles")
	b.ReportMetric(float64(st[0].Calls), "calls/batch")
}

// BenchmarkOverhead reports the empty-call overhead the Timer subtracts.
func BenchmarkOverhead(b *testing.B) {
	r := newRunner(b, DefaultRunnerOptions())
	var o float64
	for b.Loop() {
		tm, err := NewTimer(r, TimerOptions{})
		if err != nil {
			b.Fatal(err)
		}
		o = tm.Overhead()
	}
	b.ReportMetric(o, "overhead-cycles")
}

const mul4C = `#include <stdint.h>
void mul4(uint64_t out1[8], const uint64_t a[4], const uint64_t b[4]) {
	uint64_t acc[8] = {0};
	for (int i = 0; i < 4; i++) {
		unsigned __int128 c = 0;
		for (int j = 0; j < 4; j++) {
			c += (unsigned __int128)a[i] * b[j] + acc[i + j];
			acc[i + j] = (uint64_t)c;
			c >>= 64;
		}
		acc[i + 4] = (uint64_t)c;
	}
	for (int i = 0; i < 8; i++) out1[i] = acc[i];
}
`

// BenchmarkSelfRatio times the same code against itself: the spread of the median ratio
// is the noise floor of an accept/reject decision.
func BenchmarkSelfRatio(b *testing.B) {
	r := newRunner(b, DefaultRunnerOptions())
	tm := newTimer(b, r, TimerOptions{})
	f := mul4Func()
	fn := load(b, r, mul4Asm(), f, false)
	rng := rand.New(rand.NewSource(1))
	var ratios []float64
	for b.Loop() {
		st, err := tm.Compare([]Fn{fn, fn}, f, rng)
		if err != nil {
			b.Fatal(err)
		}
		ratios = append(ratios, st[0].Median/st[1].Median)
	}
	slices.Sort(ratios)
	b.ReportMetric(quantile(ratios, 0.05), "p5-ratio")
	b.ReportMetric(quantile(ratios, 0.5), "median-ratio")
	b.ReportMetric(quantile(ratios, 0.95), "p95-ratio")
}

// BenchmarkArenaPlace: copying a ~450-byte function into the RW view of the code ring
// (what "loading" costs once the program is validated and encoded).
func BenchmarkArenaPlace(b *testing.B) {
	a, err := newArena(1 << 20)
	require.NoError(b, err)
	defer a.close()
	code, err := encode.Encode(gnu(b, mul4Asm()))
	require.NoError(b, err)
	c := &jitCode{bytes: code, pos: -1}
	for b.Loop() {
		a.place(c)
	}
	b.ReportMetric(float64(len(code)), "bytes")
}
