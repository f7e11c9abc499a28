package measure

/*
#cgo CFLAGS: -O2
#include <stdint.h>
#include <x86intrin.h>

// The flag of an order entry whose function is not timed in that batch.
#define MEASURE_SKIP (1ull << 63)

typedef void (*measure_fn)(uint64_t *out1, const uint64_t *arg1, const uint64_t *arg2);

// Fenced so that the work being timed neither starts before nor ends after the reads.
static inline uint64_t measure_tsc(void) {
	_mm_lfence();
	uint64_t t = __rdtsc();
	_mm_lfence();
	return t;
}

// The empty function: its timing is the call-loop overhead.
__attribute__((noinline)) static void measure_empty(uint64_t *o, const uint64_t *a, const uint64_t *b) {
	__asm__ volatile("" ::: "memory");
}

static uintptr_t measure_empty_addr(void) { return (uintptr_t)&measure_empty; }

static void measure_call(uintptr_t fn, uint64_t *out1, const uint64_t *arg1, const uint64_t *arg2) {
	((measure_fn)fn)(out1, arg1, arg2);
}

// setup prepares out for one function on one batch: with alias it holds a copy of arg1
// (and is passed as arg1), else it is filled with a poison pattern so that a limb the
// function fails to write cannot inherit the previous function's correct value.
static const uint64_t *measure_setup(uint64_t *out, int nout, const uint64_t *in, int narg1,
		int alias, uint64_t poison) {
	if (alias) {
		for (int i = 0; i < narg1; i++) out[i] = in[i];
		return out;
	}
	for (int i = 0; i < nout; i++) out[i] = poison ^ ((uint64_t)i * 0x9e3779b97f4a7c15ull);
	return in;
}

// measure_calibrate returns how many calls make a batch of about goal ticks for the
// slowest function (at least 1, at most max_calls).
static uint64_t measure_calibrate(const uint64_t *fns, int nfns, const uint64_t *in, int narg1,
		int nout, int alias, uint64_t *out, uint64_t goal, uint64_t max_calls) {
	uint64_t worst = 1;
	for (int k = 0; k < nfns; k++) {
		measure_fn f = (measure_fn)fns[k];
		const uint64_t *a1 = measure_setup(out, nout, in, narg1, alias, 0);
		f(out, a1, in + narg1); // warm up (page and i-cache)
		uint64_t t0 = measure_tsc();
		for (int i = 0; i < 8; i++) f(out, a1, in + narg1);
		uint64_t per = (measure_tsc() - t0) / 8;
		if (per > worst) worst = per;
	}
	uint64_t n = goal / worst;
	return n < 1 ? 1 : (n > max_calls ? max_calls : n);
}

// measure_run times nfns functions over batches. Batch b uses the inputs at in+b*stride
// (arg1 then arg2) and runs the functions in the order order[b*nfns ..]; each function is
// called once with its output saved to results[(b*nfns+k)*nout ..], then calls times in
// a fenced loop, the ticks saved to cycles[b*nfns+k]. An order entry with SKIP set names a
// function left out of that batch: its ticks are 0 and its results untouched. calls == 0
// means calibrate first. Returns the number of calls per batch used.
static uint64_t measure_run(const uint64_t *fns, int nfns, const uint64_t *order, int batches,
		const uint64_t *in, int stride, int narg1, int nout, int alias, uint64_t *out,
		uint64_t *results, uint64_t *cycles, uint64_t calls, uint64_t goal, uint64_t max_calls,
		uint64_t poison) {
	if (calls == 0)
		calls = measure_calibrate(fns, nfns, in, narg1, nout, alias, out, goal, max_calls);
	for (int b = 0; b < batches; b++) {
		const uint64_t *bin = in + (uint64_t)b * stride;
		for (int j = 0; j < nfns; j++) {
			uint64_t o = order[b * nfns + j];
			int k = (int)(o & ~MEASURE_SKIP);
			if (o & MEASURE_SKIP) {
				cycles[b * nfns + k] = 0;
				continue;
			}
			measure_fn f = (measure_fn)fns[k];
			const uint64_t *a1 = measure_setup(out, nout, bin, narg1, alias, poison + b);
			f(out, a1, bin + narg1);
			uint64_t *res = results + ((uint64_t)b * nfns + k) * nout;
			for (int i = 0; i < nout; i++) res[i] = out[i];
			uint64_t t0 = measure_tsc();
			for (uint64_t i = 0; i < calls; i++) f(out, a1, bin + narg1);
			cycles[b * nfns + k] = measure_tsc() - t0;
		}
	}
	return calls;
}
*/
import "C"

import "unsafe"

// skipFlag marks an order entry whose function sits that batch out (MEASURE_SKIP).
const skipFlag = uint64(1) << 63

// emptyFnAddr is the address of a C function that returns at once.
func emptyFnAddr() uintptr { return uintptr(C.measure_empty_addr()) }

func u64p(p *uint64) *C.uint64_t { return (*C.uint64_t)(unsafe.Pointer(p)) }

// callOnce calls fn(out1, arg1, arg2). The pointers address the runner's workspace, which
// is outside the Go heap.
func callOnce(fn uintptr, out1, arg1, arg2 *uint64) {
	C.measure_call(C.uintptr_t(fn), u64p(out1), u64p(arg1), u64p(arg2))
}

// runArgs are the arguments of measure_run; the pointers address the workspace.
type runArgs struct {
	fns, order, in, out, results, cycles *uint64
	nfns, batches, stride, narg1, nout   int
	alias                                bool
	calls, goal, maxCalls, poison        uint64
}

// runBatches is one cgo call timing every batch of every function.
func runBatches(a *runArgs) uint64 {
	alias := C.int(0)
	if a.alias {
		alias = 1
	}
	return uint64(C.measure_run(u64p(a.fns), C.int(a.nfns), u64p(a.order), C.int(a.batches),
		u64p(a.in), C.int(a.stride), C.int(a.narg1), C.int(a.nout), alias, u64p(a.out),
		u64p(a.results), u64p(a.cycles), C.uint64_t(a.calls), C.uint64_t(a.goal),
		C.uint64_t(a.maxCalls), C.uint64_t(a.poison)))
}
