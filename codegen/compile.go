package codegen

import (
	"fmt"

	"github.com/rules-cryptopt/rules_cryptopt/x86"
)

// Generate compiles the function for one genome: the operation order (a topological order
// of Plan.Deps) and one choice per decision. It returns the program and the decisions as
// actually applied (a decision overridden for correctness or cost reports the choice made).
// The genome must be valid for the plan: search owns that check (search.Genome.Validate
// with Problem{Deps: p.Deps(), Options: p.Options()}; search.File.Fits for a genome file),
// and genomes from search.Random or its mutations are valid by construction.
func (p *Plan) Generate(order []int, decisions []int, opts Options) (prog *x86.Program, used []int, err error) {
	g, _ := p.pool.Get().(*gen)
	if g == nil {
		g = &gen{}
	}
	defer p.pool.Put(g)
	defer func() {
		if r := recover(); r != nil {
			ge, ok := r.(genError)
			if !ok {
				panic(r)
			}
			prog, used, err = nil, nil, fmt.Errorf("codegen: %s: %w", p.f.Name, ge.err)
		}
	}()
	g.reset(p, order, decisions, opts)
	passes := []func(){g.schedule, g.selectAndAllocate, g.frame}
	for _, pass := range passes {
		pass()
	}
	prog = &x86.Program{Symbol: opts.Symbol, Insts: g.out}
	g.opsHint = 3*len(g.out) + 16
	if err := Verify(p, prog, opts); err != nil {
		return nil, nil, fmt.Errorf("codegen: %s: verify: %w", p.f.Name, err)
	}
	return prog, append([]int(nil), g.used...), nil
}
