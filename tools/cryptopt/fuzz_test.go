package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/rules-cryptopt/rules_cryptopt/search"
)

// Fuzz targets of the CLI's parsers and flag-value parsers (.ci/fuzz runs each for a
// bounded time). FuzzParsePrime is in source_test.go.

func FuzzParseAsmHeader(f *testing.F) {
	f.Add("# function: p256_mul\n# cpu: x\n\t.intel_syntax noprefix\n")
	f.Add("; function: p256_mul\n; uarch: znver5\nsection .text\n")
	f.Add("#: \n# a b: c\n#\n")
	f.Fuzz(func(t *testing.T, src string) {
		for k, v := range parseAsmHeader([]byte(src)) {
			if strings.ContainsAny(k+v, "\r\n") || strings.Contains(k, " ") {
				t.Fatalf("header entry %q: %q spans lines or has a spaced key", k, v)
			}
		}
	})
}

// FuzzGenomeFields: a genome file that is accepted cannot put anything but one printable
// line per value into the .S header.
func FuzzGenomeFields(f *testing.F) {
	f.Add(`{"format":"cryptopt-genome/1","func":"p256_mul","ir_hash":"ab","order":[0],"decisions":[],"cpu":"AMD"}`)
	f.Add(`{"format":"cryptopt-genome/1","cpu":"a\nb","uarch":"\u2028"}`)
	f.Add(`{"format":"cryptopt-genome/1","baseline":"gcc\r.p2align 12","cycles":-1}`)
	f.Fuzz(func(t *testing.T, data string) {
		gf, err := search.ParseFile([]byte(data))
		if err != nil || checkGenomeFields(gf) != nil {
			return
		}
		h := asmHeader{Command: "emit", Func: gf.Func, IRHash: gf.IRHash, GenomeHash: gf.Genome.Hash(),
			CPU: gf.CPU, Uarch: gf.Uarch, Seed: gf.Seed, Evals: gf.Evals, Cycles: gf.Cycles,
			Baseline: gf.Baseline, BaseCyc: gf.BaseCycles}
		for _, l := range h.lines() {
			if err := headerValueError(l); err != nil {
				t.Fatalf("accepted genome gives header line %q: %v", l, err)
			}
		}
	})
}

// FuzzOptimizeFlags: any command line (NUL-separated) is parsed and range-checked
// (durations, counts, ratios) quickly, and refused with one bounded line.
func FuzzOptimizeFlags(f *testing.F) {
	for _, s := range []string{"--time-limit\x0010m", "--time-limit=-1s", "--evals\x0099999999999", "--bet-ratio\x00NaN",
		"--batches\x000", "--duel\x00-3", "--time-limit\x001e400h", "-o\x00-\x00--trace\x00-", "--baseline\x00gcc\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		env := &cliEnv{stdout: io.Discard, stderr: io.Discard}
		var o optimizeFlags
		fs := newFlagSet(env, "optimize", "optimize")
		o.register(fs)
		start := time.Now()
		err := parseFlags(fs, strings.Split(line, "\x00"))
		if err == nil {
			err = o.check()
		}
		if time.Since(start) > time.Second {
			t.Fatalf("flags took %s", time.Since(start))
		}
		if err != nil {
			if msg := clipMessage(err.Error()); strings.ContainsAny(msg, "\r\n") || len(msg) > maxErrorLine+40 {
				t.Fatalf("error line %q", msg)
			}
		}
	})
}

func FuzzClipMessage(f *testing.F) {
	f.Add(`--prime "2^255-19": bad`)
	f.Add("a\nb\r\x00\xff\"unterminated")
	f.Add(`"` + strings.Repeat("x", 500) + `"`)
	f.Fuzz(func(t *testing.T, msg string) {
		out := clipMessage(msg)
		if strings.ContainsAny(out, "\r\n") || len(out) > maxErrorLine+40 {
			t.Fatalf("clipMessage(%q) = %q", msg, out)
		}
	})
}

func FuzzCheckSymbol(f *testing.F) {
	for _, s := range []string{"rax", "my_mul", "qword", "1a", "r15d", "_", "Xmm31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if checkSymbol(s) == nil && (!validCSymbol(s) || reservedSymbols[strings.ToLower(s)] || len(s) > maxSymbolBytes) {
			t.Fatalf("checkSymbol accepted %q", s)
		}
	})
}
