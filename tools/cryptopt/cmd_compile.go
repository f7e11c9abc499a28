package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"math/rand"

	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/internal/infile"
	"github.com/rules-cryptopt/rules_cryptopt/internal/outfile"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// compileFlags are the flags of compile and emit.
type compileFlags struct {
	src       sourceFlags
	cg        codegenFlags
	out       string
	syntax    string
	genome    string
	genomeOut string
	reportOut string
	seed      int64
	order     string
}

func (c *compileFlags) register(fs *flag.FlagSet, withSeed bool) {
	c.src.register(fs)
	c.cg.register(fs)
	fs.StringVar(&c.out, "o", "", "output assembly file (default: standard output)")
	fs.StringVar(&c.syntax, "syntax", "gnu", syntaxHelp)
	fs.StringVar(&c.genome, "genome", "", "genome file (JSON) to compile")
	fs.StringVar(&c.genomeOut, "genome-out", "", "write the genome used to this file")
	fs.StringVar(&c.reportOut, "report", "", "write the report (the provenance header of the assembly: where the genome was tuned, its cycles and ratio) to this file")
	if withSeed {
		fs.Int64Var(&c.seed, "seed", 1, "seed of the random genome (without --genome)")
		fs.StringVar(&c.order, "order", "random", "genome without --genome: random (--seed), fiat (the function's own "+
			"order) or greedy (codegen's starting order for the search); fiat and greedy take codegen's default decisions")
	}
}

// cmdCompile generates assembly from a random genome (seeded) or a given one, without search.
func cmdCompile(env *cliEnv, args []string) error {
	var c compileFlags
	fs := newFlagSet(env, "compile", "compile --curve C --op O [--seed N | --order fiat|greedy | --genome g.json] [-o out.S] [flags]")
	c.register(fs, true)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	given := flagsSet(fs)
	if c.genome != "" && given["seed"] {
		return errors.New("--seed and --genome exclude each other (the genome fixes every choice)")
	}
	if c.genome != "" && given["order"] {
		return errors.New("--order and --genome exclude each other (the genome fixes the order)")
	}
	return runCompile(env, &c, "compile")
}

// runCompile is compile and emit: load the function, build its plan, take or draw the
// genome, generate, print with the header, write the outputs atomically.
func runCompile(env *cliEnv, c *compileFlags, command string) (err error) {
	if err := checkSyntax(c.syntax, &codegen.Options{}); err != nil {
		return err
	}
	// Destinations are probed first, so a bad one is refused before any work.
	set := outfile.NewSet(env.stdout)
	defer set.Abort()
	asmOut, err := set.Add("-o", cmp.Or(c.out, "-"))
	if err != nil {
		return err
	}
	genomeOut, err := set.Add("--genome-out", c.genomeOut)
	if err != nil {
		return err
	}
	reportOut, err := set.Add("--report", c.reportOut)
	if err != nil {
		return err
	}
	text, prog, gf, err := c.generate(command)
	if err != nil {
		return err
	}
	asmOut.Write(text)
	if reportOut != nil {
		for _, l := range prog.Header {
			fmt.Fprintf(reportOut, "# %s\n", l)
		}
	}
	if genomeOut != nil {
		data, err := gf.Marshal()
		if err != nil {
			return fmt.Errorf("genome: %w", err)
		}
		genomeOut.Write(data)
	}
	return set.Commit()
}

// generate compiles the function of c's source with c's genome: the assembly text, the
// program (its header is the report) and the genome file used.
func (c *compileFlags) generate(command string) ([]byte, *x86.Program, search.File, error) {
	src, err := c.src.load()
	if err != nil {
		return nil, nil, search.File{}, err
	}
	opts, err := c.cg.options(src.Symbol)
	if err == nil {
		err = checkSyntax(c.syntax, &opts)
	}
	if err != nil {
		return nil, nil, search.File{}, err
	}
	plan, err := codegen.NewPlan(src.Func)
	if err != nil {
		return nil, nil, search.File{}, err
	}
	gf, err := c.genomeFile(plan)
	if err != nil {
		return nil, nil, search.File{}, err
	}
	prog, _, err := plan.Generate(gf.Order, gf.Decisions, opts)
	if err != nil {
		return nil, nil, search.File{}, err
	}
	facts, err := codeFacts(prog, opts)
	if err != nil {
		return nil, nil, search.File{}, err
	}
	prog.Header = append(compileHeader(command, plan, gf, c.seedNote()), facts...)
	text, err := printAsm(c.syntax, prog, len(plan.Func().Params))
	return text, prog, gf, err
}

