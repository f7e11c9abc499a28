package codegen

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Generate compiles the function for one genome: the operation order (a topological order
// of Plan.Deps) and one choice per decision. It returns the program and the decisions as
// actually applied (a decision overridden for correctness or cost reports the choice made).
// The genome should be valid for the plan: search owns that check (search.Genome.Validate
// with Problem{Deps: p.Deps(), Options: p.Options()}; search.File.Fits for a genome file),
// and genomes from search.Random or its mutations are valid by construction. Generate
// itself refuses only what would index out of range (inBounds); an order that is not a
// topological order fails in the select pass.
func (p *Plan) Generate(order []int, decisions []int, opts Options) (prog *x86.Program, used []int, err error) {
	if err := p.inBounds(order, decisions); err != nil {
		return nil, nil, fmt.Errorf("codegen: %s: %w", p.f.Name, err)
	}
	g, _ := p.pool.Get().(*gen)
	if g == nil {
		g = &gen{}
	}
	defer p.pool.Put(g)
	pass := ""
	defer func() {
		if r := recover(); r != nil {
			ge, ok := r.(genError)
			if !ok {
				panic(r)
			}
			prog, used, err = nil, nil, fmt.Errorf("codegen: %s: %s: %w", p.f.Name, pass, ge.err)
		}
	}()
	g.reset(p, order, decisions, opts)
	for _, ps := range passes() {
		pass = ps.name
		ps.run(g)
	}
	return g.prog, append([]int(nil), g.used...), nil
}

// inBounds checks the genome's lengths and ranges, so that a caller of this public API
// who skipped search's validation gets an error rather than a panic.
func (p *Plan) inBounds(order, decisions []int) error {
	if n := len(decisions); len(order) != len(p.deps) || n > len(p.options) || n < len(p.options)-p.appended {
		return fmt.Errorf("genome has %d operations and %d decisions, the function %d and %d (%d of them appended, which a genome may omit)",
			len(order), len(decisions), len(p.deps), len(p.options), p.appended)
	}
	for k, op := range order {
		if op < 0 || op >= len(p.deps) {
			return fmt.Errorf("genome order entry %d is %d, out of range", k, op)
		}
	}
	for d, c := range decisions {
		if c < 0 || c >= p.options[d] {
			return fmt.Errorf("decision %d is %d, it has %d options", d, c, p.options[d])
		}
	}
	return nil
}

// A pass is one step of Generate over the candidate being compiled (docs/codegen.md).
// A failure inside a pass (a codegen bug) panics with a genError, which Generate returns
// as an error naming the pass.
type pass struct {
	name string
	run  func(*gen)
}

// passes is the compiler: each pass reads only what the passes before it wrote.
func passes() [7]pass {
	return [...]pass{
		{"schedule", (*gen).schedule},
		{"select", (*gen).selectPass},
		{"flags", (*gen).flagPass},
		{"alloc", (*gen).allocPass},
		{"spill", (*gen).layoutSlots},
		{"frame", (*gen).frame},
		{"verify", (*gen).verify},
	}
}
