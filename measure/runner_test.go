package measure

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/interp"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/abi"
)

func newRunner(t testing.TB, opts RunnerOptions) *Runner {
	t.Helper()
	r, err := NewRunner(opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, r.Close()) })
	return r
}

func load(t testing.TB, r *Runner, body string, f *ir.Func, alias bool) Fn {
	t.Helper()
	s, err := ShapeOf(f)
	require.NoError(t, err)
	s.Alias = alias
	fn, err := r.Load(gnu(t, body), s)
	require.NoError(t, err)
	return fn
}

// callMatchesInterp calls fn once on random inputs and compares with the interpreter.
func callMatchesInterp(t *testing.T, r *Runner, fn Fn, f *ir.Func, rng *rand.Rand) {
	t.Helper()
	in := interp.RandomInputs(f, rng)
	want, err := interp.Run(f, in)
	require.NoError(t, err)
	out := make([]uint64, len(want[0]))
	var arg2 []uint64
	if len(in) > 1 {
		arg2 = in[1]
	}
	require.NoError(t, r.Call(fn, out, in[0], arg2))
	require.Equal(t, want[0], out, "inputs %#x", in)
}

func TestCallMatchesInterp(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	rng := rand.New(rand.NewSource(1))
	cases := []struct {
		name string
		body string
		f    *ir.Func
	}{
		{"add4", add4, add4Func()},
		{"add4 saved", add4Saved, add4Func()},
		{"mul1", mul1, mul1Func()},
		{"neg4", neg4, neg4Func()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fn := load(t, r, c.body, c.f, false)
			for range 200 {
				callMatchesInterp(t, r, fn, c.f, rng)
			}
		})
	}
}

func TestCallAliased(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	f := neg4Func()
	fn := load(t, r, neg4, f, true)
	x := []uint64{1, 2, 3, 4}
	want, err := interp.Run(f, [][]uint64{x})
	require.NoError(t, err)
	require.NoError(t, r.Call(fn, x, x, nil))
	require.Equal(t, want[0], x)

	plain := load(t, r, neg4, f, false)
	require.ErrorContains(t, r.Call(plain, x, x, nil), "validated for")
	require.ErrorContains(t, r.Call(plain, x[:3], x, nil), "validated for")
}

func TestFaultingProgramsAreRefused(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	f := add4Func()
	s, err := ShapeOf(f)
	require.NoError(t, err)
	for _, body := range []string{
		"mov rax, [rax]\nret\n",                         // wild load
		add4[:len(add4)-5] + "mov [rdi+32], rax\nret\n", // write past out1
		"mov [rsp], rax\nret\n",                         // smash the return address
		"push rax\nret\n",                               // return into garbage
		"mov rbx, 0\nret\n",                             // caller's rbx lost
		"mov rax, [rsi]\n",                              // falls off the end
	} {
		_, err := r.Load(gnu(t, body), s)
		require.Error(t, err, "%q", body)
	}
	// The runner still works: nothing ran.
	callMatchesInterp(t, r, load(t, r, add4, f, false), f, rand.New(rand.NewSource(2)))
}

func TestArenaReuse(t *testing.T) {
	// A one-page arena: loading 50 functions of ~100 bytes wraps it,
	// and a function overwritten long ago is placed again when called.
	r := newRunner(t, RunnerOptions{CPU: -1, ArenaSize: 1})
	f := add4Func()
	rng := rand.New(rand.NewSource(3))
	first := load(t, r, add4, f, false)
	callMatchesInterp(t, r, first, f, rng)
	for range 50 {
		callMatchesInterp(t, r, load(t, r, add4Saved, f, false), f, rng)
	}
	callMatchesInterp(t, r, first, f, rng)
	require.Greater(t, r.arenaHead(), int64(4096))

	big := &x86.Program{Symbol: "big"}
	for range 2000 {
		big.Insts = append(big.Insts, x86.Inst{Op: x86.MOV, Args: []x86.Operand{x86.R(x86.RAX), x86.M(x86.RSI, 0)}})
	}
	big.Insts = append(big.Insts, x86.Inst{Op: x86.RET})
	fn, err := r.Load(big, Shape{4, 4, 4, false})
	require.NoError(t, err)
	require.ErrorContains(t, r.Call(fn, make([]uint64, 4), make([]uint64, 4), make([]uint64, 4)), "arena")
}

