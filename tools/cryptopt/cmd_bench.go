package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/measure/uarch"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// benchFlags are the flags of bench.
type benchFlags struct {
	src              sourceFlags
	asm, dir         string
	all              bool
	compilers        string
	batches, repeats int
	seed             int64
	fiatDir          string // --fiat-baselines
}

func (b *benchFlags) register(fs *flag.FlagSet) {
	b.src.register(fs)
	fs.StringVar(&b.asm, "asm", "", "the assembly to time: GNU .S or NASM .asm (as compile --syntax writes)")
	fs.BoolVar(&b.all, "all", false, "time every .S and .asm file of --dir (the function is named by each header, then checked)")
	fs.StringVar(&b.dir, "dir", "", "directory of .S/.asm files, with --all")
	fs.StringVar(&b.compilers, "compilers", "gcc,clang", "comma-separated C compilers of the baselines (clang means clang-19 when present)")
	fs.IntVar(&b.batches, "batches", 31, "timing batches per comparison")
	fs.IntVar(&b.repeats, "repeats", 7, "comparisons per function; the table shows their median and range")
	fs.Int64Var(&b.seed, "seed", 1, "seed of the inputs and calling orders")
	fs.StringVar(&b.fiatDir, "fiat-baselines", "", "directory of Fiat Cryptography JSON files (e.g. ../shared/fiat-json): also time Fiat's C of each function's field and op (<field>_64.json), built by every --compilers compiler, outputs checked mod p")
}

// benchJob is one .S file to time and the function it implements.
type benchJob struct {
	path string
	src  *source
	prog *x86.Program  // parsed from path, checked against src's IR
	fiat *fiatBaseline // with --fiat-baselines
}

// cmdBench times assembly against gcc and clang compiling the project's C for the same IR,
// all side by side in one interleaved run per repeat, outputs checked every batch.
func cmdBench(env *cliEnv, args []string) error {
	var b benchFlags
	fs := newFlagSet(env, "bench", "bench (--curve C --op O | --fiat FILE --func NAME) --asm out.S | bench --all --dir DIR\n"+
		"          [--compilers gcc,clang] [--fiat-baselines DIR] [--repeats N] [--batches N] [--seed S]\n\n"+
		"Times assembly against the project's C for the same IR (emit-c), built by each compiler,\n"+
		"side by side in one interleaved run per repeat, every output checked in every batch.\n"+
		"--fiat-baselines DIR adds Fiat Cryptography's C of the same field and op (mul is\n"+
		"fiat_<f>_mul, or fiat_<f>_carry_mul on unsaturated limbs, from DIR/<field>_64.json):\n"+
		"a column per compiler and the speedup against the faster one; its inputs lie within both\n"+
		"functions' input bounds, its outputs must be congruent mod p to the IR's and within\n"+
		"Fiat's output bounds. Functions Fiat lacks (p448_saturated, ladder and point ops) get no\n"+
		"Fiat value and a note under the table.\n"+
		"Example: cryptopt bench --all --dir out/ --fiat-baselines ../shared/fiat-json")
	b.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := b.check(fs); err != nil {
		return err
	}
	// Inputs first, then the tools: a bad flag is reported as such even where no compiler is.
	jobs, err := b.jobs()
	if err != nil {
		return err
	}
	if err := b.fiatBaselines(jobs); err != nil {
		return err
	}
	compilers, err := resolveCompilers(b.compilers)
	if err != nil {
		return err
	}
	cpu, err := checkCPU(uarch.Detect, "")
	if err != nil {
		return err
	}
	builds, err := buildBaselines(baselineFuncs(jobs), compilers)
	if err != nil {
		return oneLine(err)
	}
	defer builds.Close()
	r, err := measure.NewRunner(measure.DefaultRunnerOptions())
	if err != nil {
		return err
	}
	defer r.Close()
	var rows []benchRow
	prog := newBenchProgress(env.stderr, len(jobs), b.repeats)
	for i, j := range jobs {
		row, err := benchOne(r, j, compilers, &b, builds, func(rep int) { prog.update(i, j.path, rep) })
		if err != nil {
			return oneLine(fmt.Errorf("%s: %w", j.path, err))
		}
		rows = append(rows, row)
	}
	printBenchTable(env.stdout, cpu, rows, compilers, &b)
	return nil
}