// genomeFile is the genome compile generates: --genome's file, or the start --order
// names (with --seed recorded when the order is random).
func (c *compileFlags) genomeFile(plan *codegen.Plan) (search.File, error) {
	gf := search.File{Format: search.FileFormat, Func: plan.Func().Name, IRHash: plan.Func().Hash()}
	if c.genome != "" {
		if c.order != "" && c.order != "random" {
			return gf, fmt.Errorf("--order %s and --genome exclude each other", c.order)
		}
		return readGenome(c.genome, "--genome", plan)
	}
	g, err := c.startGenome(plan)
	if err != nil {
		return gf, err
	}
	gf.Genome = g
	if c.order == "random" {
		gf.Seed = c.seed
	}
	return gf, nil
}

// startGenome is the genome compile uses without --genome: random (seeded), or the
// function's own order or codegen's greedy order with codegen's default decisions.
func (c *compileFlags) startGenome(plan *codegen.Plan) (search.Genome, error) {
	problem := search.Problem{Deps: plan.Deps(), Options: plan.Options(), Appended: plan.Appended()}
	g := search.Genome{Decisions: plan.DefaultDecisions()}
	switch c.order {
	case "", "random":
		return search.Random(problem, rand.New(rand.NewSource(c.seed))), nil
	case "fiat":
		g.Order = identityOrder(len(plan.Deps()))
	case "greedy":
		g.Order = plan.GreedyOrder()
	default:
		return search.Genome{}, fmt.Errorf("--order %q: want random, fiat or greedy", c.order)
	}
	return g, nil
}

// identityOrder is the function's own order of its n operations (the --order/--start
// "fiat"): for composites (ladderstep) it keeps each inlined call together, far better
// than the greedy order, which interleaves them and spills.
func identityOrder(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

// seedNote is the header's seed line: the seed of a random genome, else where the
// genome came from.
func (c *compileFlags) seedNote() string {
	switch {
	case c.genome != "":
		return "n/a (given genome)"
	case c.order == "fiat" || c.order == "greedy":
		return "n/a (" + c.order + " order, default decisions)"
	}
	return fmt.Sprint(c.seed)
}

// readGenome loads a genome file (named by flag) and checks that it belongs to the plan's
// function and that every field the .S header will show is one printable line.
func readGenome(path, flag string, plan *codegen.Plan) (search.File, error) {
	data, err := infile.Read(path, flag, infile.MaxGenome, infile.StreamTimeout)
	if err != nil {
		return search.File{}, err
	}
	gf, err := search.ParseFile(data)
	if err == nil {
		err = checkGenomeFields(gf)
	}
	if err != nil {
		return search.File{}, fmt.Errorf("%s %s: %w", flag, outfile.Clip(path), err)
	}
	problem := search.Problem{Deps: plan.Deps(), Options: plan.Options(), Appended: plan.Appended()}
	if err := gf.Fits(plan.Func().Hash(), problem); err != nil {
		return search.File{}, fmt.Errorf("%s %s: %w", flag, outfile.Clip(path), err)
	}
	return gf, nil
}

// compileHeader is the .S header: what made the file and, from the genome file, where it
// was tuned ("generic" when it was not).
func compileHeader(command string, plan *codegen.Plan, gf search.File, seed string) []string {
	h := asmHeader{Command: command, Func: plan.Func().Name, IRHash: plan.Func().Hash(),
		GenomeHash: gf.Genome.Hash(), CPU: gf.CPU, Uarch: gf.Uarch, Seed: gf.Seed, Evals: gf.Evals,
		Cycles: gf.Cycles, Baseline: gf.Baseline, BaseCyc: gf.BaseCycles, Ratio: gf.Ratio}
	if h.Uarch == "" {
		h.Uarch = "generic"
	}
	lines := h.lines()
	if h.Evals == 0 {
		lines = append(lines, "seed: "+seed, "evaluations: 0", "cycles: n/a", "ratio: n/a")
	}
	return lines
}
