package gopkg

import (
	"context"
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"

	"github.com/rules-cryptopt/rules_cryptopt/checker"
	"github.com/rules-cryptopt/rules_cryptopt/codegen"
	"github.com/rules-cryptopt/rules_cryptopt/fields"
	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/ir/goemit"
	"github.com/rules-cryptopt/rules_cryptopt/search"
	"github.com/rules-cryptopt/rules_cryptopt/x86"
	"github.com/rules-cryptopt/rules_cryptopt/x86/goasm"
)

// Config says what to generate.
type Config struct {
	Package string                 // Go package name
	Field   fields.Field           // the field (its name prefixes the files)
	Ops     []string               // ops to include, e.g. mul, square, add, sub, opp, carry
	Genomes map[string]search.File // pinned genome per op; absent ops use the greedy genome
	GoCmd   string                 // the go command that assembles the .s for the proof
	Command string                 // the command line that regenerates the package (for doc.go)
	// Fiat, if set, is a Fiat JSON file whose functions replace the field's IR (see
	// fiatFunc: Field still gives the representation, which Fiat JSON does not carry).
	Fiat []byte
}

// op is one generated function.
type op struct {
	name    string   // mul, square, ...
	raw     *ir.Func // the field's IR as generated (what the checker proves against)
	fn      *ir.Func // normalised IR
	mach    *ir.Func // machine form (what the generic Go is printed from)
	genome  search.File
	asm     *goasm.Func
	generic []byte
	report  checker.Report
}

// Generate builds every op, proves its Go assembly from the Go assembler's bytes, and
// returns the package's files by name and the proof models by op (see Model). A function
// that is not proved is an error.
func Generate(ctx context.Context, c Config) (files, models map[string][]byte, err error) {
	if !token.IsIdentifier(c.Package) {
		return nil, nil, fmt.Errorf("--package %q is not a Go identifier", c.Package)
	}
	if len(c.Ops) == 0 {
		return nil, nil, fmt.Errorf("no ops given")
	}
	seen := map[string]bool{}
	var ops []*op
	for _, name := range c.Ops {
		if seen[name] {
			return nil, nil, fmt.Errorf("op %s given twice", name)
		}
		seen[name] = true
		o, err := build(c, name)
		if err != nil {
			return nil, nil, err
		}
		ops = append(ops, o)
	}
	for g := range c.Genomes {
		if !seen[g] {
			return nil, nil, fmt.Errorf("genome given for op %s, which is not in --ops", g)
		}
	}
	sort.SliceStable(ops, func(i, j int) bool { return opRank(ops[i].name) < opRank(ops[j].name) })
	if err := checkShapes(ops); err != nil {
		return nil, nil, err
	}
	if err := prove(ctx, c, ops); err != nil {
		return nil, nil, err
	}
	models = map[string][]byte{}
	for _, o := range ops {
		models[o.name] = Model(c.Field.Name, o.name, o.asm)
		if o.aliasFree() {
			models[o.name] = append([]byte(AliasSafeClaim+"\n"), models[o.name]...)
		}
	}
	files, err = render(c, ops)
	return files, models, err
}

// opRank orders ops as the catalogue lists them.
func opRank(name string) int {
	for i, n := range []string{"mul", "square", "add", "sub", "opp", "carry", fields.OpLadderStep, fields.OpJacDouble, fields.OpJacAdd, fields.OpJacAddAffine} {
		if n == name {
			return i
		}
	}
	return 99
}

// Ops lists the ops gopkg generates for F.
func Ops(F fields.Field) []string {
	var out []string
	for _, o := range F.AllOps() {
		if gopkgOp(F, o) {
			out = append(out, o)
		}
	}
	return out
}