// check refuses out-of-range counts and flags that do not go together.
func (b *benchFlags) check(fs *flag.FlagSet) error {
	if err := inRange("--batches", b.batches, 1, maxBatches); err != nil {
		return err
	}
	if err := inRange("--repeats", b.repeats, 1, maxRepeats); err != nil {
		return err
	}
	if b.all {
		for _, f := range []string{"curve", "op", "fiat", "func", "prime", "method", "limbs", "asm"} {
			if flagsSet(fs)[f] {
				return fmt.Errorf("--all times every file of --dir by its own function: --%s does not go with it", f)
			}
		}
	} else if b.dir != "" {
		return errors.New("--dir goes with --all")
	}
	return nil
}

// jobs resolves the flags to the files to time.
func (b *benchFlags) jobs() ([]benchJob, error) {
	if b.all {
		if b.dir == "" || b.asm != "" {
			return nil, errors.New("--all needs --dir DIR (and no --asm)")
		}
		return benchDir(b.dir)
	}
	if b.asm == "" {
		return nil, errors.New("--asm FILE is required (or --all --dir DIR)")
	}
	src, err := b.src.load()
	if err != nil {
		return nil, err
	}
	prog, err := readAsm(b.asm, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", outfile.Clip(b.asm), err)
	}
	return []benchJob{{path: b.asm, src: src, prog: prog}}, nil
}

// fiatBaselines finds Fiat's function of every job (none without --fiat-baselines),
// before anything is built or timed: a bad directory or file fails at once.
func (b *benchFlags) fiatBaselines(jobs []benchJob) error {
	if b.fiatDir == "" {
		return nil
	}
	set, err := newFiatSet(b.fiatDir)
	if err != nil {
		return err
	}
	for i := range jobs {
		if jobs[i].fiat, err = set.baseline(jobs[i].src); err != nil {
			return oneLine(fmt.Errorf("%s: %w", outfile.Clip(jobs[i].path), err))
		}
	}
	return nil
}

// benchDir finds the .S files of dir and their functions, from the header's function
// name (a catalogue "<field>_<op>").
func benchDir(dir string) ([]benchJob, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--dir %s is not a directory", outfile.Clip(dir))
	}
	var paths []string
	for _, pat := range []string{"*.S", "*.asm"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no .S or .asm files in %s", outfile.Clip(dir))
	}
	if len(paths) > maxBenchFiles {
		return nil, fmt.Errorf("%s holds %d assembly files, more than %d", outfile.Clip(dir), len(paths), maxBenchFiles)
	}
	sort.Strings(paths)
	var jobs []benchJob
	for _, p := range paths {
		text, err := infile.Read(p, "--dir", infile.MaxAsm, infile.StreamTimeout)
		if err != nil {
			return nil, err
		}
		// The header only names the function to look up; its IR hash is compared and the
		// outputs are checked against that function in every batch, so a lying header
		// fails rather than being believed.
		name := parseAsmHeader(text)["function"]
		i := strings.LastIndexByte(name, '_')
		if i <= 0 || headerValueError(name) != nil {
			return nil, fmt.Errorf("%s: header names no catalogue function (got %s)", p, outfile.Clip(name))
		}
		src, err := (&sourceFlags{curve: name[:i], op: name[i+1:]}).load()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		prog, err := readAsm(p, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		jobs = append(jobs, benchJob{path: p, src: src, prog: prog})
	}
	return jobs, nil
}

// resolveCompilers checks the compilers exist; "clang" prefers clang-19.
func resolveCompilers(list string) ([]string, error) {
	var out []string
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		if c == "clang" {
			if _, err := exec.LookPath("clang-19"); err == nil {
				c = "clang-19"
			}
		}
		if c == "" {
			continue
		}
		if _, err := exec.LookPath(c); err != nil {
			return nil, fmt.Errorf("compiler %q not found (choose others with --compilers)", c)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("--compilers lists no compiler")
	}
	return out, nil
}

// readAsm parses a .S (GNU) or .asm (NASM) for src, refusing one made for another IR.
func readAsm(path string, src *source) (*x86.Program, error) {
	text, err := infile.Read(path, "--asm", infile.MaxAsm, infile.StreamTimeout)
	if err != nil {
		return nil, err
	}
	if h := parseAsmHeader(text)["ir-hash"]; h != "" {
		plan, err := codegen.NewPlan(src.Func)
		if err != nil {
			return nil, err
		}
		if h != plan.Func().Hash() && h != src.Func.Hash() {
			return nil, fmt.Errorf("made for IR %.12s, %s's IR is %.12s", h, src.Func.Name, plan.Func().Hash())
		}
	}
	return x86.Parse(text)
}