// TestAttach: requests from the attached goroutine run on its own thread, pinned to the
// Runner's CPU; other goroutines' requests still go to the worker; detach restores the
// thread's affinity.
func TestAttach(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	tidOf := func() int {
		var tid int
		require.NoError(t, r.do(func() { tid = unix.Gettid() }))
		return tid
	}
	worker := tidOf()
	var before, set unix.CPUSet
	require.NoError(t, unix.SchedGetaffinity(0, &before))
	detach, err := r.Attach()
	require.NoError(t, err)
	require.Equal(t, unix.Gettid(), tidOf(), "an attached goroutine's request runs inline")
	require.NoError(t, unix.SchedGetaffinity(0, &set))
	require.Equal(t, 1, set.Count())
	require.True(t, set.IsSet(r.CPU()))
	other := make(chan int)
	go func() {
		var tid int
		_ = r.do(func() { tid = unix.Gettid() })
		other <- tid
	}()
	require.Equal(t, worker, <-other, "another goroutine's request goes to the worker")
	_, err = r.Attach()
	require.ErrorContains(t, err, "already has an attached goroutine")
	detach()
	require.NoError(t, unix.SchedGetaffinity(0, &set))
	require.Equal(t, before, set)
	require.Equal(t, worker, tidOf())
}

// TestLoadChecked: LoadChecked adds the caller's checks (codegen's own invariants) to the
// ABI's, so a program the ABI allows but they refuse does not load.
func TestLoadChecked(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	f := add4Func()
	s, err := ShapeOf(f)
	require.NoError(t, err)
	// Valid x86 and ABI-safe, but memory as an arithmetic destination (not codegen's form).
	memDest := "mov rax, [rsi]\nmov [rdi], rax\nmov rax, [rdx]\nadd [rdi], rax\n" + add4[strings.Index(add4, "mov rax, [rsi+8]"):]
	for _, tc := range []struct {
		name string
		body string
		opts abi.Options
		ok   bool
	}{
		{"codegen form, ABI only", add4, abi.Options{}, true},
		{"codegen form, codegen's checks", add4, abi.Options{LoadStore: true, OwnStack: true}, true},
		{"memory destination, ABI only", memDest, abi.Options{}, true},
		{"memory destination, codegen's checks", memDest, abi.Options{LoadStore: true}, false},
	} {
		fn, err := r.LoadChecked(nil, gnu(t, tc.body), s, tc.opts)
		if !tc.ok {
			require.ErrorContains(t, err, "measure: ", tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		callMatchesInterp(t, r, fn, f, rand.New(rand.NewSource(3)))
	}
}

func TestRunnerClosed(t *testing.T) {
	r, err := NewRunner(DefaultRunnerOptions())
	require.NoError(t, err)
	fn := load(t, r, add4, add4Func(), false)
	require.NoError(t, r.Close())
	require.NoError(t, r.Close())
	err = r.Call(fn, make([]uint64, 4), make([]uint64, 4), make([]uint64, 4))
	require.True(t, errors.Is(err, ErrClosed), "%v", err)
}

func TestRunnerBadCPU(t *testing.T) {
	_, err := NewRunner(RunnerOptions{CPU: 1 << 20})
	require.ErrorContains(t, err, "not available")
}

func TestForeignFn(t *testing.T) {
	r1, r2 := newRunner(t, DefaultRunnerOptions()), newRunner(t, DefaultRunnerOptions())
	fn := load(t, r1, add4, add4Func(), false)
	err := r2.Call(fn, make([]uint64, 4), make([]uint64, 4), make([]uint64, 4))
	require.ErrorContains(t, err, "another runner")
	require.ErrorContains(t, r1.Call(Fn{}, make([]uint64, 4), make([]uint64, 4), nil), "not loaded")
}

func TestMul4(t *testing.T) {
	r := newRunner(t, DefaultRunnerOptions())
	f := mul4Func()
	fn := load(t, r, mul4Asm(), f, false)
	rng := rand.New(rand.NewSource(10))
	for range 500 {
		callMatchesInterp(t, r, fn, f, rng)
	}
}