// checkShapes requires the composite ops to fit the package's Element.
func checkShapes(ops []*op) error {
	n := limbs(ops)
	for _, o := range ops {
		if isComposite(o.name) {
			if err := checkComposite(o, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// gopkgOp reports whether gopkg generates op: the arithmetic ops of the field and the
// composites (ladder step, Jacobian doubling; the other ladder and Weierstrass ops have
// shapes and byte conventions the typed Element API does not carry).
func gopkgOp(F fields.Field, name string) bool {
	for _, o := range F.Ops {
		if o == name {
			return true
		}
	}
	return isComposite(name) && (slices.Contains(F.LadderOps, name) || slices.Contains(F.WeierOps, name))
}

// build generates one op's IR, Go assembly and generic Go.
func build(c Config, name string) (*op, error) {
	if !gopkgOp(c.Field, name) {
		return nil, fmt.Errorf("--ops: field %s has no op %q that gopkg generates (valid: %s)", c.Field.Name, name, strings.Join(Ops(c.Field), ", "))
	}
	raw, err := c.Field.Func(name)
	if err != nil {
		return nil, err
	}
	if c.Fiat != nil {
		if raw, err = fiatFunc(c, name, raw); err != nil {
			return nil, err
		}
	}
	f, err := ir.Normalize(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	plan, err := codegen.NewPlan(f)
	if err != nil {
		return nil, err
	}
	gf, err := genomeFor(c, name, plan)
	if err != nil {
		return nil, err
	}
	opts := codegen.Options{Symbol: name, Target: codegen.TargetGo, Aliasing: ir.AliasNone}
	prog, _, err := plan.Generate(gf.Order, gf.Decisions, opts)
	if err != nil {
		return nil, err
	}
	params := []string{"out1", "arg1", "arg2"}[:1+len(f.Params)]
	asm, err := goasm.NewFunc(name, params, prog)
	if err != nil {
		return nil, err
	}
	generic, err := goemit.Emit(plan.Func(), name+"Generic")
	if err != nil {
		return nil, err
	}
	return &op{name: name, raw: raw, fn: f, mach: plan.Func(), genome: gf, asm: asm, generic: generic}, nil
}

// genomeFor is the pinned genome of the op, checked against its IR, or the greedy one.
func genomeFor(c Config, name string, plan *codegen.Plan) (search.File, error) {
	gf, ok := c.Genomes[name]
	if !ok {
		gf = search.File{Format: search.FileFormat, Func: plan.Func().Name, IRHash: plan.Func().Hash(),
			Genome: search.Genome{Order: plan.GreedyOrder(), Decisions: plan.DefaultDecisions()}}
		return gf, nil
	}
	problem := search.Problem{Deps: plan.Deps(), Options: plan.Options(), Appended: plan.Appended()}
	if err := gf.Fits(plan.Func().Hash(), problem); err != nil {
		return gf, fmt.Errorf("genome for %s: %w", name, err)
	}
	return gf, nil
}

// AliasSafeClaim heads the model of a function whose API wrapper calls it with out
// aliasing the inputs (no copy through a temporary): `cryptopt check-go` re-proves the
// claim (checker.Report.AliasSafe) along with the function.
const AliasSafeClaim = "# cryptopt: out1 may be an input: every input limb is read before out1's limb at its offset is written"

// aliasFree says whether o's API wrapper may call it with out aliasing the inputs: a field
// op (composites keep their copies) whose proof found it alias-safe. The pure-Go fallback
// is alias-safe by construction (goemit reads every input before it stores).
func (o *op) aliasFree() bool { return !isComposite(o.name) && o.report.AliasSafe }

// Model is the GNU text of the program the checker proves for a Go function (see
// goasm.Func.Checked); `cryptopt check-go` reads it back to re-prove the function.
func Model(field, op string, f *goasm.Func) []byte {
	return x86.PrintGNU(f.Checked("cryptopt_" + field + "_" + op))
}

// prove assembles the .s with the Go toolchain, requires each function's bytes to be
// exactly goasm's model of it (Verify), and proves that model with the checker.
func prove(ctx context.Context, c Config, ops []*op) error {
	text, err := asmFile(c, ops)
	if err != nil {
		return err
	}
	pkgPath := "cryptopt.invalid/" + c.Package
	syms, err := goasm.Assemble(ctx, c.GoCmd, pkgPath, text)
	if err != nil {
		return err
	}
	for _, o := range ops {
		sym, ok := syms[pkgPath+"."+o.name]
		if !ok {
			return fmt.Errorf("%s: no symbol in the Go assembler's output", o.name)
		}
		if err := goasm.Verify(o.asm, sym); err != nil {
			return err
		}
		// The IR as generated, not normalised (as `cryptopt check` does), so that a bug in
		// normalisation cannot hide.
		rep, err := checker.Check(o.raw, Model(c.Field.Name, o.name, o.asm), checker.Options{Seed: 1})
		if err != nil {
			return fmt.Errorf("%s: checker: %w", o.name, err)
		}
		if !rep.Proved {
			return fmt.Errorf("%s: not proved: %+v", o.name, rep.Failures)
		}
		o.report = rep
	}
	return nil
}
