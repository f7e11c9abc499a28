// Throughput and latency probes for docs/why-slow.md, in core cycles: TSC ticks per
// core cycle come from a dependent add chain (1 cycle per add), and every other probe
// is divided by them. Each probe is 1,000 straight-line instructions (or 400 groups),
// the best of 3,000 runs. Build and run pinned to one core:
//
//	gcc -O2 -o ports tools/whyslow/testdata/ports.c && taskset -c 1 ./ports
#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

#define R10(x) x x x x x x x x x x
#define R100(x) R10(R10(x))

static double best(void (*f)(void), int per) {
	double b = 1e30;
	for (int i = 0; i < 3000; i++) {
		uint64_t t0 = __rdtsc();
		f();
		uint64_t t1 = __rdtsc();
		if (t1 - t0 < b) b = t1 - t0;
	}
	return b / per;
}

static uint64_t slot[4];

static void adds(void) { __asm__ volatile("xor %%eax,%%eax\n" R100(R10("add $1,%%rax\n")) ::: "rax", "cc"); }
static void mulxlat(void) { __asm__ volatile("mov $3,%%rdx\n mov $5,%%rcx\n" R100(R10("mulx %%rcx,%%r8,%%rdx\n")) ::: "rdx", "rcx", "r8"); }
#define M(h, l) "mulx %%rcx," #l "," #h "\n"
static void mulxs(void) { __asm__ volatile("mov $3,%%rdx\n mov $5,%%rcx\n" R100(M(%%rax, %%rbx) M(%%rsi, %%rdi) M(%%r12, %%r13) M(%%r8, %%r9)) ::: "rax", "rbx", "rdx", "rcx", "rsi", "rdi", "r8", "r9", "r12", "r13"); }
static void imuls(void) { __asm__ volatile("mov $5,%%rcx\n" R100("imul %%rcx,%%r8\n imul %%rcx,%%r9\n imul %%rcx,%%r10\n imul %%rcx,%%r11\n") ::: "rcx", "r8", "r9", "r10", "r11", "cc"); }
#define P(a, b) "add %%rcx," #a "\n adc %%rcx," #b "\n"
static void pairs(void) { __asm__ volatile("mov $5,%%rcx\n" R100(P(%%r8, %%r9) P(%%r10, %%r11) P(%%r12, %%r13) P(%%r14, %%r15)) ::: "rcx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc"); }
#define G(h, l, a, b) "mulx %%rcx," #l "," #h "\n add " #l "," #a "\n adc " #h "," #b "\n"
static void mac(void) { __asm__ volatile("mov $3,%%rdx\n mov $5,%%rcx\n" R100(G(%%rax, %%rbx, %%r8, %%r9) G(%%rsi, %%rdi, %%r10, %%r11) G(%%r12, %%r13, %%r14, %%r15) G(%%rax, %%rbx, %%r8, %%r9)) ::: "rax", "rbx", "rdx", "rcx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc"); }
static void alus(void) { __asm__ volatile("" R100("add $1,%%r8\n add $1,%%r9\n add $1,%%r10\n add $1,%%r11\n add $1,%%rsi\n add $1,%%rdi\n add $1,%%rax\n add $1,%%rbx\n") ::: "r8", "r9", "r10", "r11", "rsi", "rdi", "rax", "rbx", "cc"); }
static void shifts(void) { __asm__ volatile("" R100("shr $1,%%r8\n shr $1,%%r9\n shr $1,%%r10\n shr $1,%%r11\n") ::: "r8", "r9", "r10", "r11", "cc"); }
static void loads(void) { __asm__ volatile("" R100("mov (%0),%%r8\n mov 8(%0),%%r9\n mov 16(%0),%%r10\n mov 24(%0),%%r11\n") ::"r"(slot) : "r8", "r9", "r10", "r11"); }
static void fwd(void) { __asm__ volatile("xor %%eax,%%eax\n" R100(R10("mov %%rax,(%0)\n mov (%0),%%rax\n")) ::"r"(slot) : "rax", "memory"); }
static void shrds(void) { __asm__ volatile("" R100("shrd $52,%%rax,%%r8\n shrd $52,%%rax,%%r9\n shrd $52,%%rax,%%r10\n shrd $52,%%rax,%%r11\n") ::: "r8", "r9", "r10", "r11", "cc"); }
static void shrdlat(void) { __asm__ volatile("" R100(R10("shrd $52,%%rax,%%r8\n")) ::: "r8", "cc"); }
#define S3(lo, hi, t) "shrx %%rcx," #lo "," #t "\n shlx %%rdx," #hi "," #hi "\n lea (" #t "," #hi "), " #lo "\n"
static void split3(void) { __asm__ volatile("mov $52,%%ecx\n mov $12,%%edx\n" R100(S3(%%r8, %%r9, %%rax) S3(%%r10, %%r11, %%rbx) S3(%%r12, %%r13, %%rsi) S3(%%r14, %%r15, %%rdi)) ::: "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"); }
static void movs(void) { __asm__ volatile("xor %%eax,%%eax\n" R100(R10("mov %%rax,%%rbx\n mov %%rbx,%%rax\n")) ::: "rax", "rbx"); }

// probes: what each measures, the function, and how many instructions (or groups) it runs.
static const struct {
	const char *what;
	void (*f)(void);
	int per;
} probes[] = {
	{"mulx latency (rdx -> hi -> rdx), cycles", mulxlat, 1000},
	{"mulx, independent, cycles each", mulxs, 400},
	{"imul r64, independent, cycles each", imuls, 400},
	{"add+adc pair, 4 accumulators, cycles per pair", pairs, 400},
	{"mulx+add+adc (one product accumulated), 3 accumulators, cycles per product", mac, 400},
	{"add r, imm, independent, cycles each", alus, 800},
	{"shr r, imm, independent, cycles each", shifts, 400},
	{"load, independent, cycles each", loads, 400},
	{"store then reload of the same slot, chained, cycles per pair", fwd, 1000},
	{"mov r, r, chained, cycles each", movs, 2000},
	{"shrd r, r, imm, independent, cycles each", shrds, 400},
	{"shrd r, r, imm, chained, cycles latency", shrdlat, 1000},
	{"shrx+shlx+lea (a shrd in three), independent, cycles per triple", split3, 400},
};

int main(void) {
	double tsc = best(adds, 1000);
	printf("TSC ticks per core cycle (dependent add chain): %.3f\n", tsc);
	for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++)
		printf("%s: %.2f\n", probes[i].what, best(probes[i].f, probes[i].per) / tsc);
	return 0;
}
